/**
 * A real OpenID Connect provider for tests: `oidc-provider` (the certified Node
 * implementation) in this process on a random port, with one confidential client whose only
 * redirect URI is Confab's `$PUBLIC_URL/auth/oidc/callback`, and accounts whose email the
 * provider vouches for (`email_verified: true`) or not.
 *
 * Its development login pages (devInteractions) take any password: in a browser, type the
 * account id in "login" and press the sign-in button, then continue on the consent page.
 * `providerLogin` does the same over plain HTTP with a cookie jar.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { freePort } from './freePort.js';

export interface TestAccount {
  email: string;
  emailVerified: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Account id → its claims; add accounts at any time. */
  accounts: Map<string, TestAccount>;
  /** The Confab settings that use this provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_PROVIDER_NAME). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startOidcProvider(opts: {
  redirectUri: string;
  providerName?: string;
}): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'confab-test';
  const clientSecret = 'confab-test-secret-0123456789abcdef';
  const accounts = new Map<string, TestAccount>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'email'],
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: account.emailVerified }),
      };
    },
  });
  // The dev interactions warn on every start; a test does not need to hear it.
  provider.on('server_error', () => undefined);
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clientId,
    clientSecret,
    accounts,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_PROVIDER_NAME: opts.providerName ?? 'Test ID',
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A tiny cookie jar for the provider's own cookies (one host, no paths needed here). */
class Jar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
  }
}

/**
 * Drives the provider's login and consent pages over HTTP as `accountId`, starting from the
 * authorization URL Confab redirected to; returns the URL the provider sends the browser back
 * to (Confab's callback with code and state, or with an error).
 */
export async function providerLogin(authorizationUrl: string, accountId: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.pathname.endsWith('/auth/oidc/callback')) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`provider page without a form (${res.status}): ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1] ?? 'login';
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt });
    const posted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    jar.take(posted);
    url = new URL(posted.headers.get('location')!, url).href;
  }
  throw new Error('the provider did not send the browser back');
}
