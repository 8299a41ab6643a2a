/**
 * The storefront settings (docs/storefront.md): GET/PUT {app_url}/api/settings with the store session, the Chatbot ID
 * taken from a bare id, an embed snippet or a dashboard URL (anything else 400), the chatbot's
 * status in every answer, CSRF on writes, and the /app page's framing rules.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startStorefrontHarness, type StorefrontHarness } from '../../support/bigcommerce/storefrontHarness.js';

let h: StorefrontHarness;
let cookie: string;
let csrf: string;
let botId: string;
let botName: string;

test.before(async () => {
  h = await startStorefrontHarness();
  cookie = (await h.install('set123')).cookie!;
  csrf = await h.csrfOf(cookie);
  const ws = await h.app.createWorkspace('pro');
  const created = await h.app.api('POST', '/api/v1/external/v1/chatbots', {
    apiKey: ws.apiKey,
    body: { name: 'Store helper', description: 'Answers shoppers' },
  });
  botId = created.body.data.id;
  botName = created.body.data.name;
});
test.after(async () => {
  await h?.close();
});

test('a fresh store has no Chatbot ID and is switched off', async () => {
  const res = await h.settings('GET', cookie);
  assert.is(res.status, 200);
  // The install found one storefront, the default one, and put the chat on it.
  assert.equal(res.body, {
    storeHash: 'set123',
    chatbotId: null,
    enabled: false,
    chatbot: null,
    loader: { channels: [1], leftOut: [], refusedByPlatform: [], channelsRead: true },
  });
});

test('a bare id is saved and the answer says which chatbot it is and that it is enabled', async () => {
  const res = await h.settings('PUT', cookie, { chatbotId: botId, enabled: true }, csrf);
  assert.is(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body, {
    storeHash: 'set123',
    chatbotId: botId,
    enabled: true,
    chatbot: { id: botId, exists: true, name: botName, enabled: true },
    loader: { channels: [1], leftOut: [], refusedByPlatform: [], channelsRead: true },
  });
  assert.equal((await h.settings('GET', cookie)).body.chatbotId, botId);
});

test('the full embed snippet and a dashboard URL give the same id', async () => {
  const snippet = `<script src="http://localhost/widget.js"></script>\n<script>\n  ConfabWidget('${botId.toUpperCase()}', 'bubble', { customData: { plan: 'gold' } });\n</script>`;
  for (const input of [snippet, `https://acme.confab.example/chatbots/${botId}?tab=settings`, `  ${botId}  `]) {
    const res = await h.settings('PUT', cookie, { chatbotId: input, enabled: false }, csrf);
    assert.is(res.status, 200, input);
    assert.is(res.body.chatbotId, botId, input);
    assert.is(res.body.enabled, false);
  }
});

test('a well-formed id of no chatbot is saved, and the answer says it does not exist', async () => {
  const res = await h.settings('PUT', cookie, { chatbotId: 'abcdefabcdefabcdefabcdef', enabled: true }, csrf);
  assert.is(res.status, 200);
  assert.equal(res.body.chatbot, { id: 'abcdefabcdefabcdefabcdef', exists: false, name: null, enabled: false });
});

test('text without exactly one id is 400 naming the field; nothing changes', async () => {
  const before = (await h.settings('GET', cookie)).body;
  for (const input of [
    '',
    'hello',
    'abc123',
    '0123456789abcdef0123456789abcdef',
    `${botId} and abcdefabcdefabcdefabcdef`,
  ]) {
    const res = await h.settings('PUT', cookie, { chatbotId: input, enabled: true }, csrf);
    assert.is(res.status, 400, input);
    assert.match(res.body.error, /chatbotId/);
  }
  assert.is((await h.settings('PUT', cookie, { chatbotId: botId }, csrf)).status, 400, 'enabled is required');
  assert.is((await h.settings('PUT', cookie, { chatbotId: botId, enabled: 'yes' }, csrf)).status, 400);
  assert.equal((await h.settings('GET', cookie)).body, before);
});

test('without a session: 401; without the CSRF token: 403', async () => {
  assert.is((await h.settings('GET', null)).status, 401);
  assert.is((await h.settings('PUT', null, { chatbotId: botId, enabled: true })).status, 401);
  assert.is((await h.settings('GET', 'forged-session-id')).status, 401);
  const noCsrf = await h.settings('PUT', cookie, { chatbotId: botId, enabled: true });
  assert.is(noCsrf.status, 403);
  assert.is(noCsrf.body.code, 'CSRF');
  assert.is((await h.settings('PUT', cookie, { chatbotId: botId, enabled: true }, 'wrong-token')).status, 403);
});

test('the lookup says which chatbot a pasted text names without saving it', async () => {
  const res = await fetch(`${h.appUrl}/api/chatbot?input=${encodeURIComponent(`ConfabWidget('${botId}','bubble')`)}`, {
    headers: { cookie: `confab_store_session=${cookie}` },
  });
  assert.equal(await res.json(), {
    chatbotId: botId,
    chatbot: { id: botId, exists: true, name: botName, enabled: true },
  });
  const none = await fetch(`${h.appUrl}/api/chatbot?input=nothing`, {
    headers: { cookie: `confab_store_session=${cookie}` },
  });
  assert.equal(await none.json(), { chatbotId: null, chatbot: null });
  assert.is((await fetch(`${h.appUrl}/api/chatbot?input=x`)).status, 401);
});

test('a disabled chatbot is reported as such', async () => {
  const ws = await h.app.createWorkspace('pro');
  const created = await h.app.api('POST', '/api/v1/external/v1/chatbots', {
    apiKey: ws.apiKey,
    body: { name: 'Paused bot', description: '' },
  });
  const id = created.body.data.id;
  assert.is(
    (await h.app.api('PUT', `/api/v1/external/v1/chatbots/${id}`, { apiKey: ws.apiKey, body: { disabled: true } }))
      .status,
    200,
  );
  const res = await h.settings('PUT', cookie, { chatbotId: id, enabled: true }, csrf);
  assert.equal(res.body.chatbot, { id, exists: true, name: 'Paused bot', enabled: false });
});

test('/app may be framed only by the BigCommerce control panel; without a session it explains where to open it', async () => {
  const page = await h.get('/storefront/app', { cookie: `confab_store_session=${cookie}` });
  const csp = page.headers.get('content-security-policy')!;
  assert.match(csp, /frame-ancestors https:\/\/\*\.bigcommerce\.com https:\/\/\*\.mybigcommerce\.com(;|$)/);
  assert.match(csp, /script-src 'self'/);
  assert.is(page.headers.get('x-frame-options'), null);
  assert.match(page.text, /src="\/storefront\/assets\/app\.js"/);
  const anonymous = await h.get('/storefront/app');
  assert.is(anonymous.status, 401);
  assert.match(anonymous.text, /control panel/);
  // Elsewhere the service keeps refusing frames.
  assert.match((await h.get('/healthz')).headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
});

test.run();
