/**
 * Bad input to the branding writes (PATCH /branding, PATCH /organization, PUT /slug): every one
 * a 4xx JSON error naming the problem, by API key or by session, and the stored branding is the
 * same afterwards. Text that is text (emoji, combining marks, RTL) is kept exactly.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../support/testApp.js';
import { createSignedInWorkspace, hostRequest, startSignInApp, type SignedInWorkspace } from '../../support/signIn.js';
import {
  adminKeys,
  assertRefused,
  NOT_A_STRING,
  NOT_AN_OBJECT,
  NOT_JSON_TYPES,
  REAL_TEXT,
  UNSTORABLE_TEXT,
} from '../../support/badInput.js';

const W = '/api/v1/workspace';
let app: TestApp;
let ws: SignedInWorkspace;
let key: () => Promise<string>;

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.api(method, W + path, { apiKey: await key(), body, headers });
const branding = async () => (await call('GET', '/branding')).body;

test.before(async () => {
  app = await startSignInApp();
  ws = await createSignedInWorkspace(app, 'pro', { slug: 'brandbad' });
  key = adminKeys(app, ws.workspaceId);
  const set = await call('PATCH', '/branding', { displayName: 'Acme', tagline: 'Hello', primaryColor: '#112233' });
  assert.is(set.status, 200, JSON.stringify(set.body));
});
test.after(async () => {
  await app.close();
});

test('a body that is no JSON object, or is not JSON at all, is refused as such; nothing changes', async () => {
  const before = await branding();
  for (const path of ['/branding', '/organization', '/slug']) {
    const method = path === '/slug' ? 'PUT' : 'PATCH';
    for (const [label, text, says] of NOT_AN_OBJECT)
      assertRefused(await call(method, path, text), 400, says, `${path} ${label}`);
    for (const [type, body] of NOT_JSON_TYPES)
      assertRefused(await call(method, path, body, { 'content-type': type }), 415, /JSON/, `${path} ${type}`);
    assertRefused(
      await call(method, path, JSON.stringify({ f: 'x'.repeat(1024 * 1024) })),
      413,
      /64 KB/,
      `${path} 1 MB`,
    );
  }
  assert.equal(await branding(), before);
});

/** [body, the field the refusal names] for PATCH /branding. */
const BAD_BRANDING: Array<[Record<string, unknown>, string]> = [
  ...['displayName', 'tagline', 'primaryColor', 'secondaryColor', 'loginLogo', 'companyLogo'].flatMap((f) =>
    NOT_A_STRING.map((v): [Record<string, unknown>, string] => [{ [f]: v }, f]),
  ),
  ...['display', 'display.fit'].map((f): [Record<string, unknown>, string] => [
    f === 'display' ? { display: 'cover' } : { display: { fit: 7 } },
    f,
  ]),
  [{ displayName: '' }, 'displayName'],
  [{ displayName: '   ' }, 'displayName'],
  [{ displayName: 'a'.repeat(101) }, 'displayName'],
  // One line of text a visitor reads: control characters and line breaks are a mistake to point at.
  [{ displayName: 'Acme\nInc' }, 'displayName'],
  [{ displayName: 'Acme\u001b[31m' }, 'displayName'],
  [{ tagline: 'Hi\u0007there' }, 'tagline'],
  [{ tagline: 'one\u2028two' }, 'tagline'],
  [{ primaryColor: '#12345' }, 'primaryColor'],
  [{ primaryColor: 'red' }, 'primaryColor'],
  [{ secondaryColor: '#GGGGGG' }, 'secondaryColor'],
  [{ loginLogo: 'javascript:alert(1)' }, 'loginLogo'],
  [{ loginLogo: 'http://evil.example/x.png' }, 'loginLogo'],
  [{ companyLogo: 'https://' }, 'companyLogo'],
  [{ display: { fit: 'zoom' } }, 'display.fit'],
  [{ display: { position: 'middle' } }, 'display.position'],
  [{ display: { extra: 1 } }, 'display'],
  [{ display: ['cover'] }, 'display'],
  ...['101,0', '-1,5', '1e2,0', 'NaN,1', '50', '50,50,50', ''].map(
    (cardPosition): [Record<string, unknown>, string] => [{ display: { cardPosition } }, 'display.cardPosition'],
  ),
  [{ displayName: 'Fine', primaryColor: 'bad' }, 'primaryColor'],
  [{ slug: 'acme' }, 'slug'],
  [JSON.parse('{"__proto__":{"displayName":"x"}}'), '__proto__'],
];

/** [body, field] for PATCH /organization. */
const BAD_ORGANIZATION: Array<[Record<string, unknown>, string]> = [
  ...['description', 'website', 'industry', 'companySize', 'country', 'timezone'].flatMap((f) =>
    NOT_A_STRING.map((v): [Record<string, unknown>, string] => [{ [f]: v }, f]),
  ),
  [{ description: 'd'.repeat(501) }, 'description'],
  [{ description: 'About us\u0007' }, 'description'],
  [{ description: 'x\u001b[31m' }, 'description'],
  [{ website: 'ftp://example.com' }, 'website'],
  [{ website: 'not a url' }, 'website'],
  [{ industry: 'Crime' }, 'industry'],
  [{ companySize: '5' }, 'companySize'],
  [{ country: 'XX' }, 'country'],
  [{ country: 'USA' }, 'country'],
  [{ timezone: 'Mars/Olympus' }, 'timezone'],
  [{ timezone: '' }, 'timezone'],
  [{ employees: 5 }, 'employees'],
];

test('every field: wrong types, rule breakers and unknown fields are 400 naming the field; nothing changes', async () => {
  const before = await branding();
  for (const [body, field] of BAD_BRANDING)
    assertRefused(await call('PATCH', '/branding', body), 400, field, JSON.stringify(body).slice(0, 80));
  for (const [body, field] of BAD_ORGANIZATION)
    assertRefused(await call('PATCH', '/organization', body), 400, field, JSON.stringify(body).slice(0, 80));
  for (const field of ['displayName', 'tagline', 'description', 'website', 'timezone']) {
    const path = ['description', 'website', 'timezone'].includes(field) ? '/organization' : '/branding';
    for (const [text, says] of UNSTORABLE_TEXT)
      assertRefused(await call('PATCH', path, { [field]: text }), 400, says, `${field} ${JSON.stringify(text)}`);
  }
  assert.equal(await branding(), before);
});

test('PUT /slug: wrong types and slugs that break a rule are 400; the slug stays and nothing is reserved', async () => {
  const bad: unknown[] = [
    ...NOT_A_STRING,
    null,
    '',
    'ACME CORP',
    'acme\u200b',
    '\u0430cme-shop',
    'a'.repeat(1000),
    'www',
    '-acme',
    'acme--x',
    'a\u0000bcd',
  ];
  for (const slug of bad)
    assertRefused(await call('PUT', '/slug', { slug }), 400, 'slug', JSON.stringify(slug).slice(0, 40));
  assert.is((await branding()).slug, 'brandbad');
  assert.is((await call('GET', '/check-slug/acme-shop')).body.available, true, 'a refused claim reserves nothing');
});

test('text that is text is stored exactly, and read back the same', async () => {
  for (const text of REAL_TEXT) {
    const r = await call('PATCH', '/branding', { displayName: text, tagline: text });
    assert.is(r.status, 200, JSON.stringify(r.body));
    const got = await branding();
    assert.equal([got.displayName, got.branding.tagline], [text, text]);
    const org = await call('PATCH', '/organization', { description: `${text}\nsecond line` });
    assert.is(org.body.organization.description, `${text}\nsecond line`, 'a description may have more than one line');
  }
});

test('by session: a missing or wrong CSRF token, a garbled cookie or another Origin is refused before the body is read', async () => {
  const before = await branding();
  const patch = (headers: Record<string, string>, body: unknown = { displayName: 'Hijacked' }) =>
    hostRequest(app, 'PATCH', `${W}/branding`, { origin: ws.origin, headers, body });
  const cases: Array<[string, Record<string, string>, number, RegExp]> = [
    ['no CSRF token', { cookie: ws.cookie }, 403, /CSRF/],
    ['a wrong CSRF token', { cookie: ws.cookie, 'x-csrf-token': 'x'.repeat(43) }, 403, /CSRF/],
    ['an overlong CSRF token', { cookie: ws.cookie, 'x-csrf-token': 'x'.repeat(8000) }, 403, /CSRF/],
    [
      'another Origin',
      { cookie: ws.cookie, 'x-csrf-token': ws.csrfToken, origin: 'https://evil.example' },
      403,
      /CSRF/,
    ],
    ['Origin null', { cookie: ws.cookie, 'x-csrf-token': ws.csrfToken, origin: 'null' }, 403, /CSRF/],
    ['a garbled cookie', { cookie: 'confab_session=%%%;;=;', 'x-csrf-token': ws.csrfToken }, 401, /Sign in/],
    ['a cookie without a value', { cookie: 'confab_session', 'x-csrf-token': ws.csrfToken }, 401, /Sign in/],
    ['no cookie', { 'x-csrf-token': ws.csrfToken }, 401, /Sign in/],
  ];
  for (const [label, headers, status, says] of cases) assertRefused(await patch(headers), status, says, label);
  // With the session in order, the body is judged as by key.
  const good = { cookie: ws.cookie, 'x-csrf-token': ws.csrfToken, origin: ws.origin };
  assertRefused(await patch(good, 'null'), 400, /request body must be object/, 'session, null body');
  assertRefused(await patch(good, { displayName: 'a\nb' }), 400, 'displayName', 'session, newline');
  assert.equal(await branding(), before);
});

test.run();
