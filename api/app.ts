/**
 * The HTTP application: security headers, health and readiness, OpenAPI and its rendered
 * reference (/docs), the widget bundle, and the routers.
 */
import express, { type Express } from 'express';
import helmet from 'helmet';
import { middlewareChain } from './http/middlewareChain.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../infrastructure/logger.js';
import type { TrustProxy } from '../infrastructure/config.js';
import { errorHandler, notFoundHandler } from './http/errorHandler.js';
import { methodNotAllowedHandler } from './http/methodNotAllowed.js';
import { OpenApiRegistry } from './http/openApiRegistry.js';
import { READINESS_SPEC, readinessHandler, type ReadinessCheck } from './http/readiness.js';
import { requestContext } from './http/requestContext.js';
import { accessLog } from './http/accessLog.js';
import { weakEtag } from './http/weakEtag.js';
import { ignoreWildcardOnReads } from './http/conditionalGet.js';
import { EXTERNAL_MOUNT, externalRouter } from './external/externalRouter.js';
import type { ExternalApiDeps } from './external/externalApiDeps.js';
import { CHAT_MOUNT, chatRouter, type ChatApiDeps } from './chat/chatRouter.js';
import { WORKSPACE_MOUNT, workspaceRouter } from './workspace/workspaceRouter.js';
import type { WorkspaceApiDeps } from './workspace/workspaceApiDeps.js';
import type { SessionAuthDeps } from './session/sessionAuth.js';
import { AUTH_MOUNT, authRouter } from './auth/authRouter.js';
import type { AuthApiDeps } from './auth/authApiDeps.js';
import { pagesRouter } from './pages/pagesRouter.js';
import { apiReferenceRouter } from './pages/apiReferencePage.js';
import type { LandingLookup } from './pages/landingWorkspace.js';
import { storefrontMount, storefrontRouter } from './storefront/storefrontRouter.js';
import type { StorefrontApiDeps } from './storefront/storefrontApiDeps.js';
import { DASHBOARD_MOUNT, dashboardRouter } from './dashboard/dashboardRouter.js';
import type { DashboardApiDeps } from './dashboard/dashboardApiDeps.js';
import { dashboardPage } from './pages/dashboardPage.js';

/** Everything the HTTP layer receives from the composition root. */
export interface AppDeps {
  logger: Logger;
  publicUrl: string;
  /** Express's 'trust proxy' (TRUST_PROXY): decides req.ip, the key of per-address limits. */
  trustProxy: TrustProxy;
  external: ExternalApiDeps;
  chat: ChatApiDeps;
  workspace: WorkspaceApiDeps;
  /** Dashboard sessions (api/principal/sessionDoor.ts). */
  session: SessionAuthDeps;
  auth: AuthApiDeps;
  /** The BigCommerce storefront app, mounted at APP_URL's path. */
  storefront: StorefrontApiDeps;
  dashboard: DashboardApiDeps;
  /** Names the workspace of a live invite or sign-in link on the main host's pages. */
  landing: LandingLookup;
  /** The stores GET /readyz asks (api/http/readiness.ts). */
  readiness: ReadinessCheck[];
}

const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url));

export function createApp(deps: AppDeps): Express {
  const app = express();
  const registry = new OpenApiRegistry();
  app.disable('x-powered-by');
  app.set('etag', weakEtag);
  app.set('trust proxy', deps.trustProxy);
  app.set('json replacer', (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  // One chain, one router layer (middlewareChain.ts): every request passes all of these.
  app.use(
    middlewareChain(
      requestContext,
      accessLog(deps.logger),
      ignoreWildcardOnReads,
      helmet({
        contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
        crossOriginResourcePolicy: false,
      }),
    ),
  );

  // Served by plain handlers, but part of "every HTTP endpoint" of the document (docs/external-api.md).
  registry.add('', {
    method: 'get',
    path: '/healthz',
    summary: 'Health check: 200 once the process serves requests',
    tags: ['Service'],
    security: 'none',
    responses: {
      200: {
        description: 'Serving',
        schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } },
      },
    },
  });
  registry.add('', READINESS_SPEC);
  registry.add('', {
    method: 'get',
    path: '/api/v1/openapi.json',
    summary: 'This OpenAPI 3.0 document',
    tags: ['Service'],
    security: 'none',
    responses: { 200: { description: 'The OpenAPI document', schema: { type: 'object' } } },
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', readinessHandler(deps.readiness));
  app.get('/api/v1/openapi.json', (_req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.json(registry.document(deps.publicUrl));
  });
  app.get('/widget.js', (_req, res, next) => {
    const file = `${PUBLIC_DIR}widget.js`;
    if (!existsSync(file)) return next();
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.sendFile(file);
  });

  app.use(EXTERNAL_MOUNT, externalRouter(deps.external, registry));
  app.use(CHAT_MOUNT, chatRouter(deps.chat, registry));
  app.use(WORKSPACE_MOUNT, workspaceRouter(deps.workspace, registry));
  app.use(storefrontMount(deps.storefront.appUrl), storefrontRouter(deps.storefront, registry));
  app.use(AUTH_MOUNT, authRouter(deps.auth, registry));
  app.use(apiReferenceRouter(registry));
  app.use(pagesRouter({ ...deps.workspace, session: deps.session, landing: deps.landing }, registry));
  app.use(DASHBOARD_MOUNT, dashboardRouter(deps.dashboard, registry));
  // Last before the 404: on a workspace host every page path left is the dashboard's.
  app.use(dashboardPage(deps.session));

  app.use(methodNotAllowedHandler(registry));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
