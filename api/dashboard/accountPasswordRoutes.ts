/**
 * `POST /api/v1/dashboard/account/password {currentPassword?, newPassword}`: set or change the
 * signed-in user's password. Every session of the user ends; this browser gets a fresh cookie.
 */
import type { Router } from 'express';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { contextOf, principalOf, sessionOf } from '../principal/principal.js';
import { setSessionCookie } from '../session/sessionCookie.js';
import type { DashboardApiDeps } from './dashboardApiDeps.js';
import { addSessionRoute } from './sessionRoute.js';

export function accountPasswordRoutes(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  deps: DashboardApiDeps,
): void {
  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/account/password',
      summary: 'Set or change your password; ends every other session of yours',
      tags: ['Dashboard: account'],
      body: {
        type: 'object',
        required: ['newPassword'],
        properties: {
          currentPassword: {
            type: 'string',
            maxLength: 200,
            description: 'Required when the account already has a password',
          },
          newPassword: { type: 'string', maxLength: 200, description: '8 to 200 characters' },
        },
      },
      responses: {
        204: { description: 'Changed; a fresh session cookie is set' },
        400: { description: 'Too short, or currentPassword wrong (WRONG_PASSWORD)' },
      },
    },
    async ({ body, req, res }) => {
      const { workspaceId } = principalOf(res);
      const { userId } = sessionOf(res);
      const { sessionId } = await deps.signIn.changePassword(
        { userId, workspaceId, currentPassword: body.currentPassword, newPassword: body.newPassword },
        contextOf(res),
      );
      setSessionCookie(req, res, sessionId, deps.session.publicUrl);
      res.status(204).end();
    },
  );
}
