/**
 * The sign-in endpoints under /auth (docs/sign-in.md): JSON for the login pages on the same
 * origin (no CORS: a login page is always served by the host it signs in to), and the small
 * pages and scripts of the handoff and the OIDC popup. `RESOURCES` is the one list of its
 * route modules.
 */
import { Router } from 'express';
import { jsonBody } from '../http/jsonBody.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { AuthApiDeps } from './authApiDeps.js';
import { passwordRoutes } from './passwordRoutes.js';
import { sessionRoutes } from './sessionRoutes.js';
import { inviteRoutes } from './inviteRoutes.js';
import { mailSignInRoutes } from './mailSignInRoutes.js';
import { signupRoutes } from './signupRoutes.js';
import { oidcRoutes } from './oidcRoutes.js';
import { AUTH_CSS } from './authPage.js';
import { HANDOFF_SCRIPT, OIDC_CALLBACK_SCRIPT } from './authScripts.js';

export const AUTH_MOUNT = '/auth';

export type AuthResource = (router: Router, registry: OpenApiRegistry, mount: string, deps: AuthApiDeps) => void;

const RESOURCES: AuthResource[] = [
  passwordRoutes,
  mailSignInRoutes,
  sessionRoutes,
  inviteRoutes,
  signupRoutes,
  oidcRoutes,
];

const ASSETS: Record<string, { type: string; body: string }> = {
  'auth.css': { type: 'text/css', body: AUTH_CSS },
  'handoff.js': { type: 'application/javascript', body: HANDOFF_SCRIPT },
  'oidc-callback.js': { type: 'application/javascript', body: OIDC_CALLBACK_SCRIPT },
};

export function authRouter(deps: AuthApiDeps, registry: OpenApiRegistry): Router {
  const router = Router();
  router.use(...jsonBody({ limit: '16kb' }));
  router.get('/assets/:name', (req, res, next) => {
    const asset = Object.hasOwn(ASSETS, req.params.name) ? ASSETS[req.params.name] : undefined;
    if (!asset) return next();
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type(asset.type).send(asset.body);
  });
  for (const routes of RESOURCES) routes(router, registry, AUTH_MOUNT, deps);
  return router;
}
