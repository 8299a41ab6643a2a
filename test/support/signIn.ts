/**
 * Signing in from tests (docs/sign-in.md): over real HTTP against a running
 * test app, on the main host or on a workspace host `<slug>.localhost`.
 *
 * Node's fetch cannot send another Host header and does not resolve `*.localhost`, so
 * `hostRequest` talks to 127.0.0.1 with the Host it is given; Chromium resolves `*.localhost`
 * by itself, so `signedInPage` just sets the cookie on the right origin.
 */
import { request as httpRequest } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { operatorContext } from '../../commands/commandContext.js';
import { freePort } from './freePort.js';
import { startOidcProvider, type TestOidcProvider } from './oidcProvider.js';
import { startTestApp, type TestApp } from './testApp.js';

export interface SignedInCookie {
  /** `confab_session=<id>`, ready for a Cookie header. */
  cookie: string;
  csrfToken: string;
}

export interface HostResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  text: string;
}

export { freePort };

/**
 * A test app whose PUBLIC_URL is its real address (`http://localhost:<port>`), so dashboard
 * URLs, workspace origins and mail links point at it. WORKSPACE_DOMAIN is `localhost`.
 */
export async function startSignInApp(env: Record<string, string> = {}): Promise<TestApp> {
  const port = await freePort();
  return startTestApp({
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    WORKSPACE_DOMAIN: 'localhost',
    ...env,
  });
}

/** A Confab test app and a provider that know each other (the app's PUBLIC_URL is the provider's redirect). */
export async function startSignInAppWithOidc(
  env: Record<string, string> = {},
): Promise<{ app: TestApp; oidc: TestOidcProvider }> {
  const port = await freePort();
  const oidc = await startOidcProvider({ redirectUri: `http://localhost:${port}/auth/oidc/callback` });
  const app = await startSignInApp({ PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, ...oidc.env, ...env });
  return { app, oidc };
}

function portOf(app: TestApp): number {
  return Number(new URL(app.baseUrl).port);
}

/** `http://<slug>.localhost:<port>` for a slug, the app's main origin (PUBLIC_URL when it is real) without. */
export function originOf(app: TestApp, slug?: string | null): string {
  if (slug) return `http://${slug}.localhost:${portOf(app)}`;
  const publicUrl = new URL(app.config.publicUrl);
  return publicUrl.port === String(portOf(app)) ? publicUrl.origin : app.baseUrl;
}

/** How long `hostRequest` waits for the app to answer (silence on the connection). */
const HOST_REQUEST_TIMEOUT_MS = 60_000;

/**
 * One HTTP request to the app as if sent to `origin`'s host. JSON bodies; `csrfToken` becomes
 * X-CSRF-Token; `origin: true` in headers is not needed: pass headers.origin yourself.
 */
export function hostRequest(
  app: TestApp,
  method: string,
  path: string,
  opts: { origin?: string; cookie?: string; csrfToken?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HostResponse> {
  const host = new URL(opts.origin ?? app.baseUrl).host;
  const headers: Record<string, string> = { host, ...(opts.headers ?? {}) };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.csrfToken) headers['x-csrf-token'] = opts.csrfToken;
  const payload =
    opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: portOf(app), method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
      });
    });
    // Node's client waits for an answer for ever: a silent app fails the test instead.
    req.setTimeout(HOST_REQUEST_TIMEOUT_MS, () =>
      req.destroy(new Error(`${method} ${path} on ${host} did not answer within ${HOST_REQUEST_TIMEOUT_MS} ms`)),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The `confab_session=<id>` pair of a Set-Cookie answer, or null. */
export function sessionCookieOf(res: HostResponse): string | null {
  const setCookie = res.headers['set-cookie'];
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('confab_session=') && !c.startsWith('confab_session=;'));
  return found ? found.split(';')[0] : null;
}

/** The CSRF token of a session cookie, from GET /auth/session on the cookie's host. */
export async function csrfTokenFor(app: TestApp, cookie: string, origin?: string): Promise<string> {
  const res = await hostRequest(app, 'GET', '/auth/session', { origin, cookie });
  if (res.status !== 200) throw new Error(`GET /auth/session answered ${res.status}: ${res.text}`);
  return res.body.csrfToken;
}

/**
 * Completes a sign-in answer: a session cookie here, or a handoff link to follow on the
 * workspace's host. Returns the cookie, the CSRF token and the origin the session lives on.
 */
export async function finishSignIn(
  app: TestApp,
  res: HostResponse,
  origin: string,
): Promise<SignedInCookie & { origin: string }> {
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.text}`);
  const cookie = sessionCookieOf(res);
  if (cookie) return { cookie, csrfToken: await csrfTokenFor(app, cookie, origin), origin };
  const link = new URL(res.body.redirect, origin);
  const handoff = await hostRequest(app, 'POST', '/auth/handoff', {
    origin: link.origin,
    body: { code: link.searchParams.get('code') },
  });
  return finishSignIn(app, handoff, link.origin);
}

/** Password sign-in; `host` is a slug host like `acme.localhost` (the main host when absent). */
export async function signIn(
  app: TestApp,
  who: { email: string; password: string; host?: string },
): Promise<SignedInCookie & { origin: string }> {
  const origin = who.host ? `http://${who.host.replace(/:\d+$/, '')}:${portOf(app)}` : originOf(app);
  const res = await hostRequest(app, 'POST', '/auth/password', {
    origin,
    body: { email: who.email, password: who.password },
  });
  return finishSignIn(app, res, origin);
}

export interface SignedInWorkspace extends SignedInCookie {
  workspaceId: string;
  ownerId: string;
  email: string;
  password: string;
  apiKey: string;
  /** Where the session lives: `http://<slug>.localhost:<port>`, or the main origin without a slug. */
  origin: string;
}

let created = 0;

/** A new workspace whose owner has a password and is signed in (on the slug's host when `slug` is given). */
export async function createSignedInWorkspace(
  app: TestApp,
  plan = 'pro',
  opts: { slug?: string; email?: string; name?: string } = {},
): Promise<SignedInWorkspace> {
  created += 1;
  const email = opts.email ?? `owner-${created}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = `pw-${Math.random().toString(36).slice(2)}-long`;
  const ws = await app.services.workspaces.createWorkspace(
    { name: opts.name ?? `Signed-in ${created}`, plan, ownerEmail: email, ownerPassword: password },
    operatorContext(),
  );
  if (opts.slug)
    await app.services.branding.claimSlug(opts.slug, {
      ...operatorContext(ws.workspaceId),
      workspaceId: ws.workspaceId,
    });
  const session = await signIn(app, { email, password, host: opts.slug ? `${opts.slug}.localhost` : undefined });
  return { ...ws, email, password, ...session };
}

/** A sign-in app with one signed-in Pro workspace on `slug`'s host, and the app's port (for Host headers). */
export async function startSignInWorkspace(
  slug: string,
): Promise<{ app: TestApp; ws: SignedInWorkspace; port: number }> {
  const app = await startSignInApp();
  return { app, ws: await createSignedInWorkspace(app, 'pro', { slug }), port: portOf(app) };
}

/** A page in a fresh browser context with the session cookie set on `who.origin`; opens `path` there when given. */
export async function signedInPage(
  browser: Browser,
  _app: TestApp,
  who: { cookie: string; origin: string },
  path?: string,
): Promise<Page> {
  const context = await browser.newContext();
  const [name, value] = who.cookie.split('=');
  await context.addCookies([{ name, value, url: who.origin, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  if (path) await page.goto(new URL(path, who.origin).toString());
  return page;
}
