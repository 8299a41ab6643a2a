/**
 * The workspace branding API under /api/v1/workspace (docs/branding.md, docs/external-api.md): bare JSON answers (not `{data}`), public reads for the login page, and
 * writes for an admin's API key. `RESOURCES` is the one list of its route modules.
 */
import { Router } from 'express';
import { jsonBody } from '../http/jsonBody.js';
import cors from 'cors';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { WorkspaceApiDeps } from './workspaceApiDeps.js';
import { slugRoutes } from './slugRoutes.js';
import { brandingRoutes } from './brandingRoutes.js';
import { adRoutes } from './adRoutes.js';
import { mediaRoutes } from './mediaRoutes.js';
import { publicMediaRoutes } from './publicMediaRoutes.js';

export const WORKSPACE_MOUNT = '/api/v1/workspace';

export type WorkspaceResource = (
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  deps: WorkspaceApiDeps,
) => void;

const RESOURCES: WorkspaceResource[] = [slugRoutes, brandingRoutes, adRoutes, mediaRoutes, publicMediaRoutes];

export function workspaceRouter(deps: WorkspaceApiDeps, registry: OpenApiRegistry): Router {
  const router = Router();
  // Public reads are embedded by login pages on other origins; writes need a key or a session.
  router.use(
    cors({
      origin: '*',
      allowedHeaders: ['Content-Type', 'x-api-key'],
      exposedHeaders: ['ETag', 'X-Request-Id'],
      maxAge: 600,
    }),
  );
  // JSON bodies are small here; uploads (multipart) are streamed by their own route.
  router.use(...jsonBody({ limit: '64kb' }));
  for (const routes of RESOURCES) routes(router, registry, WORKSPACE_MOUNT, deps);
  return router;
}
