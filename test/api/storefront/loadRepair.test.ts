/**
 * The loader scripts through the app's callbacks, against the BigCommerce stand-in: install on a
 * store with several storefronts (one script per storefront, none on a marketplace or POS), an
 * install whose token may not read channels (the default storefront, and a warning), and the
 * check a load runs after answering: no write when every script is current, a rewrite when one
 * was edited, a new one when one was deleted or a storefront was added.
 *
 * The check runs after /load has answered, so each test waits for its log line (the harness logs
 * at debug) before it looks at what was sent: no fixed pauses.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startStorefrontHarness, type StorefrontHarness } from '../../support/bigcommerce/storefrontHarness.js';
import { OWNER } from '../../support/bigcommerce/bigCommerceStandIn.js';
import { eventually } from '../../support/waiting.js';

let h: StorefrontHarness;

test.before(async () => {
  h = await startStorefrontHarness();
});
test.after(async () => {
  await h?.close();
});

const ours = (storeHash: string) => h.bc.scriptsOf(storeHash).filter((s) => s.api_client_id === h.bc.clientId);
const channelsOfOurs = (storeHash: string) => ours(storeHash).map((s) => s.channel_id).sort((a, b) => a - b);
const logLines = (storeHash: string, on: 'install' | 'load') =>
  h.logs().split('\n').filter((l) => l.includes('"message":"storefront loader scripts') && l.includes(`"storeHash":"${storeHash}"`) && l.includes(`"on":"${on}"`));
const scriptCallsSince = (storeHash: string, from: number) =>
  h.bc.calls.slice(from).filter((c) => c.path.startsWith(`/stores/${storeHash}/v3/`)).map((c) => `${c.method} ${c.path.replace(`/stores/${storeHash}/v3`, '').replace(/[0-9a-f-]{36}$/, ':uuid')}`);

/** Opens the app and waits until the script check that follows has finished; answers what it sent to BigCommerce. */
async function loadAndCheck(storeHash: string): Promise<{ calls: string[]; logged: string }> {
  const checked = logLines(storeHash, 'load').length;
  const from = h.bc.calls.length;
  assert.is((await h.load(storeHash)).status, 302);
  const logged = await eventually(() => logLines(storeHash, 'load')[checked], 8000, `the script check of ${storeHash}'s load`);
  return { calls: scriptCallsSince(storeHash, from), logged };
}

test('install on a store with several storefronts: one script on each storefront, none elsewhere', async () => {
  const second = h.bc.addChannel('multi1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  const catalyst = h.bc.addChannel('multi1', { type: 'storefront', platform: 'catalyst', status: 'prelaunch' });
  h.bc.addChannel('multi1', { type: 'marketplace', platform: 'amazon', status: 'connected' });
  h.bc.addChannel('multi1', { type: 'pos', platform: 'square', status: 'connected' });
  assert.is((await h.install('multi1')).status, 302);
  assert.equal(channelsOfOurs('multi1'), [1, second.id, catalyst.id]);
  for (const s of ours('multi1')) assert.is(s.src, `${h.appUrl}/script.js?store=multi1`);
  assert.match(logLines('multi1', 'install')[0] ?? '', /"created":3/);
});

test('opening the app when every script is current reads and writes nothing', async () => {
  const { calls, logged } = await loadAndCheck('multi1');
  assert.equal(calls, ['GET /channels', 'GET /content/scripts']);
  assert.match(logged, /"level":"debug"/);
  assert.equal(channelsOfOurs('multi1').length, 3);
});

test('opening the app rewrites a script the merchant edited, and only that one', async () => {
  // "authorized control panel users can change the consent category" (Scripts API docs).
  const edited = ours('multi1').find((s) => s.channel_id !== 1)!;
  edited.consent_category = 'analytics';
  const { calls } = await loadAndCheck('multi1');
  assert.equal(calls, ['GET /channels', 'GET /content/scripts', 'PUT /content/scripts/:uuid']);
  assert.ok(h.bc.calls.some((c) => c.method === 'PUT' && c.path.endsWith(edited.uuid)));
  assert.is(edited.consent_category, 'functional');
});

test('opening the app puts back a script the merchant deleted, and gives a new storefront one', async () => {
  const [script] = ours('multi1');
  const token = h.bc.tokenOf('multi1')!;
  const deleted = await fetch(`${h.bc.url}/stores/multi1/v3/content/scripts/${script.uuid}`, { method: 'DELETE', headers: { 'x-auth-token': token } });
  assert.is(deleted.status, 204);
  const added = h.bc.addChannel('multi1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  const { calls } = await loadAndCheck('multi1');
  assert.equal(calls, ['GET /channels', 'GET /content/scripts', 'POST /content/scripts', 'POST /content/scripts', 'GET /content/scripts']);
  assert.equal(channelsOfOurs('multi1'), h.bc.channelsOf('multi1').filter((c) => c.type === 'storefront').map((c) => c.id));
  assert.ok(channelsOfOurs('multi1').includes(added.id));
});

test('a storefront archived since loses its script when the app is opened', async () => {
  const archived = h.bc.channelsOf('multi1').find((c) => c.platform === 'catalyst')!;
  archived.status = 'archived';
  const { calls } = await loadAndCheck('multi1');
  assert.equal(calls, ['GET /channels', 'GET /content/scripts', 'DELETE /content/scripts/:uuid']);
  assert.not.ok(channelsOfOurs('multi1').includes(archived.id));
});

test('a token without the Channel Settings scope: the default storefront only, and the operator is warned', async () => {
  h.bc.addChannel('oldscope1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  assert.is((await h.install('oldscope1', OWNER, 'store_v2_content store_content_checkout')).status, 302);
  assert.equal(channelsOfOurs('oldscope1'), [1]);
  const [line] = logLines('oldscope1', 'install');
  assert.match(line ?? '', /"level":"warn"/);
  assert.match(line ?? '', /"channelsRead":false/);
});

test.run();
