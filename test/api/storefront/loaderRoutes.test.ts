/**
 * The per-store loader {app_url}/script.js?store=<hash>: a short-cached no-op until the store has
 * a Chatbot ID of an existing, enabled chatbot and the switch on; then a script that starts the
 * widget. And {app_url}/api/customer, which trusts a Current Customer JWT only when it verifies.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startStorefrontHarness, type StorefrontHarness } from '../../support/bigcommerce/storefrontHarness.js';
import { NOOP_LOADER } from '../../../api/storefront/loaderScript.js';
import { CUSTOMER_CHECKS_PER_ADDRESS } from '../../../api/storefront/loaderRoutes.js';

let h: StorefrontHarness;
let cookie: string;
let csrf: string;
let botId: string;

test.before(async () => {
  h = await startStorefrontHarness();
  cookie = (await h.install('load1')).cookie!;
  csrf = await h.csrfOf(cookie);
  const ws = await h.app.createWorkspace('pro');
  botId = (
    await h.app.api('POST', '/api/v1/external/v1/chatbots', {
      apiKey: ws.apiKey,
      body: { name: 'Shop bot', description: '' },
    })
  ).body.data.id;
});
test.after(async () => {
  await h?.close();
});

const loader = (store: string) => h.get(`/storefront/script.js?store=${encodeURIComponent(store)}`);

test('unknown, malformed, unconfigured or switched-off stores get a no-op script, cacheable for a minute', async () => {
  for (const store of ['unknownstore', 'BAD!hash', '', 'load1']) {
    const res = await loader(store);
    assert.is(res.status, 200, store);
    assert.is(res.text, NOOP_LOADER, store);
    assert.match(res.headers.get('content-type')!, /^application\/javascript/);
    assert.is(res.headers.get('cache-control'), 'public, max-age=60');
  }
  await h.settings('PUT', cookie, { chatbotId: botId, enabled: false }, csrf);
  assert.is((await loader('load1')).text, NOOP_LOADER, 'switched off');
  await h.settings('PUT', cookie, { chatbotId: 'abcdefabcdefabcdefabcdef', enabled: true }, csrf);
  assert.is((await loader('load1')).text, NOOP_LOADER, 'no such chatbot');
});

test('a configured store gets the loader with its chatbot, store, client id, widget and verify addresses', async () => {
  await h.settings('PUT', cookie, { chatbotId: botId, enabled: true }, csrf);
  const res = await loader('load1');
  assert.is(res.headers.get('cache-control'), 'public, max-age=60');
  assert.is(res.headers.get('access-control-allow-origin'), '*');
  const config = JSON.parse(/\}\)\((\{.*\})\);\s*$/s.exec(res.text)![1]);
  assert.equal(config, {
    botId,
    storeHash: 'load1',
    clientId: h.bc.clientId,
    widgetUrl: `${h.app.config.publicUrl}/widget.js`,
    verifyUrl: `${h.appUrl}/api/customer`,
  });
  assert.ok(res.text.length < 3000, `small (${res.text.length} bytes)`);
  assert.match(res.text, /ConfabWidget\(c\.botId, 'bubble', options\)/);
  assert.match(res.text, /platform: 'bigcommerce'/);
});

async function verify(body: unknown): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${h.appUrl}/api/customer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

test('a Current Customer JWT of this store is verified and answered as the widget user', async () => {
  const token = await h.bc.currentCustomerJwt('load1', { id: 42, email: 'shopper@example.com' });
  const res = await verify({ store: 'load1', token });
  assert.is(res.status, 200);
  assert.equal(res.body, { user: { id: '42', email: 'shopper@example.com' } });
  assert.is(res.headers.get('access-control-allow-origin'), '*');
  const preflight = await fetch(`${h.appUrl}/api/customer`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://shop.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
  assert.ok(preflight.status < 300);
  assert.is(preflight.headers.get('access-control-allow-origin'), '*');
});

test('forged, foreign or stale customer tokens are 401', async () => {
  const c = { id: 42, email: 'shopper@example.com' };
  const cases: Array<[string, string, string]> = [
    ['wrong secret', 'load1', await h.bc.currentCustomerJwt('load1', c, { secret: 'x'.repeat(32) })],
    ['another store', 'load1', await h.bc.currentCustomerJwt('other', c)],
    ['wrong aud', 'load1', await h.bc.currentCustomerJwt('load1', c, { aud: 'another-app' })],
    ['wrong iss', 'load1', await h.bc.currentCustomerJwt('load1', c, { iss: 'bc' })],
    ['expired', 'load1', await h.bc.currentCustomerJwt('load1', c, { exp: -120 })],
    ['garbage', 'load1', 'abc'],
  ];
  for (const [what, store, token] of cases) assert.is((await verify({ store, token })).status, 401, what);
  assert.is((await verify({ store: 'load1' })).status, 400, 'token is required');
});

// Last: it spends this address's allowance of the minute.
test('the open customer check is limited per client address: 429 with Retry-After, not another verification', async () => {
  const answers: Array<{ status: number; body: any; headers: Headers }> = [];
  for (let i = 0; i < CUSTOMER_CHECKS_PER_ADDRESS.points + 5; i++)
    answers.push(await verify({ store: 'load1', token: 'abc' }));
  const first = answers.findIndex((a) => a.status === 429);
  assert.ok(first > 0 && first <= CUSTOMER_CHECKS_PER_ADDRESS.points, `first 429 at ${first}`);
  assert.ok(
    answers.slice(0, first).every((a) => a.status === 401),
    'checks below the limit are verified (401 for garbage)',
  );
  assert.ok(
    answers.slice(first).every((a) => a.status === 429),
    'and every one after is refused',
  );
  assert.type(answers[first].body.error, 'string');
  assert.ok(Number(answers[first].headers.get('retry-after')) > 0, 'Retry-After says when to come back');
  assert.is(answers[first].headers.get('access-control-allow-origin'), '*', 'a storefront page can read the refusal');
});

test.run();
