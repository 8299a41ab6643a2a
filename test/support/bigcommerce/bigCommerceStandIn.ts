/**
 * A stand-in for BigCommerce (BigCommerce itself cannot be reached from our machines) that
 * follows its documented shapes:
 *  - `POST /oauth2/token` ("Implementing OAuth"): JSON {client_id, client_secret, code, context,
 *    scope, grant_type: authorization_code, redirect_uri} → {access_token, scope, user{id,
 *    username, email}, owner{…}, context: "stores/<hash>", account_uuid}; each code works once;
 *    the token carries the scopes of its grant;
 *  - the v3 REST API under `/stores/{hash}/v3` with X-Auth-Token (401 for a token of another
 *    store): the Scripts API (scriptsStandIn.ts: channel_id, the limit of 10 scripts per app, 403
 *    for a channel at the platform's limit of 50 scripts) and
 *    the Channels API (channelsStandIn.ts: storefronts, marketplaces, POS…, its scope);
 *  - the JWTs BigCommerce signs with the app's client secret: `signed_payload_jwt` (load,
 *    uninstall, remove_user) and the Current Customer token.
 * Every request is recorded so tests can assert exactly what was sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { readBody, send, sendError } from './standInHttp.js';
import { createScriptsResource, type StoredScript } from './scriptsStandIn.js';
import { createChannelsResource, type ChannelFields, type StoredChannel } from './channelsStandIn.js';

/**
 * What a store grants the Confab app (docs/storefront.md, "Register the app"): Content and Checkout content
 * (modify) for the Scripts API, Channel Settings (read-only) to find the store's storefronts.
 */
export const APP_SCOPE = 'store_v2_content store_content_checkout store_channel_settings_read_only';

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface StandInUser {
  id: number;
  username: string;
  email: string;
}

export type { StoredScript, StoredChannel, ChannelFields };

export interface BigCommerceStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  calls: RecordedCall[];
  /** A code BigCommerce would put on the /auth redirect for this store and installing user. */
  issueCode(storeHash: string, opts?: { user?: StandInUser; owner?: StandInUser; scope?: string }): string;
  /** The access token the last exchange gave this store (to assert it never leaks). */
  tokenOf(storeHash: string): string | undefined;
  /** Every script on the store, ours and others', on every channel (BigCommerce's own view, not the API's). */
  scriptsOf(storeHash: string): StoredScript[];
  /**
   * Puts a script on the store as if made earlier: by this app (a leftover of an earlier install,
   * the default) or, with `apiClientId`, by another app ('' for the control panel's Script
   * Manager); on channel 1 unless `channelId` names another. An app's 11th is refused (throws).
   */
  seedScript(
    storeHash: string,
    fields: object,
    opts?: { apiClientId?: string; dateCreated?: string; channelId?: number },
  ): StoredScript;
  /** The store's channels; every store starts with the default storefront, id 1 (mutable: set a status). */
  channelsOf(storeHash: string): StoredChannel[];
  /** Adds a channel: another storefront, a marketplace, a POS… (the next free id unless given). */
  addChannel(storeHash: string, fields: ChannelFields): StoredChannel;
  /**
   * Holds the answers of the next `count` script lists until all of them have arrived, so that
   * concurrent installs all see the store as it was before any of them created a script.
   */
  holdScriptLists(count: number): void;
  /** Makes the token endpoint answer this status for the next exchange. */
  failNextExchange(status: number): void;
  /** Answers every v3 API call `ms` late, as a BigCommerce far away would (0: at once again). */
  delayStoreApi(ms: number): void;
  signedPayload(storeHash: string, user: StandInUser, opts?: SignOptions): Promise<string>;
  currentCustomerJwt(
    storeHash: string,
    customer: { id: number; email: string; group_id?: string },
    opts?: SignOptions,
  ): Promise<string>;
  close(): Promise<void>;
}

export interface SignOptions {
  secret?: string;
  aud?: string;
  iss?: string;
  sub?: string;
  /** Seconds relative to now. */
  exp?: number;
  nbf?: number;
  owner?: StandInUser;
}

export const OWNER: StandInUser = { id: 1001, username: 'owner', email: 'owner@store.example' };

export async function startBigCommerceStandIn(
  opts: { clientId?: string; clientSecret?: string } = {},
): Promise<BigCommerceStandIn> {
  const clientId = opts.clientId ?? `client${randomBytes(8).toString('hex')}`;
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString('hex');
  const calls: RecordedCall[] = [];
  const codes = new Map<string, { storeHash: string; user: StandInUser; owner: StandInUser; scope: string }>();
  const tokens = new Map<string, { storeHash: string; scopes: Set<string> }>();
  const lastToken = new Map<string, string>(); // store hash → token
  const channels = createChannelsResource();
  const scripts = createScriptsResource(clientId, channels.exists);
  let failNext: number | null = null;
  let storeApiDelayMs = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await readBody(req);
    calls.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    });

    if (req.method === 'POST' && url.pathname === '/oauth2/token') {
      if (failNext) {
        const status = failNext;
        failNext = null;
        return send(res, status, { error: 'Invalid request' });
      }
      const b = (body ?? {}) as Record<string, string>;
      const grant = codes.get(b.code);
      if (b.client_id !== clientId || b.client_secret !== clientSecret)
        return send(res, 401, { error: 'Invalid client credentials' });
      if (
        !grant ||
        b.grant_type !== 'authorization_code' ||
        b.context !== `stores/${grant.storeHash}` ||
        typeof b.redirect_uri !== 'string'
      ) {
        return send(res, 400, { error: 'Invalid authorization code' });
      }
      codes.delete(b.code);
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, {
        storeHash: grant.storeHash,
        scopes: new Set(grant.scope.split(/\s+/).filter(Boolean)),
      });
      lastToken.set(grant.storeHash, accessToken);
      return send(res, 200, {
        access_token: accessToken,
        scope: grant.scope,
        user: grant.user,
        owner: grant.owner,
        context: `stores/${grant.storeHash}`,
        account_uuid: randomUUID(),
      });
    }

    const m = /^\/stores\/([^/]+)\/v3(\/.*)$/.exec(url.pathname);
    if (m) {
      const [, storeHash, path] = m;
      if (storeApiDelayMs > 0) await new Promise((r) => setTimeout(r, storeApiDelayMs));
      const token = tokens.get(String(req.headers['x-auth-token'] ?? ''));
      if (token?.storeHash !== storeHash) return sendError(res, 401, 'You are not authorized to perform this action');
      const request = {
        method: req.method ?? '',
        storeHash,
        path,
        query: url.searchParams,
        body,
        scopes: token.scopes,
      };
      if (path.startsWith('/content/scripts')) return scripts.handle(request, res);
      if (path.startsWith('/channels')) return channels.handle(request, res);
    }
    send(res, 404, { status: 404, title: 'Not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { error: String(err) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function sign(
    claims: Record<string, unknown>,
    o: SignOptions,
    defaults: { iss: string; sub: string; ttl: number },
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(o.iss ?? defaults.iss)
      .setAudience(o.aud ?? clientId)
      .setSubject(o.sub ?? defaults.sub)
      .setIssuedAt(now)
      .setNotBefore(now + (o.nbf ?? 0))
      .setExpirationTime(now + (o.exp ?? defaults.ttl))
      .setJti(randomUUID())
      .sign(new TextEncoder().encode(o.secret ?? clientSecret));
  }

  return {
    url,
    clientId,
    clientSecret,
    calls,
    issueCode(storeHash, o = {}) {
      const code = randomBytes(12).toString('hex');
      codes.set(code, { storeHash, user: o.user ?? OWNER, owner: o.owner ?? OWNER, scope: o.scope ?? APP_SCOPE });
      return code;
    },
    tokenOf: (storeHash) => lastToken.get(storeHash),
    scriptsOf: scripts.scriptsOf,
    seedScript: scripts.seedScript,
    holdScriptLists: scripts.holdScriptLists,
    channelsOf: channels.channelsOf,
    addChannel: channels.addChannel,
    failNextExchange(status) {
      failNext = status;
    },
    delayStoreApi(ms) {
      storeApiDelayMs = ms;
    },
    signedPayload(storeHash, user, o = {}) {
      const owner = o.owner ?? OWNER;
      return sign(
        {
          user: { id: user.id, email: user.email, locale: 'en-US' },
          owner: { id: owner.id, email: owner.email },
          url: '/',
          channel_id: null,
        },
        o,
        { iss: 'bc', sub: `stores/${storeHash}`, ttl: 300 },
      );
    },
    currentCustomerJwt(storeHash, customer, o = {}) {
      return sign(
        {
          customer: { group_id: '0', ...customer },
          version: 1,
          application_id: clientId,
          store_hash: storeHash,
          operation: 'current_customer',
        },
        o,
        { iss: 'bc/apps', sub: storeHash, ttl: 900 },
      );
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
