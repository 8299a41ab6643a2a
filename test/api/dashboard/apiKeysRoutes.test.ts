/**
 * The dashboard's API keys tab over real HTTP: create with role and scopes (the key answered
 * once), last used without a write per call, revoke (the key then gets 401 from the External
 * API), admins only, tenant isolation, bad inputs.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  as,
  createSignedInWorkspace,
  DASH,
  startSignInApp,
  type SignedInWorkspace,
  type TestApp,
} from './dashboardHarness.js';
import { memberOf, type Session } from './dashboardFixtures.js';
import { hostRequest } from '../../support/signIn.js';

let app: TestApp;
let owner: SignedInWorkspace;
let other: SignedInWorkspace;
let member: Session;
let call: ReturnType<typeof as>;
const KEYS = `${DASH}/api-keys`;
const keysOf = (o: object) => Object.keys(o).sort();

test.before(async () => {
  app = await startSignInApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await createSignedInWorkspace(app, 'pro');
  other = await createSignedInWorkspace(app, 'pro');
  member = await memberOf(app, owner);
  call = as(app, owner);
});
test.after(async () => {
  await app.close();
});

test("the list shows the workspace's keys without secrets; the first key is the owner's admin key", async () => {
  const r = await call('GET', KEYS);
  assert.is(r.status, 200, r.text);
  assert.is(r.body.data.length, 1);
  const k = r.body.data[0];
  assert.equal(keysOf(k), ['createdAt', 'id', 'lastUsedAt', 'prefix', 'revoked', 'revokedAt', 'role', 'scopes']);
  assert.is(k.role, 'admin');
  assert.equal(k.scopes, ['read', 'write', 'account:write']);
  assert.ok(owner.apiKey.startsWith(k.prefix));
  assert.ok(!r.text.includes(owner.apiKey));
  assert.ok(!r.text.includes('keyHash'));
});

test('create answers the key once; it works on the External API with its role and scopes; last used follows its calls', async () => {
  const r = await call('POST', KEYS, { role: 'member', scopes: ['read'] });
  assert.is(r.status, 201, r.text);
  assert.match(r.body.message, /not be shown again/);
  const { apiKey, data } = r.body;
  assert.match(apiKey, /^cfb_/);
  assert.ok(apiKey.startsWith(data.prefix));
  assert.equal(data.scopes, ['read']);
  assert.is(data.role, 'member');
  assert.is(data.lastUsedAt, null);
  assert.ok(!(await call('GET', KEYS)).text.includes(apiKey), 'the key is never listed');

  const before = Date.now();
  assert.is((await app.api('GET', '/api/v1/external/v1/chatbots', { apiKey })).status, 200);
  const write = await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey, body: { name: 'x' } });
  assert.is(write.status, 403, 'a read-only key cannot write');
  const listed = (await call('GET', KEYS)).body.data.find((k: any) => k.id === data.id);
  assert.ok(listed.lastUsedAt, 'last used is known at once on this instance');
  assert.ok(Date.parse(listed.lastUsedAt) >= before - 1000);

  const defaults = await call('POST', KEYS, { role: 'admin' });
  assert.equal(defaults.body.data.scopes, ['read', 'write'], 'no scopes named: read and write');
  const email = await call('POST', KEYS, { role: 'member', scopes: ['account:write'] });
  assert.equal(email.body.data.scopes, ['read', 'write', 'account:write']);
});

test('revoke: the key answers 401 from then on, the list says revoked with the time; revoking again is harmless', async () => {
  const { body } = await call('POST', KEYS, { role: 'member' });
  assert.is((await app.api('GET', '/api/v1/external/v1/chatbots', { apiKey: body.apiKey })).status, 200);
  const r = await call('DELETE', `${KEYS}/${body.data.id}`);
  assert.is(r.status, 200, r.text);
  assert.is(r.body.data.revoked, true);
  assert.ok(r.body.data.revokedAt);
  const refused = await app.api('GET', '/api/v1/external/v1/chatbots', { apiKey: body.apiKey });
  assert.is(refused.status, 401);
  assert.is((await call('DELETE', `${KEYS}/${body.data.id}`)).status, 200);
});

test('bad inputs are 400 {error, code}', async () => {
  for (const body of [
    { role: 'owner' },
    { role: 'member', scopes: ['delete'] },
    { role: 'member', scopes: 'read' },
    {},
    { role: 'admin', extra: 1 },
  ]) {
    const r = await call('POST', KEYS, body);
    assert.is(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
    assert.equal(keysOf(r.body), ['code', 'error']);
  }
});

test("401 without a session, 403 CSRF without the token, 403 for members (even to read), 404 for another workspace's key", async () => {
  assert.is((await call('GET', KEYS, undefined, { cookie: false })).status, 401);
  const noCsrf = await call('POST', KEYS, { role: 'member' }, { csrf: false });
  assert.is(noCsrf.status, 403);
  assert.is(noCsrf.body.code, 'CSRF');
  const m = (method: string, path: string, body?: unknown) =>
    hostRequest(app, method, path, { origin: member.origin, cookie: member.cookie, csrfToken: member.csrfToken, body });
  for (const [method, body] of [
    ['GET', undefined],
    ['POST', { role: 'member' }],
  ] as const) {
    const r = await m(method, KEYS, body);
    assert.is(r.status, 403, r.text);
    assert.is(r.body.code, 'INSUFFICIENT_ROLE');
  }
  const foreign = (await as(app, other)('GET', KEYS)).body.data[0];
  const r = await call('DELETE', `${KEYS}/${foreign.id}`);
  assert.is(r.status, 404, r.text);
  assert.is(
    (await app.api('GET', '/api/v1/external/v1/chatbots', { apiKey: other.apiKey })).status,
    200,
    'the foreign key still works',
  );
  assert.is((await call('DELETE', `${KEYS}/nope`)).status, 404);
});

test('the OpenAPI document lists the key operations with security session', async () => {
  const doc = (await app.api('GET', '/api/v1/openapi.json')).body;
  for (const [path, method] of [
    ['/api-keys', 'get'],
    ['/api-keys', 'post'],
    ['/api-keys/{id}', 'delete'],
  ]) {
    assert.equal(doc.paths[`${DASH}${path}`]?.[method]?.security, [{ SessionCookie: [] }], `${method} ${path}`);
  }
});

test.run();
