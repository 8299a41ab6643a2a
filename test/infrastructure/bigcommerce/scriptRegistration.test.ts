/**
 * One Confab loader script per store, whatever happened before (seed: "registering again does
 * not create a duplicate"): concurrent registrations, copies left by an earlier race, and a
 * script of ours placed under an earlier APP_URL all end as exactly one script, the oldest,
 * pointing at the current loader. Scripts of other apps and of the merchant are never touched.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBigCommerceClient } from '../../../infrastructure/bigcommerce/bigCommerceClient.js';
import { loaderScript, registerLoaderScript } from '../../../infrastructure/bigcommerce/scriptRegistration.js';
import { startBigCommerceStandIn, type BigCommerceStandIn } from '../../support/bigcommerce/bigCommerceStandIn.js';

let bc: BigCommerceStandIn;
const APP = 'https://app.example/storefront';

test.before(async () => {
  bc = await startBigCommerceStandIn();
});
test.after(async () => {
  await bc?.close();
});

const client = () => createBigCommerceClient({ clientId: bc.clientId, clientSecret: bc.clientSecret, loginUrl: bc.url, apiUrl: bc.url });

async function tokenFor(storeHash: string): Promise<string> {
  return (await client().exchangeCode({ code: bc.issueCode(storeHash), scope: 'store_v2_content', context: `stores/${storeHash}`, redirectUri: `${APP}/auth` })).access_token;
}

const ours = (storeHash: string) => bc.scriptsOf(storeHash).filter((s) => s.api_client_id === bc.clientId);
const callsFor = (storeHash: string, from: number) =>
  bc.calls.slice(from).filter((c) => c.path.startsWith(`/stores/${storeHash}/`)).map((c) => `${c.method} ${c.path.replace(/[0-9a-f-]{36}$/, ':uuid')}`);

test('three registrations at once leave exactly one script', async () => {
  const token = await tokenFor('race1');
  // All three read the empty list before any of them creates: the race two installs run into.
  bc.holdScriptLists(3);
  const results = await Promise.all([1, 2, 3].map(() => registerLoaderScript(client(), APP, 'race1', token)));
  const left = ours('race1');
  assert.is(left.length, 1, `scripts left: ${JSON.stringify(left.map((s) => s.uuid))}`);
  assert.is(left[0].src, `${APP}/script.js?store=race1`);
  assert.ok(results.some((r) => r.uuid === left[0].uuid), 'one registration answers the survivor');
  // The next registration finds that one and only updates it.
  const from = bc.calls.length;
  assert.equal(await registerLoaderScript(client(), APP, 'race1', token), { uuid: left[0].uuid, created: false });
  assert.equal(callsFor('race1', from), ['GET /stores/race1/v3/content/scripts', 'PUT /stores/race1/v3/content/scripts/:uuid']);
});

test('copies left by an earlier race are deleted; the oldest is kept and updated', async () => {
  const token = await tokenFor('dup1');
  const wanted = loaderScript(APP, 'dup1');
  const oldest = bc.seedScript('dup1', { ...wanted, load_method: 'default' }, { dateCreated: '2024-01-01T00:00:00Z' });
  const copy = bc.seedScript('dup1', wanted, { dateCreated: '2024-01-02T00:00:00Z' });
  const merchant = bc.seedScript('dup1', { ...wanted, name: 'My own chat' }, { apiClientId: '' });
  const otherApp = bc.seedScript('dup1', { ...wanted, description: 'Another app' }, { apiClientId: 'another-app' });

  const result = await registerLoaderScript(client(), APP, 'dup1', token);
  assert.equal(result, { uuid: oldest.uuid, created: false });
  assert.equal(ours('dup1').map((s) => s.uuid), [oldest.uuid]);
  assert.is(ours('dup1')[0].load_method, 'async', 'the survivor is brought up to date');
  assert.not.ok(bc.scriptsOf('dup1').some((s) => s.uuid === copy.uuid), 'the copy is deleted');
  const untouched = bc.scriptsOf('dup1').filter((s) => s.uuid === merchant.uuid || s.uuid === otherApp.uuid);
  assert.equal(untouched, [merchant, otherApp], 'the merchant\'s and another app\'s scripts are left alone');
});

test('a script of ours under an earlier APP_URL is moved to the current one, not joined by a second', async () => {
  const token = await tokenFor('moved1');
  const earlier = bc.seedScript('moved1', loaderScript('https://old-host.example/bigcommerce', 'moved1'));
  const result = await registerLoaderScript(client(), APP, 'moved1', token);
  assert.equal(result, { uuid: earlier.uuid, created: false });
  assert.equal(ours('moved1').map((s) => s.src), [`${APP}/script.js?store=moved1`]);
});

test.run();
