/**
 * The mailed ways in: `POST /auth/code {email}` → 202, `POST /auth/code/verify {email, code}`,
 * `POST /auth/magic-link {email}` → 202, `POST /auth/magic-link/verify {token}`. The requests
 * answer the same 202 whether or not the address has an account here, and answer it before
 * anyone looks the address up (afterAnswer.ts), so the time taken is the same too.
 */
import type { Router } from 'express';
import { validateEmailAddress } from '../../domain/account/profileRules.js';
import { addRoute } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { AuthApiDeps } from './authApiDeps.js';
import { acceptedResult, codeVerifyBody, emailBody, redirectResult, tokenBody } from './authSchemas.js';
import { loginHostOf } from './loginHost.js';
import { answerEntry } from './entryResponse.js';
import { signInThrottle } from './signInThrottle.js';
import { afterAnswer } from './afterAnswer.js';

const tags = ['Sign-in'];
const neutral = { status: 202, body: { message: 'If this address belongs to a member here, a mail is on its way.' } };
const refusals = {
  401: { description: 'Neutral: wrong, expired, burned or unknown (SIGN_IN_FAILED)' },
  403: { description: 'Cross-site request (CSRF)' },
  429: { description: 'Too many attempts' },
};

export function mailSignInRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: AuthApiDeps): void {
  const throttle = signInThrottle(deps.rateLimiters);
  const { mailSignIn, signIn, session, logger } = deps;

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/code',
      summary: 'Mail a 6-digit sign-in code (10 minutes, 5 tries)',
      tags,
      security: 'none',
      body: emailBody,
      responses: {
        202: { description: 'Neutral: the same answer for every address', schema: acceptedResult },
        400: { description: 'Not an email address' },
        ...refusals,
      },
    },
    async ({ body, req, res }) => {
      const host = await loginHostOf(req, session);
      await throttle(req, { way: 'mail', email: body.email });
      const email = validateEmailAddress(body.email, 'email');
      afterAnswer(res, logger, 'sign-in code', () => mailSignIn.requestCode(email, host.workspaceId));
      return neutral;
    },
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/code/verify',
      summary: 'Sign in with the mailed code',
      tags,
      security: 'none',
      body: codeVerifyBody,
      responses: {
        200: { description: 'Signed in', schema: redirectResult },
        400: { description: 'Not an email address' },
        ...refusals,
      },
    },
    async ({ body, req, res }) => {
      const host = await loginHostOf(req, session);
      const attempt = await throttle(req, { way: 'code', email: body.email });
      const { userId, workspaceId } = await mailSignIn.verifyCode(
        validateEmailAddress(body.email, 'email'),
        body.code,
        host.workspaceId,
      );
      await attempt.succeeded();
      return answerEntry(
        req,
        res,
        await signIn.enter(userId, workspaceId, 'code', host.onWorkspaceHost),
        session.publicUrl,
      );
    },
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/magic-link',
      summary: 'Mail a sign-in link (single use, 15 minutes; opens /login/magic, whose button uses it)',
      tags,
      security: 'none',
      body: emailBody,
      responses: {
        202: { description: 'Neutral: the same answer for every address', schema: acceptedResult },
        400: { description: 'Not an email address' },
        ...refusals,
      },
    },
    async ({ body, req, res }) => {
      const host = await loginHostOf(req, session);
      await throttle(req, { way: 'mail', email: body.email });
      const email = validateEmailAddress(body.email, 'email');
      afterAnswer(res, logger, 'magic link', async () =>
        mailSignIn.requestMagicLink(email, host.workspaceId, await signIn.loginOriginOf(host.workspaceId)),
      );
      return neutral;
    },
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/magic-link/verify',
      summary: 'Sign in with the token of a mailed link (POST only: a GET of the link uses nothing)',
      tags,
      security: 'none',
      body: tokenBody,
      responses: { 200: { description: 'Signed in', schema: redirectResult }, ...refusals },
    },
    async ({ body, req, res }) => {
      const host = await loginHostOf(req, session);
      const attempt = await throttle(req);
      const { userId, workspaceId } = await mailSignIn.verifyMagicLink(body.token, host.workspaceId);
      await attempt.succeeded();
      return answerEntry(
        req,
        res,
        await signIn.enter(userId, workspaceId, 'magic-link', host.onWorkspaceHost),
        session.publicUrl,
      );
    },
  );
}
