/**
 * The BigCommerce storefront app under APP_URL (default $PUBLIC_URL/storefront,
 * docs/configuration.md): the callbacks, the settings page and its JSON API, and the per-store
 * loader. `RESOURCES` is the one list of its route modules.
 */
import { Router } from 'express';
import { jsonBody } from '../http/jsonBody.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { StorefrontApiDeps } from './storefrontApiDeps.js';
import { callbackRoutes } from './callbackRoutes.js';
import { settingsRoutes } from './settingsRoutes.js';
import { appPageRoutes } from './appPage.js';
import { loaderRoutes } from './loaderRoutes.js';

type StorefrontResource = (router: Router, registry: OpenApiRegistry, mount: string, deps: StorefrontApiDeps) => void;

const RESOURCES: StorefrontResource[] = [callbackRoutes, appPageRoutes, settingsRoutes, loaderRoutes];

/** The path APP_URL names ('/storefront' by default): where the router is mounted. */
export function storefrontMount(appUrl: string): string {
  return new URL(appUrl).pathname.replace(/\/+$/, '') || '/';
}

export function storefrontRouter(deps: StorefrontApiDeps, registry: OpenApiRegistry): Router {
  const mount = storefrontMount(deps.appUrl);
  const router = Router();
  router.use(...jsonBody({ limit: '32kb' }));
  for (const routes of RESOURCES) routes(router, registry, mount === '/' ? '' : mount, deps);
  return router;
}
