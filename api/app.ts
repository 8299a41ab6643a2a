/**
 * The HTTP application: security headers, health, OpenAPI, the widget bundle, and the routers.
 */
import express, { type Express, type Router } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Services } from '../app/compositionRoot.js';
import { errorHandler, notFoundHandler } from './http/errorHandler.js';
import { OpenApiRegistry } from './http/openApiRegistry.js';
import { requestContext } from './http/requestContext.js';
import { accessLog } from './http/accessLog.js';
import { EXTERNAL_MOUNT, externalRouter, type ResourceRoutes } from './external/externalRouter.js';

export interface AppModules {
  /** Extra External API resources (responses, analytics, webhooks, account). */
  external?: ResourceRoutes[];
  /** Other routers mounted at their own paths (chat, workspace, storefront). */
  mounts?: Array<{ path: string; router: (services: Services, registry: OpenApiRegistry) => Router }>;
}

const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url));

export function createApp(services: Services, modules: AppModules = {}): Express {
  const app = express();
  const registry = new OpenApiRegistry();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('json replacer', (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  app.use(requestContext);
  app.use(accessLog(services.logger));
  app.use(helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } }, crossOriginResourcePolicy: false }));

  // Served by plain handlers, but part of "every HTTP endpoint" of the document (CONTRACT.md §1).
  registry.add('', {
    method: 'get', path: '/healthz', summary: 'Health check: 200 once the process serves requests', tags: ['Service'], security: 'none',
    responses: { 200: { description: 'Serving', schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } } } },
  });
  registry.add('', {
    method: 'get', path: '/api/v1/openapi.json', summary: 'This OpenAPI 3.0 document', tags: ['Service'], security: 'none',
    responses: { 200: { description: 'The OpenAPI document', schema: { type: 'object' } } },
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/api/v1/openapi.json', (_req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.json(registry.document(`${services.config.publicUrl}`));
  });
  app.get('/widget.js', (_req, res, next) => {
    const file = `${PUBLIC_DIR}widget.js`;
    if (!existsSync(file)) return next();
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.sendFile(file);
  });

  app.use(EXTERNAL_MOUNT, externalRouter(services, registry, modules.external ?? []));
  for (const m of modules.mounts ?? []) app.use(m.path, m.router(services, registry));

  app.use(notFoundHandler);
  app.use(errorHandler(services.logger));
  return app;
}
