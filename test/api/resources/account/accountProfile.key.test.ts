/** GET and PATCH /external/v1/account: the workspace owner's profile (docs/external-api.md, Account). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { operatorContext } from '../../../../commands/commandContext.js';

const BASE = '/api/v1/external/v1/account';
let app: TestApp;
let key: string;
let keyId: string;
let ownerId: string;
const email = 'profile-owner@example.com';

const patch = (body: unknown, headers?: Record<string, string>) =>
  app.api('PATCH', BASE, { apiKey: key, body, headers });

test.before(async () => {
  app = await startTestApp();
  const ws = await app.createWorkspace('starter', { ownerEmail: email, name: 'Profile Shop' });
  ownerId = ws.ownerId;
  const k = await app.services.workspaces.createApiKey(
    { workspaceId: ws.workspaceId, role: 'member' },
    operatorContext(ws.workspaceId),
  );
  key = k.apiKey;
  keyId = k.id;
});

test('GET returns the owner profile with every field', async () => {
  const r = await app.api('GET', BASE, { apiKey: key });
  assert.is(r.status, 200);
  assert.equal(r.body, {
    data: { name: 'Profile Shop', email, phone: null, dateOfBirth: null, address: null, timezone: 'UTC' },
  });
  assert.is((await app.api('GET', BASE)).status, 401);
});

test('PATCH changes only the given fields, strips HTML and answers the new profile', async () => {
  const r = await patch({
    name: '  <b>Ada</b>   <script>alert(1)</script>Lovelace ',
    phone: '+44 (20) 7946-0958',
    dateOfBirth: '1815-12-10'.replace('1815', '1990'),
    address: '<p>12 Analytical St</p>\nLondon &amp; Co',
    timezone: 'europe/london',
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data, {
    name: 'Ada Lovelace',
    email,
    phone: '+44 (20) 7946-0958',
    dateOfBirth: '1990-12-10',
    address: '12 Analytical St\nLondon & Co',
    timezone: 'Europe/London',
  });
  const only = await patch({ timezone: 'America/New_York' });
  assert.is(only.body.data.name, 'Ada Lovelace', 'fields not given stay');
  assert.is(only.body.data.timezone, 'America/New_York');
  assert.equal((await app.api('GET', BASE, { apiKey: key })).body.data, only.body.data, 'GET agrees at once');
});

test('null clears phone, dateOfBirth and address', async () => {
  const r = await patch({ phone: null, dateOfBirth: null, address: null });
  assert.is(r.status, 200);
  assert.equal([r.body.data.phone, r.body.data.dateOfBirth, r.body.data.address], [null, null, null]);
  assert.is(r.body.data.name, 'Ada Lovelace');
});

test('every bad field is 400 naming it; nothing changes', async () => {
  const before = (await app.api('GET', BASE, { apiKey: key })).body.data;
  const future = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: `<i>${'x'.repeat(201)}</i>` }, 'name'],
    [{ name: '<b></b>   ' }, 'name'],
    [{ name: null }, 'name'],
    [{ name: 5 }, 'name'],
    [{ address: 'a'.repeat(501) }, 'address'],
    [{ address: ['street'] }, 'address'],
    [{ phone: '12345' }, 'phone'],
    [{ phone: '1'.repeat(21) }, 'phone'],
    [{ phone: '+1 555 CALL NOW' }, 'phone'],
    [{ phone: '555.123.4567' }, 'phone'],
    [{ phone: 5551234567 }, 'phone'],
    [{ dateOfBirth: '1990-02-30' }, 'dateOfBirth'],
    [{ dateOfBirth: '1990-13-01' }, 'dateOfBirth'],
    [{ dateOfBirth: '10/12/1990' }, 'dateOfBirth'],
    [{ dateOfBirth: '1990-1-1' }, 'dateOfBirth'],
    [{ dateOfBirth: future }, 'dateOfBirth'],
    [{ dateOfBirth: 19901210 }, 'dateOfBirth'],
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    [{ timezone: '+01:00' }, 'timezone'],
    [{ timezone: '' }, 'timezone'],
    [{ timezone: null }, 'timezone'],
    [{ email: 'new@example.com' }, 'email'],
    [{ role: 'admin' }, 'role'],
    [{ name: 'Fine', phone: 'bad' }, 'phone'],
  ];
  for (const [body, field] of cases) {
    const r = await patch(body);
    assert.is(r.status, 400, `${JSON.stringify(body).slice(0, 80)} → ${r.status} ${JSON.stringify(r.body)}`);
    assert.ok(r.body.error.includes(field), `"${r.body.error}" names ${field}`);
  }
  for (const raw of ['[1,2]', '"name"', 'null', '{"name":']) {
    const r = await app.api('PATCH', BASE, { apiKey: key, body: raw, headers: { 'content-type': 'application/json' } });
    assert.is(r.status, 400, raw);
  }
  assert.equal((await app.api('GET', BASE, { apiKey: key })).body.data, before);
});

test('edge values are accepted: 200/500 characters after stripping, 6 and 20 digits, 29 Feb, today', async () => {
  const today = new Date().toISOString().slice(0, 10);
  const r = await patch({
    name: `<em>${'n'.repeat(200)}</em>`,
    address: `<div>${'a'.repeat(500)}</div>`,
    phone: '123-456',
    dateOfBirth: '2000-02-29',
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.data.name.length, 200);
  assert.is(r.body.data.address.length, 500);
  assert.is((await patch({ phone: '(+1) ' + '2'.repeat(19), dateOfBirth: today })).status, 200);
});

test('audit: each change is a ProfileUpdated event with only the changed fields, the key as actor and the request', async () => {
  await patch(
    { name: 'Grace Hopper', timezone: 'UTC' },
    { 'user-agent': 'profile-audit/2', 'x-request-id': 'profile-req-7' },
  );
  const same = await patch({ name: 'Grace Hopper' });
  assert.is(same.status, 200, 'a no-op patch succeeds');
  const events = (await app.services.events.readStream(`user-${ownerId}`)).filter((e) => e.type === 'ProfileUpdated');
  const last = events[events.length - 1]!;
  assert.equal(
    last.data,
    { userId: ownerId, changes: { name: 'Grace Hopper', timezone: 'UTC' } },
    'the no-op patch recorded nothing',
  );
  assert.equal(last.metadata.actor, { type: 'apiKey', id: keyId });
  assert.is(last.metadata.requestId, 'profile-req-7');
  const request = (last.metadata as { request?: { ip?: string; userAgent?: string } }).request;
  assert.is(request?.userAgent, 'profile-audit/2');
  assert.ok(request?.ip);
  assert.not.ok(JSON.stringify(events.map((e) => [e.data, e.metadata])).includes(key));
});

test('the profile and account routes are in the OpenAPI document', async () => {
  const r = await app.api('GET', '/api/v1/openapi.json');
  const paths = Object.keys(r.body.paths);
  for (const p of [
    '/account',
    '/account/email/request-change',
    '/account/email/verify-identity',
    '/account/email/confirm-change',
  ]) {
    assert.ok(
      paths.some((x) => x.endsWith(`/external/v1${p}`)),
      p,
    );
  }
});

test('close', async () => {
  await app.close();
});

test.run();
