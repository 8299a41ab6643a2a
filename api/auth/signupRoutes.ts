/**
 * Signup on the main host: `POST /auth/signup {email, name, workspaceName, password}` → 202
 * (a confirmation mail), `POST /auth/signup/confirm {token}` → a Free workspace and a session.
 * A workspace host has no signup (404).
 */
import type { Request, Router } from 'express';
import { NotFoundError } from '../../domain/errors.js';
import { addRoute } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { AuthApiDeps } from './authApiDeps.js';
import { afterAnswer } from './afterAnswer.js';
import { acceptedResult, redirectResult, tokenBody } from './authSchemas.js';
import { loginHostOf } from './loginHost.js';
import { answerEntry } from './entryResponse.js';
import { signInThrottle } from './signInThrottle.js';
import { visitorContextOf } from './visitorContext.js';

const tags = ['Sign-in'];
const signupBody = {
  type: 'object',
  required: ['email', 'name', 'workspaceName', 'password'],
  properties: {
    email: { type: 'string', maxLength: 320 },
    name: { type: 'string', maxLength: 200 },
    workspaceName: { type: 'string', maxLength: 200 },
    password: { type: 'string', maxLength: 200 },
  },
} as const;

export function signupRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: AuthApiDeps): void {
  const throttle = signInThrottle(deps.rateLimiters);
  const mainHostOnly = async (req: Request) => {
    const host = await loginHostOf(req, deps.session);
    if (host.onWorkspaceHost) throw new NotFoundError('Sign up on the main Confab address');
  };

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/signup',
      summary: 'Sign up: mails a link that creates a Free workspace once opened (main host only)',
      tags,
      security: 'none',
      body: signupBody,
      responses: {
        202: {
          description: 'Neutral: a mail is on its way (a confirmation, or a note that the account exists)',
          schema: acceptedResult,
        },
        400: { description: 'A field is missing or invalid' },
        429: { description: 'Too many attempts' },
      },
    },
    async ({ body, req, res }) => {
      await mainHostOnly(req);
      await throttle(req, { way: 'mail', email: body.email });
      const pending = await deps.signup.prepare(body);
      afterAnswer(res, deps.logger, 'signup', () => deps.signup.deliver(pending));
      return { status: 202, body: { message: 'Check your inbox: we sent a link to confirm your address.' } };
    },
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/signup/confirm',
      summary: 'Confirm a signup: creates the Free workspace and signs its owner in',
      tags,
      security: 'none',
      body: tokenBody,
      responses: {
        200: { description: 'Created and signed in', schema: redirectResult },
        404: { description: 'Invalid, used or expired link (SIGNUP_INVALID)' },
        409: { description: 'The address got an account meanwhile (EMAIL_TAKEN)' },
      },
    },
    async ({ body, req, res }) => {
      await mainHostOnly(req);
      await throttle(req);
      const { workspaceId, ownerId } = await deps.signup.confirm(body.token, visitorContextOf(res, 'signup', null));
      return answerEntry(
        req,
        res,
        await deps.signIn.enter(ownerId, workspaceId, 'signup', false),
        deps.session.publicUrl,
      );
    },
  );
}
