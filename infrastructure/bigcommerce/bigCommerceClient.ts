/**
 * The BigCommerce HTTP calls the storefront app makes, with got: the OAuth token exchange
 * (POST {login_url}/oauth2/token), the Scripts API v3 (/stores/{hash}/v3/content/scripts: list,
 * create, update, delete) and the Channels API v3 (GET /stores/{hash}/v3/channels). Shapes
 * follow BigCommerce's documentation ("Implementing OAuth") and its OpenAPI specs
 * (github.com/bigcommerce/docs: reference/scripts.v3.yml, reference/channels.v3.yml); the
 * scripts list holds only the scripts this app's API account made, on every channel.
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

/** script_Post / script_Put (reference/scripts.v3.yml). */
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
  /** The storefront channel the script is on (integer, minimum 1; BigCommerce assumes 1 when it is left out). */
  channel_id: number;
}

/** script_Full: what the list and the writes answer. */
export interface Script extends Omit<ScriptInput, 'channel_id'> {
  /** Absent on scripts made before channels existed: those are on the default channel, 1. */
  channel_id?: number;
  uuid: string;
  /** date-time; with the uuid, it lets concurrent installs agree on which copy to keep. */
  date_created?: string;
  api_client_id?: string;
}

/** ChannelWithoutCurrencies (reference/channels.v3.yml): a storefront, marketplace, POS or marketing channel. */
export interface Channel {
  id: number;
  name: string;
  type: 'storefront' | 'marketplace' | 'pos' | 'marketing';
  /** bigcommerce (Stencil), catalyst, amazon, ebay, square, custom, … */
  platform: string;
  status: 'prelaunch' | 'active' | 'inactive' | 'connected' | 'disconnected' | 'archived' | 'deleted' | 'terminated';
  external_id?: string;
  is_listable_from_ui?: boolean;
  is_visible?: boolean;
  /** Deprecated by BigCommerce in favour of status. */
  is_enabled?: boolean;
  date_created?: string;
  date_modified?: string;
  icon_url?: string;
}

/**
 * What creating a script came to. BigCommerce refuses a creation over a limit in one of two ways:
 *  - 422 (Create a Script's documented refusal): for our fixed, valid body that is the app's limit
 *    of 10 scripts per store, reached when a concurrent registration took the last slot;
 *  - 403: "operations resulting from API request exceed a platform limit" (API Status Codes,
 *    troubleshooting, docs/start/about/status-codes.mdx), in the v3 error shape {status, title,
 *    type, errors}; for a script, such as the 50 scripts a storefront may hold ("Limits" of
 *    Create a Script). The other channels are unaffected, so the registration goes on.
 */
export type ScriptCreation = { created: Script } | { refused: 'app-script-limit' | 'platform-limit' };

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
  /** Every channel of the store; null when the token may not read them (403: no Channel Settings scope). */
  listChannels(storeHash: string, accessToken: string): Promise<Channel[] | null>;
  /**
   * This app's scripts; with `channelIds`, those on these channels (`channel_id:in`). BigCommerce
   * does not say which channels an unfiltered list covers, so callers that know the store's
   * channels name them all.
   */
  listScripts(storeHash: string, accessToken: string, channelIds?: number[]): Promise<Script[]>;
  /** The script, or which limit refused it (ScriptCreation). Other refusals throw. */
  createScript(storeHash: string, accessToken: string, script: ScriptInput): Promise<ScriptCreation>;
  /** Null when the script is gone (404): deleted meanwhile by the merchant or a concurrent install. */
  updateScript(storeHash: string, accessToken: string, uuid: string, script: ScriptInput): Promise<Script | null>;
  /** False when it was already gone (404): deleting is done either way. */
  deleteScript(storeHash: string, accessToken: string, uuid: string): Promise<boolean>;
}

const SCRIPT_PAGE_SIZE = 250;
/** BigCommerce's usual page size; the Channels API documents no maximum. */
const CHANNEL_PAGE_SIZE = 50;
/** An app may own at most 10 scripts per store, and a store has few channels: a few pages cover any. */
const MAX_PAGES = 20;

/** A v3 collection answer: {data, meta.pagination}. */
interface Collection<T> {
  data?: T[];
  meta?: { pagination?: { total_pages?: number } };
}

export function createBigCommerceClient(opts: BigCommerceClientOptions): BigCommerceClient {
  const timeout = { request: opts.timeoutMs ?? 10_000 };
  const http: Got = got.extend({ timeout, throwHttpErrors: false, headers: { accept: 'application/json' } });

  async function call<T>(
    step: string,
    run: () => Promise<{ statusCode: number; body: unknown }>,
    ok: (status: number) => boolean,
  ): Promise<T> {
    return (await answer<T>(step, run, ok)).body;
  }

  async function answer<T>(
    step: string,
    run: () => Promise<{ statusCode: number; body: unknown }>,
    ok: (status: number) => boolean,
  ): Promise<{ status: number; body: T }> {
    let res: { statusCode: number; body: unknown };
    try {
      res = await run();
    } catch (err) {
      // Only the error's kind (ETIMEDOUT, ECONNREFUSED…), never its options.
      const code = (err as { code?: string }).code ?? 'network error';
      throw new UpstreamError(`BigCommerce ${step} failed: ${code}`, 'BIGCOMMERCE_UNAVAILABLE');
    }
    if (!ok(res.statusCode))
      throw new UpstreamError(`BigCommerce ${step} was refused (HTTP ${res.statusCode})`, 'BIGCOMMERCE_REFUSED');
    return { status: res.statusCode, body: res.body as T };
  }

  const v3Url = (storeHash: string, path: string) => `${opts.apiUrl}/stores/${encodeURIComponent(storeHash)}/v3${path}`;
  const scriptsUrl = (storeHash: string) => v3Url(storeHash, '/content/scripts');
  const authHeaders = (accessToken: string) => ({ 'x-auth-token': accessToken });
  // GET, PUT and DELETE are idempotent: a lost answer may be asked again. POST never is.
  const idempotentRetry = { limit: 2, methods: ['GET', 'PUT', 'DELETE'] as ('GET' | 'PUT' | 'DELETE')[] };

  /** Every page of a collection; null when `forbiddenIsNull` and BigCommerce answers 403. */
  async function collect<T>(
    step: string,
    url: string,
    accessToken: string,
    query: { limit: number; [filter: string]: string | number },
    forbiddenIsNull = false,
  ): Promise<T[] | null> {
    const all: T[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const res = await answer<Collection<T>>(
        step,
        () =>
          http.get(url, {
            headers: authHeaders(accessToken),
            searchParams: { ...query, page },
            responseType: 'json',
            retry: idempotentRetry,
          }),
        (s) => s === 200 || (forbiddenIsNull && s === 403),
      );
      if (res.status === 403) return null;
      all.push(...(res.body?.data ?? []));
      if (page >= (res.body?.meta?.pagination?.total_pages ?? 1)) break;
    }
    return all;
  }

  return {
    async exchangeCode({ code, scope, context, redirectUri }) {
      const body = await call<TokenResponse>(
        'token exchange',
        () =>
          http.post(`${opts.loginUrl}/oauth2/token`, {
            json: {
              client_id: opts.clientId,
              client_secret: opts.clientSecret,
              code,
              context,
              scope,
              grant_type: 'authorization_code',
              redirect_uri: redirectUri,
            },
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
    listChannels(storeHash, accessToken) {
      return collect<Channel>(
        'channel list',
        v3Url(storeHash, '/channels'),
        accessToken,
        { limit: CHANNEL_PAGE_SIZE },
        true,
      );
    },
    async listScripts(storeHash, accessToken, channelIds) {
      // The filter is a comma-separated list (style form, explode false).
      const query: Record<string, string | number> & { limit: number } = { limit: SCRIPT_PAGE_SIZE };
      if (channelIds) query['channel_id:in'] = channelIds.join(',');
      return (await collect<Script>('script list', scriptsUrl(storeHash), accessToken, query)) ?? [];
    },
    async createScript(storeHash, accessToken, script) {
      const res = await answer<{ data: Script }>(
        'script registration',
        () =>
          http.post(scriptsUrl(storeHash), {
            headers: authHeaders(accessToken),
            json: script,
            responseType: 'json',
            retry: { limit: 0 },
          }),
        (s) => s === 200 || s === 201 || s === 422 || s === 403,
      );
      if (res.status === 422) return { refused: 'app-script-limit' };
      if (res.status === 403) return { refused: 'platform-limit' };
      return { created: res.body.data };
    },
    async updateScript(storeHash, accessToken, uuid, script) {
      const res = await answer<{ data: Script }>(
        'script update',
        () =>
          http.put(`${scriptsUrl(storeHash)}/${encodeURIComponent(uuid)}`, {
            headers: authHeaders(accessToken),
            json: script,
            responseType: 'json',
            retry: idempotentRetry,
          }),
        (s) => s === 200 || s === 404,
      );
      return res.status === 404 ? null : res.body.data;
    },
    async deleteScript(storeHash, accessToken, uuid) {
      const res = await answer<unknown>(
        'script removal',
        () =>
          http.delete(`${scriptsUrl(storeHash)}/${encodeURIComponent(uuid)}`, {
            headers: authHeaders(accessToken),
            retry: idempotentRetry,
          }),
        (s) => s === 204 || s === 200 || s === 404,
      );
      return res.status !== 404;
    },
  };
}

/** The client for the configured app, or null while BIGCOMMERCE_CLIENT_ID / _SECRET are unset. */
export function bigCommerceClientFrom(config: {
  clientId?: string;
  clientSecret?: string;
  loginUrl: string;
  apiUrl: string;
}): BigCommerceClient | null {
  const { clientId, clientSecret } = config;
  return clientId && clientSecret
    ? createBigCommerceClient({
        clientId,
        clientSecret,
        loginUrl: config.loginUrl.replace(/\/+$/, ''),
        apiUrl: config.apiUrl.replace(/\/+$/, ''),
      })
    : null;
}
