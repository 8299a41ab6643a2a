/**
 * The storefront app under test: the real service configured against the BigCommerce stand-in,
 * with every log line it writes captured (to prove no token reaches one), plus the merchant's
 * steps as BigCommerce drives them: install (/auth), load, uninstall, remove_user.
 */
import { freePort } from '../freePort.js';
import { startTestApp, type TestApp } from '../testApp.js';
import {
  startBigCommerceStandIn,
  APP_SCOPE,
  OWNER,
  type BigCommerceStandIn,
  type StandInUser,
  type SignOptions,
} from './bigCommerceStandIn.js';

export interface StorefrontHarness {
  app: TestApp;
  bc: BigCommerceStandIn;
  /** APP_URL, e.g. http://localhost:PORT/storefront */
  appUrl: string;
  /** Everything the process wrote to stderr and stdout while the harness ran. */
  logs(): string;
  /** A GET that does not follow redirects: status, Location, the store session cookie, the body. */
  get(
    path: string,
    headers?: Record<string, string>,
  ): Promise<{
    status: number;
    location: string | null;
    cookie: string | null;
    setCookie: string[];
    text: string;
    headers: Headers;
  }>;
  /** BigCommerce's /auth redirect: the grant's scopes (APP_SCOPE unless `scope` says otherwise) in both the code and the query. */
  install(
    storeHash: string,
    user?: StandInUser,
    scope?: string,
  ): Promise<{ status: number; location: string | null; cookie: string | null; setCookie: string[]; text: string }>;
  load(
    storeHash: string,
    user?: StandInUser,
    opts?: SignOptions,
  ): Promise<{ status: number; location: string | null; cookie: string | null; setCookie: string[]; text: string }>;
  callback(
    path: '/uninstall' | '/remove_user',
    storeHash: string,
    user?: StandInUser,
    opts?: SignOptions,
  ): Promise<{ status: number; text: string }>;
  /** JSON against the settings API with a session cookie (and its CSRF token for writes). */
  settings(
    method: 'GET' | 'PUT',
    cookie: string | null,
    body?: unknown,
    csrf?: string | null,
  ): Promise<{ status: number; body: any }>;
  /** The CSRF token the /app page hands its script. */
  csrfOf(cookie: string): Promise<string>;
  close(): Promise<void>;
}

export { freePort };

function captureOutput(): { text: () => string; stop: () => void } {
  let captured = '';
  const originals = [process.stderr.write, process.stdout.write] as const;
  const tap = (original: typeof process.stderr.write) =>
    function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      captured += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
      return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof process.stderr.write;
  process.stderr.write = tap(originals[0]);
  process.stdout.write = tap(originals[1]);
  return {
    text: () => captured,
    stop: () => {
      process.stderr.write = originals[0];
      process.stdout.write = originals[1];
    },
  };
}

export async function startStorefrontHarness(env: Record<string, string> = {}): Promise<StorefrontHarness> {
  const bc = await startBigCommerceStandIn();
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  const output = captureOutput();
  // debug: the access log and every warning are written, so the leak check sees all of them.
  const app = await startTestApp({
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'debug',
    BIGCOMMERCE_CLIENT_ID: bc.clientId,
    BIGCOMMERCE_CLIENT_SECRET: bc.clientSecret,
    BIGCOMMERCE_LOGIN_URL: bc.url,
    BIGCOMMERCE_API_URL: bc.url,
    ...env,
  });
  const appUrl = app.config.appUrl;
  const appPath = new URL(appUrl).pathname;

  async function get(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${publicUrl}${path}`, { redirect: 'manual', headers });
    const setCookie = res.headers.getSetCookie();
    const cookie = setCookie.map((c) => /^confab_store_session=([^;]+)/.exec(c)?.[1]).find(Boolean) ?? null;
    return {
      status: res.status,
      location: res.headers.get('location'),
      cookie,
      setCookie,
      text: await res.text(),
      headers: res.headers,
    };
  }

  const q = (o: Record<string, string>) => new URLSearchParams(o).toString();

  return {
    app,
    bc,
    appUrl,
    logs: output.text,
    get,
    install: (storeHash, user = OWNER, scope = APP_SCOPE) =>
      get(
        `${appPath}/auth?${q({ code: bc.issueCode(storeHash, { user, scope }), scope, context: `stores/${storeHash}` })}`,
      ),
    load: async (storeHash, user = OWNER, opts) =>
      get(`${appPath}/load?${q({ signed_payload_jwt: await bc.signedPayload(storeHash, user, opts) })}`),
    callback: async (path, storeHash, user = OWNER, opts) =>
      get(`${appPath}${path}?${q({ signed_payload_jwt: await bc.signedPayload(storeHash, user, opts) })}`),
    async settings(method, cookie, body, csrf) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (cookie) headers.cookie = `confab_store_session=${cookie}`;
      if (csrf) headers['x-csrf-token'] = csrf;
      const res = await fetch(`${publicUrl}${appPath}/api/settings`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    async csrfOf(cookie) {
      const page = await get(`${appPath}/app`, { cookie: `confab_store_session=${cookie}` });
      const data = /<script type="application\/json" id="confab-store">([^<]+)<\/script>/.exec(page.text);
      if (!data) throw new Error(`no page data in /app (HTTP ${page.status})`);
      return JSON.parse(data[1]).csrfToken as string;
    },
    async close() {
      output.stop();
      await app.close();
      await bc.close();
    },
  };
}
