/**
 * The External API's own rules on top of the key door (api/principal/apiKeyDoor.ts): no API
 * access on the Free plan, and each route's scopes, named in its OpenAPI summary.
 */
import type { RequestHandler, Router } from 'express';
import type { ApiKeyScope } from '../../domain/apiKey/apiKey.js';
import { ForbiddenError } from '../../domain/errors.js';
import { hasApiAccess } from '../../domain/plans.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { addRoute, type RouteHandler, type RouteSpec } from '../http/route.js';
import { principalOf } from '../principal/principal.js';
import { requireScope } from '../principal/principalGuards.js';
import type { ResourceDoor } from '../resources/resourceDoor.js';
import { createUnderKey } from './idempotentIds.js';
import { sendPendingReplay } from './pendingReplay.js';

/**
 * Plan gating: the Free plan has no API access (docs/external-api.md, Authentication). Runs
 * after the rate-limit and quota headers are set, so the Free plan's 403 carries them too
 * (every response carries them).
 */
export function requireApiAccess(): RequestHandler {
  return (_req, res, next) => {
    if (!hasApiAccess(principalOf(res).plan))
      return next(
        new ForbiddenError(
          'The Free plan has no API access. Upgrade your plan to use the External API.',
          'PLAN_NO_API_ACCESS',
        ),
      );
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

/** The key door as a shared resource sees it (api/resources/resourceDoor.ts). */
export function apiKeyResourceDoor(router: Router, registry: OpenApiRegistry, mount: string): ResourceDoor {
  return {
    kind: 'key',
    add: (spec, handler, policy) => addApiKeyRoute(router, registry, mount, spec, handler, policy),
    create: (res, kind, run) => createUnderKey(res, kind, run),
  };
}
