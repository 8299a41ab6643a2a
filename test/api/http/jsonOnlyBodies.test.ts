/**
 * Every JSON route takes its body as JSON only: the same JSON sent as text/plain, a form, or with
 * no Content-Type is 415 on each router (External, chat, workspace, dashboard, sign-in,
 * storefront), and changes nothing. application/json is read; a request without a body, or a
 * GET with one, is not refused for its type.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { request as httpRequest } from 'node:http';
import { startSignInWorkspace, type SignedInWorkspace } from '../../support/signIn.js';
import type { TestApp } from '../../support/testApp.js';

let app: TestApp;
let ws: SignedInWorkspace;
let botId: string;

interface Route {
  router: string;
  method: string;
  path: () => string;
  /** A body the route takes when sent as JSON. */
  body: () => Record<string, unknown>;
  /** Headers that let the request in (a key, a session, the host). */
  headers: () => Record<string, string>;
  /** What the route answers to that body as JSON: anything but 415. */
  jsonStatus: number;
}

const host = () => new URL(ws.origin).host;
const session = () => ({ host: host(), cookie: ws.cookie, 'x-csrf-token': ws.csrfToken, origin: ws.origin });

const ROUTES: Route[] = [
  {
    router: 'External API',
    method: 'POST',
    path: () => '/api/v1/external/v1/chatbots',
    body: () => ({ name: 'Sent as JSON' }),
    headers: () => ({ 'x-api-key': ws.apiKey }),
    jsonStatus: 201,
  },
  {
    router: 'chat',
    method: 'POST',
    path: () => `/api/v1/chat/${botId}/sessions`,
    body: () => ({ visitorId: 'visitor-1' }),
    headers: () => ({}),
    jsonStatus: 201,
  },
  {
    router: 'workspace',
    method: 'PATCH',
    path: () => '/api/v1/workspace/branding',
    body: () => ({ tagline: 'Sent as JSON' }),
    headers: () => ({ 'x-api-key': ws.apiKey }),
    jsonStatus: 200,
  },
  {
    router: 'dashboard',
    method: 'POST',
    path: () => '/api/v1/dashboard/chatbots',
    body: () => ({ name: 'Sent as JSON' }),
    headers: session,
    jsonStatus: 201,
  },
  {
    router: 'sign-in',
    method: 'POST',
    path: () => '/auth/password',
    body: () => ({ email: ws.email, password: ws.password }),
    headers: () => ({ host: host(), origin: ws.origin }),
    jsonStatus: 200,
  },
  {
    router: 'storefront',
    method: 'POST',
    path: () => '/storefront/api/customer',
    body: () => ({ store: 'nostore', token: 'not-a-jwt' }),
    headers: () => ({}),
    jsonStatus: 401,
  },
];

/** One request; `contentType` undefined sends none. */
function send(
  route: Route,
  body: string | undefined,
  contentType: string | undefined,
  method = route.method,
): Promise<{ status: number; body: any }> {
  const { port } = new URL(app.baseUrl);
  const headers: Record<string, string> = { ...route.headers() };
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: route.path(), headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

test.before(async () => {
  ({ app, ws } = await startSignInWorkspace('jsononly'));
  const bot = await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey: ws.apiKey, body: { name: 'Bot' } });
  botId = bot.body.data.id;
});
test.after(async () => {
  await app.close();
});

const NOT_JSON: Array<[label: string, contentType: string | undefined, body: (json: string) => string]> = [
  ['JSON as text/plain', 'text/plain;charset=UTF-8', (json) => json],
  ['JSON without a Content-Type', undefined, (json) => json],
  ['a form', 'application/x-www-form-urlencoded', () => 'name=Form&visitorId=v'],
  ['JSON as text/html', 'text/html', (json) => json],
];

test('a body sent as another type than JSON is 415 UNSUPPORTED_MEDIA_TYPE on every router', async () => {
  for (const route of ROUTES) {
    const json = JSON.stringify(route.body());
    for (const [label, type, body] of NOT_JSON) {
      const r = await send(route, body(json), type);
      assert.is(r.status, 415, `${route.router} ${label}: ${JSON.stringify(r.body)}`);
      assert.is(r.body.code, 'UNSUPPORTED_MEDIA_TYPE', `${route.router} ${label}`);
      assert.match(r.body.error, /application\/json/, `${route.router} ${label}`);
    }
  }
});

test('the same body as application/json is read, as are +json types and a charset', async () => {
  for (const route of ROUTES) {
    const json = JSON.stringify(route.body());
    assert.is((await send(route, json, 'application/json')).status, route.jsonStatus, route.router);
    assert.is(
      (await send(route, json, 'application/json; charset=utf-8')).status,
      route.jsonStatus,
      `${route.router} charset`,
    );
  }
  const external = ROUTES[0]!;
  assert.is((await send(external, JSON.stringify(external.body()), 'application/merge-patch+json')).status, 201);
});

test('a request without a body is not refused for its type; a GET body is neither read nor refused', async () => {
  for (const route of ROUTES) {
    const r = await send(route, '', undefined);
    assert.is.not(r.status, 415, `${route.router} empty body`);
  }
  const list = { ...ROUTES[0]!, path: () => '/api/v1/external/v1/chatbots' };
  assert.is((await send(list, 'name=x', 'text/plain', 'GET')).status, 200);
});

test('nothing a refused body said was stored', async () => {
  const bots = await app.api('GET', '/api/v1/external/v1/chatbots?limit=100', { apiKey: ws.apiKey });
  assert.not.ok(
    bots.body.data.some((b: { name: string }) => b.name === 'Form'),
    'no chatbot was made from a form',
  );
  const names = bots.body.data.map((b: { name: string }) => b.name);
  // Only the JSON requests made chatbots: three from the External API, two from the dashboard.
  assert.is(names.filter((n: string) => n === 'Sent as JSON').length, 5);
});

test.run();
