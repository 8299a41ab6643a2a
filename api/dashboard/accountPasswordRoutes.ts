/**
 * `POST /api/v1/dashboard/account/password {currentPassword?, newPassword}`: set or change the
 * signed-in user's password. Every session of the user ends; this browser gets a fresh cookie.
 *
 * The current password is a guess like one typed at sign-in, so it spends the account's password
 * budget (api/auth/signInThrottle.ts): someone holding a session (a borrowed laptop, a stolen
 * cookie) gets no more tries at the password here than at the login form, and together no more.
 */
import type { Router } from 'express';
import { countingWrongGuesses } from '../auth/guessAttempt.js';
import { signInThrottle } from '../auth/signInThrottle.js';
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
  const throttle = signInThrottle(deps.rateLimiters);
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
        429: {
          description:
            'Too many wrong passwords for this account, here and at sign-in together (RATE_LIMIT_ERROR; Retry-After says when to try again)',
        },
      },
    },
    async ({ body, req, res }) => {
      const { workspaceId } = principalOf(res);
      const { userId, email } = sessionOf(res);
      const attempt = await throttle(req, { way: 'password', email });
      const { sessionId } = await countingWrongGuesses(attempt, ['WRONG_PASSWORD'], () =>
        deps.signIn.changePassword(
          { userId, workspaceId, currentPassword: body.currentPassword, newPassword: body.newPassword },
          contextOf(res),
        ),
      );
      setSessionCookie(req, res, sessionId, deps.session.publicUrl);
      res.status(204).end();
    },
  );
}
