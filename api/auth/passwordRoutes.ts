/** `POST /auth/password {email, password}`: the first way in (docs/sign-in.md). */
import type { Router } from 'express';
import { addRoute } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { AuthApiDeps } from './authApiDeps.js';
import { passwordBody, redirectResult } from './authSchemas.js';
import { signInThrottle } from './signInThrottle.js';
import { loginHostOf } from './loginHost.js';
import { answerEntry } from './entryResponse.js';

export function passwordRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: AuthApiDeps): void {
  const throttle = signInThrottle(deps.rateLimiters);
  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/password',
      summary: 'Sign in with email and password',
      tags: ['Sign-in'],
      security: 'none',
      body: passwordBody,
      responses: {
        200: {
          description: 'Signed in: the session cookie is set (or a handoff link to the workspace host is returned)',
          schema: redirectResult,
        },
        401: {
          description: 'Neutral: unknown address, wrong password, or not a member of this workspace (SIGN_IN_FAILED)',
        },
        403: { description: 'Cross-site request (CSRF)' },
        429: { description: 'Too many attempts for this account or from this address' },
      },
    },
    async ({ body, req, res }) => {
      const host = await loginHostOf(req, deps.session);
      const attempt = await throttle(req, { way: 'password', email: body.email });
      const email = String(body.email).trim().toLowerCase();
      const { userId, workspaceId } = await deps.signIn.checkPassword(email, body.password, host.workspaceId);
      // Only wrong guesses count against the account: an owner who signs in often is never locked out.
      await attempt.succeeded();
      return answerEntry(
        req,
        res,
        await deps.signIn.enter(userId, workspaceId, 'password', host.onWorkspaceHost),
        deps.session.publicUrl,
      );
    },
  );
}
