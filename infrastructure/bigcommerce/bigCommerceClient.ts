/**
 * The BigCommerce HTTP calls the storefront app makes, with got: the OAuth token exchange
 * (POST {login_url}/oauth2/token) and the Scripts API v3 (/stores/{hash}/v3/content/scripts:
 * list, create, update, delete). Shapes follow BigCommerce's documentation ("Implementing OAuth",
 * "Scripts"); the list holds only the scripts this app's API account made.
 *
 * Every failure becomes an UpstreamError whose message names the step and the status only: got's
 * own errors carry the request options (the client secret, the X-Auth-Token), so they are never
 * passed on or logged.
 */
import got, { type Got } from 'got';
import { UpstreamError } from '../../domain/errors.js';

export interface BigCommerceUser {
  id: number;
  username?: string;
  email: string;
}

/** The token endpoint's answer (documented: access_token, scope, user, owner, context, account_uuid). */
export interface TokenResponse {
  access_token: string;
  scope: string;
  user: BigCommerceUser;
  owner?: BigCommerceUser;
  context: string;
  account_uuid?: string;
}

export interface ScriptInput {
  name: string;
  description: string;
  src: string;
  auto_uninstall: boolean;
  load_method: 'default' | 'async' | 'defer';
  location: 'head' | 'footer';
  visibility: 'storefront' | 'checkout' | 'all_pages' | 'order_confirmation';
  kind: 'src' | 'script_tag';
  consent_category: 'essential' | 'functional' | 'analytics' | 'targeting';
  enabled: boolean;
}

export interface Script extends ScriptInput {
  uuid: string;
  /** date-time; with the uuid, it lets concurrent installs agree on which copy to keep. */
  date_created?: string;
  api_client_id?: string;
}

export interface BigCommerceClientOptions {
  clientId: string;
  clientSecret: string;
  /** {commerce_auth_url}: https://login.bigcommerce.com */
  loginUrl: string;
  /** https://api.bigcommerce.com */
  apiUrl: string;
  timeoutMs?: number;
}

export interface BigCommerceClient {
  exchangeCode(input: { code: string; scope: string; context: string; redirectUri: string }): Promise<TokenResponse>;
  listScripts(storeHash: string, accessToken: string): Promise<Script[]>;
  createScript(storeHash: string, accessToken: string, script: ScriptInput): Promise<Script>;
  /** Null when the script is gone (404): deleted meanwhile by the merchant or a concurrent install. */
  updateScript(storeHash: string, accessToken: string, uuid: string, script: ScriptInput): Promise<Script | null>;
  /** False when it was already gone (404): deleting is done either way. */
  deleteScript(storeHash: string, accessToken: string, uuid: string): Promise<boolean>;
}

const PAGE_SIZE = 250;
/** An app may own at most 10 scripts per store; a few pages cover any store. */
const MAX_PAGES = 20;

export function createBigCommerceClient(opts: BigCommerceClientOptions): BigCommerceClient {
  const timeout = { request: opts.timeoutMs ?? 10_000 };
  const http: Got = got.extend({ timeout, throwHttpErrors: false, headers: { accept: 'application/json' } });

  async function call<T>(step: string, run: () => Promise<{ statusCode: number; body: unknown }>, ok: (status: number) => boolean): Promise<T> {
    return (await answer<T>(step, run, ok)).body;
  }

  async function answer<T>(step: string, run: () => Promise<{ statusCode: number; body: unknown }>, ok: (status: number) => boolean): Promise<{ status: number; body: T }> {
    let res: { statusCode: number; body: unknown };
    try {
      res = await run();
    } catch (err) {
      // Only the error's kind (ETIMEDOUT, ECONNREFUSED…), never its options.
      const code = (err as { code?: string }).code ?? 'network error';
      throw new UpstreamError(`BigCommerce ${step} failed: ${code}`, 'BIGCOMMERCE_UNAVAILABLE');
    }
    if (!ok(res.statusCode)) throw new UpstreamError(`BigCommerce ${step} was refused (HTTP ${res.statusCode})`, 'BIGCOMMERCE_REFUSED');
    return { status: res.statusCode, body: res.body as T };
  }

  const scriptsUrl = (storeHash: string) => `${opts.apiUrl}/stores/${encodeURIComponent(storeHash)}/v3/content/scripts`;
  const authHeaders = (accessToken: string) => ({ 'x-auth-token': accessToken });
  // GET, PUT and DELETE are idempotent: a lost answer may be asked again. POST never is.
  const idempotentRetry = { limit: 2, methods: ['GET', 'PUT', 'DELETE'] as ('GET' | 'PUT' | 'DELETE')[] };

  return {
    async exchangeCode({ code, scope, context, redirectUri }) {
      const body = await call<TokenResponse>(
        'token exchange',
        () =>
          http.post(`${opts.loginUrl}/oauth2/token`, {
            json: { client_id: opts.clientId, client_secret: opts.clientSecret, code, context, scope, grant_type: 'authorization_code', redirect_uri: redirectUri },
            responseType: 'json',
            // An authorization code is spent by the first attempt: never send it twice.
            retry: { limit: 0 },
          }),
        (s) => s === 200,
      );
      if (!body || typeof body.access_token !== 'string' || typeof body.context !== 'string' || !body.user) {
        throw new UpstreamError('BigCommerce token exchange answered without an access token', 'BIGCOMMERCE_REFUSED');
      }
      return body;
    },
    async listScripts(storeHash, accessToken) {
      const all: Script[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const body = await call<{ data: Script[]; meta?: { pagination?: { total_pages?: number } } }>(
          'script list',
          () => http.get(scriptsUrl(storeHash), { headers: authHeaders(accessToken), searchParams: { page, limit: PAGE_SIZE }, responseType: 'json', retry: idempotentRetry }),
          (s) => s === 200,
        );
        all.push(...(body?.data ?? []));
        if (page >= (body?.meta?.pagination?.total_pages ?? 1)) break;
      }
      return all;
    },
    async createScript(storeHash, accessToken, script) {
      const body = await call<{ data: Script }>(
        'script registration',
        () => http.post(scriptsUrl(storeHash), { headers: authHeaders(accessToken), json: script, responseType: 'json', retry: { limit: 0 } }),
        (s) => s === 200 || s === 201,
      );
      return body.data;
    },
    async updateScript(storeHash, accessToken, uuid, script) {
      const res = await answer<{ data: Script }>(
        'script update',
        () => http.put(`${scriptsUrl(storeHash)}/${encodeURIComponent(uuid)}`, { headers: authHeaders(accessToken), json: script, responseType: 'json', retry: idempotentRetry }),
        (s) => s === 200 || s === 404,
      );
      return res.status === 404 ? null : res.body.data;
    },
    async deleteScript(storeHash, accessToken, uuid) {
      const res = await answer<unknown>(
        'script removal',
        () => http.delete(`${scriptsUrl(storeHash)}/${encodeURIComponent(uuid)}`, { headers: authHeaders(accessToken), retry: idempotentRetry }),
        (s) => s === 204 || s === 200 || s === 404,
      );
      return res.status !== 404;
    },
  };
}

/** The client for the configured app, or null while BIGCOMMERCE_CLIENT_ID / _SECRET are unset. */
export function bigCommerceClientFrom(config: { clientId?: string; clientSecret?: string; loginUrl: string; apiUrl: string }): BigCommerceClient | null {
  const { clientId, clientSecret } = config;
  return clientId && clientSecret ? createBigCommerceClient({ clientId, clientSecret, loginUrl: config.loginUrl.replace(/\/+$/, ''), apiUrl: config.apiUrl.replace(/\/+$/, '') }) : null;
}
