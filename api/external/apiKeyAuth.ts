/**
 * x-api-key authentication for the External API (seed: Authentication 1–2). The key is hashed
 * and looked up by its hash; the stored hash is compared again in constant time.
 */
import type { RequestHandler, Response, Router } from 'express';
import { AuthenticationError, ForbiddenError } from '../../domain/errors.js';
import { hasApiAccess, type PlanName } from '../../domain/plans.js';
import { hashApiKey, sameHash } from '../../commands/apiKeySecret.js';
import { API_KEYS, type ApiKeyDoc } from '../../projections/views/apiKeysView.js';
import { WORKSPACES, type WorkspaceDoc } from '../../projections/views/workspacesView.js';
import type { ExternalApiDeps } from './externalApiDeps.js';
import type { CommandContext } from '../../commands/commandContext.js';
import type { Actor } from '../../infrastructure/eventStore/eventStore.js';
import { effectiveScopes, type ApiKeyScope } from '../../domain/apiKey/apiKey.js';
import { addRoute, type RouteHandler, type RouteSpec } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { sendPendingReplay } from './pendingReplay.js';

export interface ApiCaller {
  keyId: string;
  workspaceId: string;
  role: 'admin' | 'member';
  scopes: string[];
  /** Who acts when it is not the key itself: the signed-in admin of a session (api/workspace/workspaceAuth.ts). */
  actor?: Actor;
  workspace: WorkspaceDoc;
  plan: PlanName;
}

export function callerOf(res: Response): ApiCaller {
  return res.locals.caller as ApiCaller;
}

/** The command context of an authenticated request: the key is the actor (audit trail). */
export function contextOf(res: Response): CommandContext & { workspaceId: string } {
  const caller = callerOf(res);
  return {
    actor: caller.actor ?? { type: 'apiKey', id: caller.keyId },
    workspaceId: caller.workspaceId,
    correlationId: res.locals.requestId,
    requestId: res.locals.requestId,
    request: { ip: res.locals.clientIp, userAgent: res.locals.userAgent },
  };
}

/** The key with this hash and its workspace, read from the views (without a caller cache). */
async function lookupInViews(
  views: ExternalApiDeps['views'],
  keyHash: string,
): Promise<{ key: ApiKeyDoc; workspace: WorkspaceDoc } | null> {
  const [key] = await views.find<ApiKeyDoc>(API_KEYS, { keyHash }, { limit: 1 });
  if (!key) return null;
  const workspace = await views.get<WorkspaceDoc>(WORKSPACES, key.workspaceId);
  return workspace ? { key, workspace } : null;
}

export function apiKeyAuth({
  views,
  keyLastUsed,
  callers,
}: Pick<ExternalApiDeps, 'views' | 'keyLastUsed' | 'callers'>): RequestHandler {
  return async (req, res, next) => {
    try {
      const presented = req.get('x-api-key');
      if (!presented || presented.length > 200) throw new AuthenticationError('Invalid API key');
      const hash = hashApiKey(presented.trim());
      // In process when there is a cache (api/external/callerCache.ts): no database round trip.
      const found = callers ? await callers.lookup(hash) : await lookupInViews(views, hash);
      if (!found || !sameHash(found.key.keyHash, hash)) throw new AuthenticationError('Invalid API key');
      const { key, workspace } = found;
      if (key.revoked) throw new AuthenticationError('API key has been revoked', 'API_KEY_REVOKED');
      const plan = workspace.plan as PlanName;
      const scopes = effectiveScopes(key.scopes);
      keyLastUsed?.touch(key.id);
      res.locals.caller = {
        keyId: key.id,
        workspaceId: key.workspaceId,
        role: key.role,
        scopes,
        workspace,
        plan,
      } satisfies ApiCaller;
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Plan gating (seed: Authentication 2). Runs after the rate-limit and quota headers are set, so
 * the free plan's 403 carries them too ("every response carries").
 */
export function requireApiAccess(): RequestHandler {
  return (_req, res, next) => {
    if (!hasApiAccess(callerOf(res).plan))
      return next(
        new ForbiddenError(
          'The Free plan has no API access. Upgrade your plan to use the External API.',
          'PLAN_NO_API_ACCESS',
        ),
      );
    next();
  };
}

/** Refuses a key without `scope` (403). Runs after monthlyQuota, which gives back every 4xx: never billed. */
export function requireScope(scope: string): RequestHandler {
  return (_req, res, next) => {
    if (!callerOf(res).scopes.includes(scope))
      return next(new ForbiddenError(`This API key lacks the ${scope} scope`, 'INSUFFICIENT_SCOPE'));
    next();
  };
}

/** For workspace administration (the seed's slug endpoint); no External API route needs a role. */
export function requireRole(role: 'admin'): RequestHandler {
  return (_req, res, next) => {
    if (callerOf(res).role !== role)
      return next(new ForbiddenError(`This operation needs an API key with the ${role} role`, 'INSUFFICIENT_ROLE'));
    next();
  };
}

/** The base scope an External API method needs: GET reads, every other method writes. */
export function methodScope(method: RouteSpec['method']): ApiKeyScope {
  return method === 'get' ? 'read' : 'write';
}

/**
 * addRoute for the External API: the key must hold the method's base scope and any `extraScopes`
 * (checked before `before`, so a refused key spends no other budget), and the operation's
 * summary in the OpenAPI document names them. Every role may call every route registered here.
 */
export function addApiKeyRoute(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  spec: Omit<RouteSpec, 'security' | 'externalApi'>,
  handler: RouteHandler,
  { extraScopes = [], before = [] }: { extraScopes?: ApiKeyScope[]; before?: RequestHandler[] } = {},
): void {
  const scopes = [methodScope(spec.method), ...extraScopes];
  const needs = `API key scope${scopes.length > 1 ? 's' : ''}: ${scopes.join(', ')}`;
  addRoute(
    router,
    registry,
    mount,
    { ...spec, security: 'apiKey', externalApi: true, summary: `${spec.summary}. ${needs}` },
    handler,
    ...scopes.map(requireScope),
    sendPendingReplay,
    ...before,
  );
}
