/**
 * addRoute for the dashboard: documented with security `session` (the router has already
 * checked the session and CSRF); `admin: true` refuses members with 403 INSUFFICIENT_ROLE.
 */
import type { RequestHandler, Router } from 'express';
import { ForbiddenError } from '../../domain/errors.js';
import { addRoute, type RouteHandler, type RouteSpec } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { ResourceDoor } from '../resources/resourceDoor.js';
import { principalOf } from '../principal/principal.js';

export const requireAdmin: RequestHandler = (_req, res, next) => {
  next(
    principalOf(res).role === 'admin'
      ? undefined
      : new ForbiddenError('Only a workspace admin can do this', 'INSUFFICIENT_ROLE'),
  );
};

export function addSessionRoute(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  spec: Omit<RouteSpec, 'security'>,
  handler: RouteHandler,
  { admin = false }: { admin?: boolean } = {},
): void {
  const summary = admin ? `${spec.summary}. Admins only` : spec.summary;
  addRoute(
    router,
    registry,
    mount,
    { ...spec, summary, security: 'session' },
    handler,
    ...(admin ? [requireAdmin] : []),
  );
}

/** The session door as a shared resource sees it (api/resources/resourceDoor.ts). */
export function sessionResourceDoor(router: Router, registry: OpenApiRegistry, mount: string): ResourceDoor {
  return {
    kind: 'session',
    add: (spec, handler, policy) => addSessionRoute(router, registry, mount, spec, handler, { admin: policy?.admin }),
    create: (_res, _kind, run) => run({}),
  };
}
