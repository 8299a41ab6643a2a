/**
 * What the settings page is told about the loader's coverage, through the app's callbacks and
 * against the BigCommerce stand-in:
 *  - a coverage that cannot be recorded during an install is logged (a warning naming the store,
 *    never the token), the install still succeeds, and the next load records it;
 *  - a storefront where BigCommerce refuses the script with 403 (a platform limit: the
 *    stand-in's storefront at 50 scripts): install and load succeed, the other storefronts are
 *    served, nothing already placed is lost, and the settings name the refused storefront;
 *  - the first settings read after a load answers the coverage this load's check found, not the
 *    previous one, also when the check runs elsewhere; a check that never settles delays the read
 *    only for a bounded time.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startStorefrontHarness, type StorefrontHarness } from '../../support/bigcommerce/storefrontHarness.js';
import { OWNER } from '../../support/bigcommerce/bigCommerceStandIn.js';
import { eventually } from '../../support/waiting.js';
import { storeStreamId } from '../../../domain/storefront/storeRecord.js';
import { LOADER_CHECK_WAIT_MS } from '../../../api/storefront/loaderCheckWait.js';

let h: StorefrontHarness;

test.before(async () => {
  h = await startStorefrontHarness();
});
test.after(async () => {
  h?.bc.delayStoreApi(0);
  await h?.close();
});

const ours = (storeHash: string) => h.bc.scriptsOf(storeHash).filter((s) => s.api_client_id === h.bc.clientId);
const storeEvents = async (storeHash: string) =>
  (await h.app.services.events.readStream(storeStreamId(storeHash))).map((e) => e.type);
const logLines = (storeHash: string, message: string) =>
  h
    .logs()
    .split('\n')
    .filter((l) => l.includes(`"message":"${message}`) && l.includes(`"storeHash":"${storeHash}"`));
const loaderOf = async (cookie: string | null) => {
  const res = await h.settings('GET', cookie);
  assert.is(res.status, 200, JSON.stringify(res.body));
  return res.body.loader;
};
/** A storefront that already holds the 50 scripts BigCommerce allows on one (the merchant's own). */
function fullStorefront(storeHash: string) {
  const channel = h.bc.addChannel(storeHash, { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  for (let i = 0; i < 50; i++)
    h.bc.seedScript(storeHash, { name: `Merchant script ${i}` }, { apiClientId: '', channelId: channel.id });
  return channel;
}

test('a coverage that cannot be recorded during the install is logged with the store hash; the install succeeds and the next load records it', async () => {
  const { aggregates } = h.app.services;
  const handle = aggregates.handle.bind(aggregates);
  let failures = 1;
  aggregates.handle = (async (...args: Parameters<typeof handle>) => {
    if ((args[2] as { type?: string }).type === 'RecordLoaderCoverage' && failures-- > 0)
      throw new Error('the event store did not answer');
    return handle(...args);
  }) as typeof aggregates.handle;
  try {
    const installed = await h.install('unrec1');
    assert.is(installed.status, 302, installed.text);
  } finally {
    aggregates.handle = handle;
  }
  const [warning] = logLines('unrec1', 'storefront loader coverage not recorded on install');
  assert.ok(warning, 'a warning is logged');
  assert.match(warning, /"level":"warn"/);
  assert.match(warning, /the event store did not answer/);
  assert.not.ok(warning.includes(h.bc.tokenOf('unrec1')!), 'never the token');
  assert.not.ok((await storeEvents('unrec1')).includes('LoaderCoverageChanged'));

  const loaded = await h.load('unrec1');
  assert.is(loaded.status, 302);
  assert.equal(await loaderOf(loaded.cookie), {
    channels: [1],
    leftOut: [],
    refusedByPlatform: [],
    channelsRead: true,
  });
  assert.equal((await storeEvents('unrec1')).filter((t) => t === 'LoaderCoverageChanged').length, 1);
});

test('a storefront BigCommerce refuses with 403: the install succeeds, the other storefronts get the chat, the settings name the refused one', async () => {
  const second = h.bc.addChannel('plat1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  const full = fullStorefront('plat1');
  const installed = await h.install('plat1');
  assert.is(installed.status, 302, installed.text);
  assert.is(installed.location, '/storefront/app');
  assert.equal(
    ours('plat1')
      .map((s) => s.channel_id)
      .sort((a, b) => a - b),
    [1, second.id],
  );
  assert.equal(await loaderOf(installed.cookie), {
    channels: [1, second.id],
    leftOut: [],
    refusedByPlatform: [full.id],
    channelsRead: true,
  });
  const [warning] = logLines('plat1', 'storefront loader scripts incomplete');
  assert.match(warning ?? '', new RegExp(`"refusedByPlatform":\\[${full.id}\\]`));
  const rows = await h.app.services.sql.query('SELECT 1 FROM store_tokens WHERE store_hash = $1', ['plat1']);
  assert.is(rows.rows.length, 1, 'the token is kept: the store is installed');
});

test('a store whose only storefront is refused still installs; the settings say the chat is nowhere and why', async () => {
  for (let i = 0; i < 50; i++) h.bc.seedScript('plat0', { name: `Merchant script ${i}` }, { apiClientId: '' });
  const installed = await h.install('plat0');
  assert.is(installed.status, 302, installed.text);
  assert.equal(ours('plat0'), []);
  assert.equal(await loaderOf(installed.cookie), {
    channels: [],
    leftOut: [],
    refusedByPlatform: [1],
    channelsRead: true,
  });
});

test('a reinstall while a storefront is refused keeps every loader already placed', async () => {
  const before = ours('plat1')
    .map((s) => s.uuid)
    .sort();
  const from = h.bc.calls.length;
  const again = await h.install('plat1');
  assert.is(again.status, 302, again.text);
  assert.equal(
    ours('plat1')
      .map((s) => s.uuid)
      .sort(),
    before,
  );
  const writes = h.bc.calls
    .slice(from)
    .filter((c) => c.path.includes('/content/scripts') && c.method !== 'GET')
    .map((c) => c.method);
  assert.equal(writes, ['POST'], 'only the refused storefront is asked again');
});

test("the first settings read after a load answers what this load's check found, though BigCommerce is slow", async () => {
  const installed = await h.install('fresh1');
  assert.equal(await loaderOf(installed.cookie), {
    channels: [1],
    leftOut: [],
    refusedByPlatform: [],
    channelsRead: true,
  });
  const second = h.bc.addChannel('fresh1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  const full = fullStorefront('fresh1');
  // Every BigCommerce call now takes 250 ms: the check (channels, scripts, two creations, scripts) ends well after the redirect.
  h.bc.delayStoreApi(250);
  try {
    const started = Date.now();
    const loaded = await h.load('fresh1');
    assert.is(loaded.status, 302);
    assert.ok(
      Date.now() - started < 1000,
      `the redirect does not wait for the check, which takes at least 1250 ms (${Date.now() - started} ms)`,
    );
    assert.equal(await loaderOf(loaded.cookie), {
      channels: [1, second.id],
      leftOut: [],
      refusedByPlatform: [full.id],
      channelsRead: true,
    });
    assert.ok(Date.now() - started < LOADER_CHECK_WAIT_MS, 'and the read waited no longer than the check');
    assert.is(
      (await h.app.services.storeSessions.find(loaded.cookie!))?.loaderCheckPending,
      false,
      'later reads of the session do not wait',
    );
  } finally {
    h.bc.delayStoreApi(0);
  }
});

test('a check running elsewhere (another instance): the read waits until the session says it settled', async () => {
  const installed = await h.install('other1');
  assert.is(installed.status, 302);
  const added = h.bc.addChannel('other1', { type: 'storefront', platform: 'catalyst', status: 'active' });
  const { storeSessions, storefront } = h.app.services;
  // What a load on another instance leaves behind: a session whose check is pending, and the check.
  const { id } = await storeSessions.open('other1', String(OWNER.id), { loaderCheckWithinMs: LOADER_CHECK_WAIT_MS });
  h.bc.delayStoreApi(200);
  const check = storefront.repairScripts('other1').finally(() => storeSessions.endLoaderCheck(id));
  try {
    assert.equal(await loaderOf(id), {
      channels: [1, added.id],
      leftOut: [],
      refusedByPlatform: [],
      channelsRead: true,
    });
  } finally {
    await check;
    h.bc.delayStoreApi(0);
  }
});

test('a check that never settles (its instance stopped) delays the read only until its time runs out', async () => {
  await h.install('stuck1');
  const { id } = await h.app.services.storeSessions.open('stuck1', String(OWNER.id), { loaderCheckWithinMs: 400 });
  const started = Date.now();
  assert.equal(await loaderOf(id), { channels: [1], leftOut: [], refusedByPlatform: [], channelsRead: true });
  const waited = Date.now() - started;
  assert.ok(waited >= 300 && waited < 2000, `waited ${waited} ms`);
  await eventually(
    async () => !(await h.app.services.storeSessions.find(id))?.loaderCheckPending,
    2000,
    'the pending check to lapse',
  );
});

test.run();
