/**
 * The storefront app's lifecycle against the BigCommerce stand-in: install (the exact token
 * request, one script however often, or however concurrently, it is installed), a failed
 * exchange that stores nothing, load (a session), every kind of bad signed_payload_jwt (401,
 * nothing changes), remove_user and uninstall (record, token and sessions gone), and the token in
 * no event, view or log line. The scripts a load repairs, and stores with several storefronts:
 * loadRepair.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startStorefrontHarness, type StorefrontHarness } from '../../support/bigcommerce/storefrontHarness.js';
import { APP_SCOPE, OWNER } from '../../support/bigcommerce/bigCommerceStandIn.js';
import { STORES } from '../../../projections/views/storesView.js';
import { runCliCommand } from '../../../cli/cliCommands.js';

let h: StorefrontHarness;
const STAFF = { id: 2002, username: 'staff', email: 'staff@store.example' };

test.before(async () => {
  h = await startStorefrontHarness();
});
test.after(async () => {
  await h?.close();
});

const storeOf = (hash: string) => h.app.services.views.get(STORES, hash);
const tokenRows = async (hash: string) =>
  (
    await h.app.services.sql.query<{ ciphertext: string }>(
      'SELECT ciphertext FROM store_tokens WHERE store_hash = $1',
      [hash],
    )
  ).rows;
const eventCount = async () => (await h.app.services.events.readAll({ limit: 100000 })).length;

test('install exchanges the code exactly as documented, registers one script and sends the merchant to /app with a session', async () => {
  const res = await h.install('abc123');
  assert.is(res.status, 302, res.text);
  assert.is(res.location, '/storefront/app');
  assert.ok(res.cookie, 'a store session cookie');

  const exchanges = h.bc.calls.filter((c) => c.path === '/oauth2/token');
  assert.is(exchanges.length, 1);
  assert.match(String(exchanges[0].headers['content-type']), /^application\/json/);
  const sent = exchanges[0].body as Record<string, string>;
  assert.equal(Object.keys(sent).sort(), [
    'client_id',
    'client_secret',
    'code',
    'context',
    'grant_type',
    'redirect_uri',
    'scope',
  ]);
  assert.is(sent.client_id, h.bc.clientId);
  assert.is(sent.client_secret, h.bc.clientSecret);
  assert.is(sent.grant_type, 'authorization_code');
  assert.is(sent.redirect_uri, `${h.appUrl}/auth`);
  assert.is(sent.context, 'stores/abc123');
  assert.is(sent.scope, APP_SCOPE);

  const scripts = h.bc.scriptsOf('abc123');
  assert.is(scripts.length, 1);
  const { uuid: _u, api_client_id: _a, date_created: _d, date_modified: _m, ...script } = scripts[0];
  assert.equal(script, {
    name: 'Confab chat widget',
    description: 'Starts the Confab chatbot on your storefront. Managed by the Confab app.',
    src: `${h.appUrl}/script.js?store=abc123`,
    auto_uninstall: true,
    load_method: 'async',
    location: 'footer',
    visibility: 'all_pages',
    kind: 'src',
    consent_category: 'functional',
    enabled: true,
    channel_id: 1,
  });
  const apiCalls = h.bc.calls.filter((c) => c.path.startsWith('/stores/abc123/v3/'));
  assert.ok(
    apiCalls.some((c) => c.path.endsWith('/v3/channels')),
    "the store's channels are read",
  );
  assert.ok(
    apiCalls.every((c) => c.headers['x-auth-token'] === h.bc.tokenOf('abc123')),
    'Scripts and Channels API calls carry X-Auth-Token',
  );

  const store = await storeOf('abc123');
  assert.equal(
    { hash: store?.storeHash, by: store?.installedBy, chatbotId: store?.chatbotId, enabled: store?.enabled },
    { hash: 'abc123', by: { id: '1001', email: OWNER.email }, chatbotId: null, enabled: false },
  );
  const rows = await tokenRows('abc123');
  assert.is(rows.length, 1);
  assert.not.ok(rows[0].ciphertext.includes(h.bc.tokenOf('abc123')!), 'stored encrypted');
  const settings = await h.settings('GET', res.cookie);
  assert.is(settings.status, 200);
});

test('installing again finds the one script current: it reads, writes nothing and never adds a second', async () => {
  const before = h.bc.calls.length;
  const res = await h.install('abc123');
  assert.is(res.status, 302);
  const calls = h.bc.calls.slice(before).map((c) => `${c.method} ${c.path}`);
  assert.equal(calls, [
    'POST /oauth2/token',
    'GET /stores/abc123/v3/channels',
    'GET /stores/abc123/v3/content/scripts',
  ]);
  assert.is(h.bc.scriptsOf('abc123').length, 1);
});

test('two installs at once (a double-clicked Install, /auth called twice) leave one script', async () => {
  // Both installs read the store's (empty) script list before either creates one.
  h.bc.holdScriptLists(2);
  const both = await Promise.all([h.install('race42'), h.install('race42')]);
  assert.equal(
    both.map((r) => r.status),
    [302, 302],
  );
  assert.is(h.bc.scriptsOf('race42').length, 1);
  assert.is(h.bc.scriptsOf('race42')[0].src, `${h.appUrl}/script.js?store=race42`);
});

test('a failed exchange shows the merchant an error page and stores nothing', async () => {
  const events = await eventCount();
  h.bc.failNextExchange(400);
  const res = await h.install('failhash');
  assert.is(res.status, 502);
  assert.match(res.text, /Confab could not be installed/);
  assert.match(res.text, /nothing was saved/);
  assert.is(res.cookie, null);
  assert.is(await storeOf('failhash'), null);
  assert.equal(await tokenRows('failhash'), []);
  assert.equal(h.bc.scriptsOf('failhash'), []);
  assert.is(await eventCount(), events);

  const incomplete = await h.get('/storefront/auth?code=x');
  assert.is(incomplete.status, 400);
  assert.match(incomplete.text, /incomplete/);
});

test('load with a valid signed payload opens a session and shows /app', async () => {
  const res = await h.load('abc123');
  assert.is(res.status, 302);
  assert.is(res.location, '/storefront/app');
  const page = await h.get('/storefront/app', { cookie: `confab_store_session=${res.cookie}` });
  assert.is(page.status, 200);
  assert.match(page.text, /id="confab-store"/);
  const set = (await h.load('abc123')).cookie;
  assert.ok(set && set !== res.cookie, 'each load a fresh session');
});

test('the session cookie is HttpOnly and SameSite=Lax on an http localhost APP_URL', async () => {
  const res = await h.get(`/storefront/load?signed_payload_jwt=${await h.bc.signedPayload('abc123', OWNER)}`);
  const cookie = res.setCookie.find((c) => c.startsWith('confab_store_session='))!;
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Lax/);
  assert.match(cookie, /Path=\/storefront/);
});

test('bad signed payloads are 401 and change nothing', async () => {
  const now = Math.floor(Date.now() / 1000);
  const alg_none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ aud: h.bc.clientId, iss: 'bc', sub: 'stores/abc123', iat: now, nbf: now, exp: now + 300, user: { id: 1001, email: OWNER.email } })).toString('base64url')}.`;
  const cases: Array<[string, () => Promise<string>]> = [
    ['wrong secret', () => h.bc.signedPayload('abc123', OWNER, { secret: 'not-the-secret' })],
    ['wrong aud', () => h.bc.signedPayload('abc123', OWNER, { aud: 'another-app' })],
    ['wrong iss', () => h.bc.signedPayload('abc123', OWNER, { iss: 'evil' })],
    ['expired', () => h.bc.signedPayload('abc123', OWNER, { exp: -120 })],
    ['nbf in the future', () => h.bc.signedPayload('abc123', OWNER, { nbf: 600, exp: 900 })],
    ['bad sub', () => h.bc.signedPayload('abc123', OWNER, { sub: 'abc123' })],
    ['alg none', async () => alg_none],
    ['garbage', async () => 'not.a.jwt'],
  ];
  const events = await eventCount();
  for (const path of ['/load', '/uninstall', '/remove_user']) {
    for (const [what, make] of cases) {
      const res = await h.get(`/storefront${path}?signed_payload_jwt=${encodeURIComponent(await make())}`);
      assert.is(res.status, 401, `${path} ${what}`);
      assert.is(res.cookie, null, `${path} ${what}: no session`);
    }
    assert.is((await h.get(`/storefront${path}`)).status, 401, `${path} without a payload`);
  }
  assert.is(await eventCount(), events, 'nothing recorded');
  assert.ok(await storeOf('abc123'), 'the store is still installed');
  assert.is((await tokenRows('abc123')).length, 1);
});

test('load for a store that is not installed says so (404), without a session', async () => {
  const res = await h.load('neverinstalled');
  assert.is(res.status, 404);
  assert.match(res.text, /not installed/);
  assert.is(res.cookie, null);
});

test("remove_user ends that user's access; the owner keeps theirs", async () => {
  const owner = (await h.load('abc123')).cookie!;
  const staff = (await h.load('abc123', STAFF)).cookie!;
  assert.is((await h.settings('GET', staff)).status, 200);
  assert.equal((await storeOf('abc123'))?.users.map((u) => u.id).sort(), ['1001', '2002']);
  const res = await h.callback('/remove_user', 'abc123', STAFF);
  assert.is(res.status, 200);
  assert.equal(
    (await storeOf('abc123'))?.users.map((u) => u.id),
    ['1001'],
  );
  assert.is((await h.settings('GET', staff)).status, 401);
  assert.is((await h.settings('GET', owner)).status, 200);
});

test('stores are isolated: a session of one store never reads or writes another', async () => {
  const other = await h.install('zzz999');
  const mine = (await h.load('abc123')).cookie!;
  assert.is((await h.settings('GET', other.cookie)).body.storeHash, 'zzz999');
  assert.is((await h.settings('GET', mine)).body.storeHash, 'abc123');
  assert.is(h.bc.scriptsOf('zzz999').length, 1);
  assert.is(h.bc.scriptsOf('abc123').length, 1);
});

test('uninstall removes the record, forgets the token and ends the sessions', async () => {
  const session = (await h.load('zzz999')).cookie!;
  const res = await h.callback('/uninstall', 'zzz999');
  assert.is(res.status, 200);
  assert.is(await storeOf('zzz999'), null);
  assert.equal(await tokenRows('zzz999'), []);
  assert.is((await h.settings('GET', session)).status, 401);
  assert.is((await h.load('zzz999')).status, 404, 'the app must be installed again');
  assert.is((await h.callback('/uninstall', 'zzz999')).status, 200, 'a repeated uninstall is harmless');
  assert.ok(await storeOf('abc123'), 'the other store is untouched');
});

test('no access token in the event export, the views or any log line', async () => {
  const tokens = ['abc123', 'zzz999'].map((s) => h.bc.tokenOf(s)!).filter(Boolean);
  assert.ok(tokens.length === 2);
  const exported = await runCliCommand(h.app.services as never, ['events', 'export']);
  const exportText = 'lines' in exported ? exported.lines.join('\n') : JSON.stringify(exported);
  assert.match(exportText, /StoreInstalled/);
  const views = JSON.stringify(await h.app.services.views.find(STORES, {}));
  for (const token of tokens) {
    assert.not.ok(exportText.includes(token), 'export');
    assert.not.ok(views.includes(token), 'views');
    assert.not.ok(h.logs().includes(token), 'logs');
  }
  assert.not.ok(h.logs().includes(h.bc.clientSecret), 'the client secret is never logged');
  assert.ok(h.logs().length > 0, 'logs were captured');
});

test.run();
