/**
 * The session itself: who is signed in (`GET /auth/session`), signing out, switching to
 * another workspace of the user, and the handoff (page and POST) that opens a session on a
 * workspace's host. The handoff page names the account and waits for a click: whoever made
 * the link may not be who opens it (login CSRF).
 */
import type { Router } from 'express';
import { AuthenticationError, NotFoundError } from '../../domain/errors.js';
import { addRoute } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { notSignedIn, resolveSession } from '../session/sessionAuth.js';
import { sessionOf } from '../principal/principal.js';
import { sessionDoor } from '../principal/sessionDoor.js';
import { clearSessionCookie } from '../session/sessionCookie.js';
import type { AuthApiDeps } from './authApiDeps.js';
import { codeBody, codeQuery, redirectResult, sessionResult, switchBody } from './authSchemas.js';
import { presentSession } from './sessionPresenter.js';
import { loginHostOf, signInHostOf } from './loginHost.js';
import { answerEntry } from './entryResponse.js';
import { signInThrottle } from './signInThrottle.js';
import { authPage } from './authPage.js';

const tags = ['Sign-in'];

export function sessionRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: AuthApiDeps): void {
  const { session, signIn, lookups } = deps;
  const throttle = signInThrottle(deps.rateLimiters);

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/session',
      summary: 'The signed-in user, the workspace of this session, the other workspaces, and the CSRF token',
      tags,
      security: 'session',
      responses: {
        200: { description: 'Signed in', schema: sessionResult },
        401: { description: 'Not signed in (NOT_SIGNED_IN)' },
      },
    },
    async ({ req, res }) => {
      res.setHeader('Cache-Control', 'no-store');
      const signedIn = await resolveSession(req, session);
      if (!signedIn) throw notSignedIn();
      return { body: await presentSession(signedIn, session) };
    },
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/logout',
      summary: 'Sign out: ends this session and clears the cookie (X-CSRF-Token)',
      tags,
      security: 'session',
      responses: {
        204: { description: 'Signed out' },
        401: { description: 'Not signed in' },
        403: { description: 'CSRF token missing or wrong' },
      },
    },
    async ({ req, res }) => {
      const { sessionId, userId } = sessionOf(res);
      await signIn.signOut(sessionId, userId);
      clearSessionCookie(req, res, session.publicUrl);
      res.status(204).end();
    },
    sessionDoor(session),
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/switch',
      summary: "Switch to another of the user's workspaces: a one-time handoff link to its host (X-CSRF-Token)",
      tags,
      security: 'session',
      body: switchBody,
      responses: {
        200: { description: 'Open the redirect to enter the other workspace', schema: redirectResult },
        404: { description: 'Not a workspace of this user' },
      },
    },
    async ({ body, res }) => {
      const { userId } = sessionOf(res);
      if (!(await lookups.isMember(userId, body.workspaceId))) throw new NotFoundError('Workspace not found');
      res.setHeader('Cache-Control', 'no-store');
      return {
        body: { redirect: await signIn.handoffLink(userId, body.workspaceId, await lookups.slugOf(body.workspaceId)) },
      };
    },
    sessionDoor(session),
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/handoff',
      summary:
        'Handoff page: names the account and workspace of its one-time code; its button posts the code to POST /auth/handoff',
      tags,
      security: 'none',
      query: codeQuery,
      responses: { 200: { description: 'An HTML page', contentType: 'text/html' } },
    },
    async ({ query, req, res }) => {
      const host = await signInHostOf(req, session);
      const handoff = await signIn.handoffFor(typeof query.code === 'string' ? query.code : '', host.workspaceId);
      res.setHeader('Cache-Control', 'no-store');
      res.type('html').send(
        handoff
          ? authPage({
              title: `Continue to ${handoff.workspaceName}?`,
              status: `You are signing in as ${handoff.email}.`,
              action: `Continue as ${handoff.email}`,
              script: 'handoff.js',
              fallbackHref: '/login',
            })
          : authPage({
              title: 'This sign-in link did not work',
              status: 'It is invalid, used or expired; sign in again.',
              script: 'handoff.js',
              fallbackHref: '/login',
            }),
      );
    },
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/handoff',
      summary: 'Trade a one-time handoff code (60 s, single use) for a session on this host',
      tags,
      security: 'none',
      body: codeBody,
      responses: {
        200: { description: 'Signed in on this host', schema: redirectResult },
        401: { description: 'Invalid, used or expired code (HANDOFF_INVALID)' },
      },
    },
    async ({ body, req, res }) => {
      const host = await loginHostOf(req, session);
      await throttle(req);
      const entry = await signIn.redeemHandoff(body.code, host.workspaceId);
      // A handoff always lands on the host it was made for; a second hop would be a loop.
      if (entry.kind !== 'session')
        throw new AuthenticationError('This sign-in link is for another address', 'HANDOFF_INVALID');
      return answerEntry(req, res, entry, session.publicUrl);
    },
  );
}
