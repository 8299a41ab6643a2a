/**
 * The loader scripts through the app's callbacks, against the BigCommerce stand-in: install on a
 * store with several storefronts (one script per storefront, none on a marketplace or POS), an
 * install whose token may not read channels (the default storefront, and a warning), and the
 * check a load runs after answering: no write when every script is current, a rewrite when one
 * was edited, a new one when one was deleted or a storefront was added. What each check found is
 * what the settings page shows (`loader` of /api/settings), recorded only when it changed.
 *
 * The check runs after /load has answered, so each test waits for its log line (the harness logs
 * at debug) before it looks at what was sent: no fixed pauses.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startStorefrontHarness, type StorefrontHarness } from '../../support/bigcommerce/storefrontHarness.js';
import { OWNER } from '../../support/bigcommerce/bigCommerceStandIn.js';
import { eventually } from '../../support/waiting.js';
import { storeStreamId } from '../../../domain/storefront/storeRecord.js';

let h: StorefrontHarness;

test.before(async () => {
  h = await startStorefrontHarness();
});
test.after(async () => {
  await h?.close();
});

const ours = (storeHash: string) => h.bc.scriptsOf(storeHash).filter((s) => s.api_client_id === h.bc.clientId);
const channelsOfOurs = (storeHash: string) =>
  ours(storeHash)
    .map((s) => s.channel_id)
    .sort((a, b) => a - b);
const logLines = (storeHash: string, on: 'install' | 'load') =>
  h
    .logs()
    .split('\n')
    .filter(
      (l) =>
        l.includes('"message":"storefront loader scripts') &&
        l.includes(`"storeHash":"${storeHash}"`) &&
        l.includes(`"on":"${on}"`),
    );
const scriptCallsSince = (storeHash: string, from: number) =>
  h.bc.calls
    .slice(from)
    .filter((c) => c.path.startsWith(`/stores/${storeHash}/v3/`))
    .map((c) => `${c.method} ${c.path.replace(`/stores/${storeHash}/v3`, '').replace(/[0-9a-f-]{36}$/, ':uuid')}`);

const storeEvents = async (storeHash: string) =>
  (await h.app.services.events.readStream(storeStreamId(storeHash))).map((e) => e.type);
const loaderOf = async (storeHash: string, cookie: string | null) => {
  const res = await h.settings('GET', cookie);
  assert.is(res.status, 200, JSON.stringify(res.body));
  return res.body.loader;
};

/** Opens the app and waits until the script check that follows has finished; answers what it sent to BigCommerce, and the session. */
async function loadAndCheck(storeHash: string): Promise<{ calls: string[]; logged: string; cookie: string | null }> {
  const checked = logLines(storeHash, 'load').length;
  const from = h.bc.calls.length;
  const loaded = await h.load(storeHash);
  assert.is(loaded.status, 302);
  const logged = await eventually(
    () => logLines(storeHash, 'load')[checked],
    8000,
    `the script check of ${storeHash}'s load`,
  );
  return { calls: scriptCallsSince(storeHash, from), logged, cookie: loaded.cookie };
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

test('opening the app rewrites a script that differs, and only that one; consent categories the merchant chose stay', async () => {
  // "authorized control panel users can change the consent category" (Scripts API docs): the
  // merchant's choice is not a difference. A changed load method is (an earlier Confab placed it).
  const [first, edited] = ours('multi1').sort((x, y) => x.channel_id - y.channel_id);
  first.consent_category = 'targeting';
  Object.assign(edited, { consent_category: 'analytics', load_method: 'default' });
  const { calls } = await loadAndCheck('multi1');
  assert.equal(calls, ['GET /channels', 'GET /content/scripts', 'PUT /content/scripts/:uuid']);
  const put = h.bc.calls.filter((c) => c.method === 'PUT').at(-1)!;
  assert.ok(put.path.endsWith(edited.uuid));
  assert.is((put.body as { consent_category: string }).consent_category, 'analytics');
  assert.equal(
    [edited.load_method, edited.consent_category, first.consent_category],
    ['async', 'analytics', 'targeting'],
  );
});

test('opening the app puts back a script the merchant deleted, and gives a new storefront one', async () => {
  const [script] = ours('multi1');
  const token = h.bc.tokenOf('multi1')!;
  const deleted = await fetch(`${h.bc.url}/stores/multi1/v3/content/scripts/${script.uuid}`, {
    method: 'DELETE',
    headers: { 'x-auth-token': token },
  });
  assert.is(deleted.status, 204);
  const added = h.bc.addChannel('multi1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  const { calls } = await loadAndCheck('multi1');
  assert.equal(calls, [
    'GET /channels',
    'GET /content/scripts',
    'POST /content/scripts',
    'POST /content/scripts',
    'GET /content/scripts',
  ]);
  assert.equal(
    channelsOfOurs('multi1'),
    h.bc
      .channelsOf('multi1')
      .filter((c) => c.type === 'storefront')
      .map((c) => c.id),
  );
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

test('the settings show which storefronts went without the chat: a token without Channel Settings', async () => {
  const { cookie } = await loadAndCheck('oldscope1');
  assert.equal(await loaderOf('oldscope1', cookie), {
    channels: [1],
    leftOut: [],
    refusedByPlatform: [],
    channelsRead: false,
  });
});

test('more storefronts than the app may have scripts: the settings name the ones left out', async () => {
  const added = Array.from({ length: 11 }, () =>
    h.bc.addChannel('many12', { type: 'storefront', platform: 'bigcommerce', status: 'active' }),
  );
  const installed = await h.install('many12');
  assert.is(installed.status, 302);
  assert.equal(await loaderOf('many12', installed.cookie), {
    channels: [1, ...added.slice(0, 9).map((c) => c.id)],
    leftOut: added.slice(9).map((c) => c.id),
    refusedByPlatform: [],
    channelsRead: true,
  });
  assert.equal((await storeEvents('many12')).filter((t) => t === 'LoaderCoverageChanged').length, 1);
});

test('opening the app when nothing changed records nothing', async () => {
  const before = await storeEvents('many12');
  const { calls } = await loadAndCheck('many12');
  assert.equal(calls, ['GET /channels', 'GET /content/scripts']);
  assert.equal(await storeEvents('many12'), before);
});

test('storefronts archived since free slots: the next load places the chat on the ones left out and records it', async () => {
  const [, a, b, ...rest] = h.bc.channelsOf('many12');
  a.status = 'archived';
  b.status = 'archived';
  const before = (await storeEvents('many12')).length;
  const { cookie } = await loadAndCheck('many12');
  assert.equal((await storeEvents('many12')).slice(before), ['LoaderCoverageChanged']);
  assert.equal(await loaderOf('many12', cookie), {
    channels: [1, ...rest.map((c) => c.id)],
    leftOut: [],
    refusedByPlatform: [],
    channelsRead: true,
  });
  assert.equal(channelsOfOurs('many12'), [1, ...rest.map((c) => c.id)]);
});

test.run();
