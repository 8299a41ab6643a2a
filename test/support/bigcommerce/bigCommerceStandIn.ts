/**
 * A stand-in for BigCommerce (BigCommerce itself cannot be reached from our machines) that
 * follows its documented shapes:
 *  - `POST /oauth2/token` ("Implementing OAuth"): JSON {client_id, client_secret, code, context,
 *    scope, grant_type: authorization_code, redirect_uri} → {access_token, scope, user{id,
 *    username, email}, owner{…}, context: "stores/<hash>", account_uuid}; each code works once;
 *  - Scripts API v3 (`/stores/{hash}/v3/content/scripts[/{uuid}]`, X-Auth-Token): GET lists only
 *    the scripts this app's API account made ({data, meta.pagination}; `page`, `limit`, default
 *    50), POST creates (200 {data, meta}), GET/PUT one ({data, meta}), DELETE one (204); another
 *    app's or the control panel's scripts are neither listed nor changeable;
 *  - the JWTs BigCommerce signs with the app's client secret: `signed_payload_jwt` (load,
 *    uninstall, remove_user) and the Current Customer token.
 * Every request is recorded so tests can assert exactly what was sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

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

interface StoredScript extends Record<string, unknown> {
  uuid: string;
}

export interface BigCommerceStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  calls: RecordedCall[];
  /** A code BigCommerce would put on the /auth redirect for this store and installing user. */
  issueCode(storeHash: string, opts?: { user?: StandInUser; owner?: StandInUser; scope?: string }): string;
  /** The access token the last exchange gave this store (to assert it never leaks). */
  tokenOf(storeHash: string): string | undefined;
  /** Every script on the store, ours and others' (BigCommerce's own view, not the API's). */
  scriptsOf(storeHash: string): StoredScript[];
  /**
   * Puts a script on the store as if made earlier: by this app (a leftover of an earlier install,
   * the default) or, with `apiClientId`, by another app ('' for the control panel's Script Manager).
   */
  seedScript(storeHash: string, fields: object, opts?: { apiClientId?: string; dateCreated?: string }): StoredScript;
  /**
   * Holds the answers of the next `count` script lists until all of them have arrived, so that
   * concurrent installs all see the store as it was before any of them created a script.
   */
  holdScriptLists(count: number): void;
  /** Makes the token endpoint answer this status for the next exchange. */
  failNextExchange(status: number): void;
  signedPayload(storeHash: string, user: StandInUser, opts?: SignOptions): Promise<string>;
  currentCustomerJwt(storeHash: string, customer: { id: number; email: string; group_id?: string }, opts?: SignOptions): Promise<string>;
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

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startBigCommerceStandIn(opts: { clientId?: string; clientSecret?: string } = {}): Promise<BigCommerceStandIn> {
  const clientId = opts.clientId ?? `client${randomBytes(8).toString('hex')}`;
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString('hex');
  const calls: RecordedCall[] = [];
  const codes = new Map<string, { storeHash: string; user: StandInUser; owner: StandInUser; scope: string }>();
  const tokens = new Map<string, string>(); // token → store hash
  const lastToken = new Map<string, string>(); // store hash → token
  const scripts = new Map<string, StoredScript[]>();
  let failNext: number | null = null;
  let held: { count: number; waiting: Array<() => void> } | null = null;

  /** Resolves once `held.count` lists wait (each list answers what it read before waiting). */
  function barrier(): Promise<void> {
    if (!held) return Promise.resolve();
    const h = held;
    return new Promise<void>((resolve) => {
      h.waiting.push(resolve);
      if (h.waiting.length >= h.count) {
        held = null;
        h.waiting.forEach((r) => r());
      }
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await readBody(req);
    calls.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body });

    if (req.method === 'POST' && url.pathname === '/oauth2/token') {
      if (failNext) {
        const status = failNext;
        failNext = null;
        return send(res, status, { error: 'Invalid request' });
      }
      const b = (body ?? {}) as Record<string, string>;
      const grant = codes.get(b.code);
      if (b.client_id !== clientId || b.client_secret !== clientSecret) return send(res, 401, { error: 'Invalid client credentials' });
      if (!grant || b.grant_type !== 'authorization_code' || b.context !== `stores/${grant.storeHash}` || typeof b.redirect_uri !== 'string') {
        return send(res, 400, { error: 'Invalid authorization code' });
      }
      codes.delete(b.code);
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, grant.storeHash);
      lastToken.set(grant.storeHash, accessToken);
      return send(res, 200, {
        access_token: accessToken, scope: grant.scope, user: grant.user, owner: grant.owner,
        context: `stores/${grant.storeHash}`, account_uuid: randomUUID(),
      });
    }

    const m = /^\/stores\/([^/]+)\/v3\/content\/scripts(?:\/([^/]+))?$/.exec(url.pathname);
    if (m) {
      const [, storeHash, uuid] = m;
      if (tokens.get(String(req.headers['x-auth-token'] ?? '')) !== storeHash) return send(res, 401, { status: 401, title: 'You are not authorized to perform this action' });
      const list = scripts.get(storeHash) ?? [];
      scripts.set(storeHash, list);
      const now = new Date().toISOString();
      // "You can only retrieve, modify, and delete scripts added by the API account you use."
      const mine = list.filter((s) => s.api_client_id === clientId);
      if (req.method === 'GET' && !uuid) {
        const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
        const limit = Math.max(1, Number(url.searchParams.get('limit')) || 50);
        const data = mine.slice((page - 1) * limit, page * limit);
        await barrier();
        const totalPages = Math.max(1, Math.ceil(mine.length / limit));
        return send(res, 200, { data, meta: { pagination: { total: mine.length, count: data.length, per_page: limit, current_page: page, total_pages: totalPages, links: { current: `?page=${page}&limit=${limit}` } } } });
      }
      if (req.method === 'POST' && !uuid) {
        const script = { ...(body as object), uuid: randomUUID(), api_client_id: clientId, channel_id: 1, date_created: now, date_modified: now } as StoredScript;
        list.push(script);
        return send(res, 200, { data: script, meta: {} });
      }
      const found = mine.find((s) => s.uuid === uuid);
      if (req.method === 'GET' && found) return send(res, 200, { data: found, meta: {} });
      if (req.method === 'PUT' && found) {
        Object.assign(found, body as object, { uuid: found.uuid, date_modified: now });
        return send(res, 200, { data: found, meta: {} });
      }
      if (req.method === 'DELETE' && found) {
        list.splice(list.indexOf(found), 1);
        res.writeHead(204).end();
        return;
      }
      return send(res, 404, { status: 404, title: 'Script not found' });
    }
    send(res, 404, { status: 404, title: 'Not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { error: String(err) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function sign(claims: Record<string, unknown>, o: SignOptions, defaults: { iss: string; sub: string; ttl: number }): Promise<string> {
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
    url, clientId, clientSecret, calls,
    issueCode(storeHash, o = {}) {
      const code = randomBytes(12).toString('hex');
      codes.set(code, { storeHash, user: o.user ?? OWNER, owner: o.owner ?? OWNER, scope: o.scope ?? 'store_v2_content store_content_checkout' });
      return code;
    },
    tokenOf: (storeHash) => lastToken.get(storeHash),
    scriptsOf: (storeHash) => scripts.get(storeHash) ?? [],
    seedScript(storeHash, fields, o = {}) {
      const when = o.dateCreated ?? new Date().toISOString();
      const script = { ...fields, uuid: randomUUID(), api_client_id: o.apiClientId ?? clientId, channel_id: 1, date_created: when, date_modified: when } as StoredScript;
      scripts.set(storeHash, [...(scripts.get(storeHash) ?? []), script]);
      return script;
    },
    holdScriptLists(count) {
      held = { count, waiting: [] };
    },
    failNextExchange(status) {
      failNext = status;
    },
    signedPayload(storeHash, user, o = {}) {
      const owner = o.owner ?? OWNER;
      return sign({ user: { id: user.id, email: user.email, locale: 'en-US' }, owner: { id: owner.id, email: owner.email }, url: '/', channel_id: null }, o, { iss: 'bc', sub: `stores/${storeHash}`, ttl: 300 });
    },
    currentCustomerJwt(storeHash, customer, o = {}) {
      return sign({ customer: { group_id: '0', ...customer }, version: 1, application_id: clientId, store_hash: storeHash, operation: 'current_customer' }, o, { iss: 'bc/apps', sub: storeHash, ttl: 900 });
    },
    close: () => new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    }),
  };
}
