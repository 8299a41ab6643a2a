/**
 * OpenID Connect through the popup proxy (docs/sign-in.md): `GET /auth/providers`,
 * `GET $PUBLIC_URL/auth/oidc/start?slug=` (302 to the provider), `GET $PUBLIC_URL/auth/oidc/callback`
 * (a page that posts a one-time code to the exact login origin and closes), and
 * `POST /auth/oidc/exchange {code}` on the login origin.
 */
import type { Router } from 'express';
import { addRoute } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { workspaceFromHost } from '../session/workspaceHost.js';
import type { AuthApiDeps } from './authApiDeps.js';
import { codeBody, redirectResult } from './authSchemas.js';
import { loginHostOf } from './loginHost.js';
import { answerEntry } from './entryResponse.js';
import { signInThrottle } from './signInThrottle.js';
import { authPage } from './authPage.js';
import { clearOidcStateCookie, readOidcStateCookie, setOidcStateCookie } from './oidcStateCookie.js';

const tags = ['Sign-in'];
const str = { type: 'string' } as const;

export function oidcRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: AuthApiDeps): void {
  const { oidc, session, signIn } = deps;
  const throttle = signInThrottle(deps.rateLimiters);

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/providers',
      summary: "The identity providers this login page offers, with the popup's start URL",
      tags,
      security: 'none',
      responses: {
        200: {
          description: 'Providers (empty without OIDC_ISSUER)',
          schema: {
            type: 'object',
            required: ['providers'],
            properties: {
              providers: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'name', 'startUrl'],
                  properties: { id: str, name: str, startUrl: str },
                },
              },
            },
          },
        },
      },
    },
    async ({ req, res }) => {
      res.setHeader('Cache-Control', 'no-store');
      const provider = oidc.provider;
      if (!provider) return { body: { providers: [] } };
      const host = await workspaceFromHost(req, session);
      const startUrl = `${session.publicUrl}/auth/oidc/start${host ? `?slug=${encodeURIComponent(host.slug)}` : ''}`;
      return { body: { providers: [{ id: 'oidc', name: provider.name, startUrl }] } };
    },
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/oidc/start',
      summary:
        'Popup start: redirects to the identity provider (code flow, PKCE S256, state and nonce); a cookie binds the state to this browser',
      tags,
      security: 'none',
      query: { type: 'object', properties: { slug: { type: 'string', maxLength: 100 } } },
      responses: {
        302: { description: 'To the provider' },
        404: { description: 'No provider configured, or unknown slug' },
      },
    },
    async ({ query, req, res }) => {
      await throttle(req);
      const { authorizationUrl, browserBinding } = await oidc.start(
        typeof query.slug === 'string' && query.slug ? query.slug : undefined,
      );
      setOidcStateCookie(req, res, browserBinding, session.publicUrl);
      res.setHeader('Cache-Control', 'no-store');
      // Even on a redirect, COOP same-origin (helmet's default) would cut the popup from its opener.
      res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
      res.redirect(302, authorizationUrl.href);
    },
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/oidc/callback',
      summary:
        "The provider's redirect: a page that posts a one-time code to the exact login-page origin and closes (only in the browser that started the sign-in)",
      tags,
      security: 'none',
      responses: { 200: { description: 'An HTML page', contentType: 'text/html' } },
    },
    async ({ req, res }) => {
      const outcome = await oidc.callback(new URL(req.originalUrl, session.publicUrl), readOidcStateCookie(req));
      // Spent once its state is used; a stray callback (no state of this browser) leaves a live sign-in be.
      if (outcome.targetOrigin !== null) clearOidcStateCookie(req, res, session.publicUrl);
      res.setHeader('Cache-Control', 'no-store');
      // The page must keep its opener (the login page, another origin) to post back to it.
      res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
      const done = 'code' in outcome;
      res.type('html').send(
        authPage({
          title: done ? 'Signed in' : 'Sign-in failed',
          status: done ? 'You can close this window.' : outcome.error,
          script: 'oidc-callback.js',
          data: done
            ? { targetOrigin: outcome.targetOrigin, code: outcome.code }
            : { targetOrigin: outcome.targetOrigin, error: outcome.error },
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
      path: '/oidc/exchange',
      summary: "Trade the popup's one-time code (60 s, single use) for a session on this login host",
      tags,
      security: 'none',
      body: codeBody,
      responses: {
        200: { description: 'Signed in', schema: redirectResult },
        401: { description: 'Invalid, used or expired code (SIGN_IN_FAILED)' },
        403: { description: 'Cross-site request (CSRF)' },
      },
    },
    async ({ body, req, res }) => {
      const host = await loginHostOf(req, session);
      await throttle(req);
      const { userId, workspaceId } = await oidc.exchange(body.code, host.workspaceId);
      return answerEntry(
        req,
        res,
        await signIn.enter(userId, workspaceId, 'oidc', host.onWorkspaceHost),
        session.publicUrl,
      );
    },
  );
}
