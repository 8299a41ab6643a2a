/**
 * One Confab loader script per storefront channel, whatever happened before (registering
 * again never creates a duplicate): concurrent registrations, copies left by an earlier race,
 * a script of ours placed under an earlier APP_URL, a store at the app's limit of 10 scripts,
 * storefronts added or archived, a token that may not read channels. Scripts of other apps and
 * of the merchant are never touched, a consent category the merchant chose in Script Manager is
 * kept, and a registration that finds everything current writes nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBigCommerceClient } from '../../../infrastructure/bigcommerce/bigCommerceClient.js';
import { loaderScript, registerLoaderScripts } from '../../../infrastructure/bigcommerce/scriptRegistration.js';
import { startBigCommerceStandIn, type BigCommerceStandIn } from '../../support/bigcommerce/bigCommerceStandIn.js';

let bc: BigCommerceStandIn;
const APP = 'https://app.example/storefront';

test.before(async () => {
  bc = await startBigCommerceStandIn();
});
test.after(async () => {
  await bc?.close();
});

const client = () =>
  createBigCommerceClient({ clientId: bc.clientId, clientSecret: bc.clientSecret, loginUrl: bc.url, apiUrl: bc.url });
const register = (storeHash: string, token: string) => registerLoaderScripts(client(), APP, storeHash, token);

async function tokenFor(storeHash: string, scope?: string): Promise<string> {
  return (
    await client().exchangeCode({
      code: bc.issueCode(storeHash, { scope }),
      scope: scope ?? 'x',
      context: `stores/${storeHash}`,
      redirectUri: `${APP}/auth`,
    })
  ).access_token;
}

const ours = (storeHash: string) => bc.scriptsOf(storeHash).filter((s) => s.api_client_id === bc.clientId);
const channelsOfOurs = (storeHash: string) =>
  ours(storeHash)
    .map((s) => s.channel_id)
    .sort((a, b) => a - b);
const callsFor = (storeHash: string, from: number) =>
  bc.calls
    .slice(from)
    .filter((c) => c.path.startsWith(`/stores/${storeHash}/`))
    .map((c) => `${c.method} ${c.path.replace(`/stores/${storeHash}/v3`, '').replace(/[0-9a-f-]{36}$/, ':uuid')}`);
const writes = (storeHash: string, from: number) => callsFor(storeHash, from).filter((c) => !c.startsWith('GET '));

test('only live Stencil and Catalyst storefronts get one, each created with its channel_id', async () => {
  const token = await tokenFor('mixed1');
  const prelaunch = bc.addChannel('mixed1', { type: 'storefront', platform: 'catalyst', status: 'prelaunch' });
  const inactive = bc.addChannel('mixed1', { type: 'storefront', platform: 'bigcommerce', status: 'inactive' });
  for (const skipped of [
    { type: 'storefront', platform: 'bigcommerce', status: 'archived' },
    { type: 'storefront', platform: 'next', status: 'active' },
    { type: 'marketplace', platform: 'amazon', status: 'connected' },
    { type: 'pos', platform: 'square', status: 'connected' },
  ] as const)
    bc.addChannel('mixed1', skipped);

  const from = bc.calls.length;
  const result = await register('mixed1', token);
  const expected = [1, prelaunch.id, inactive.id];
  assert.equal(channelsOfOurs('mixed1'), expected);
  assert.equal(
    result.scripts.map((s) => s.channelId),
    expected,
  );
  assert.ok(result.scripts.every((s) => s.created));
  assert.equal({ leftOut: result.leftOut, channelsRead: result.channelsRead }, { leftOut: [], channelsRead: true });
  const posted = bc.calls
    .slice(from)
    .filter((c) => c.method === 'POST')
    .map((c) => c.body as Record<string, unknown>);
  assert.equal(
    posted.map((b) => b.channel_id),
    expected,
    'each POST names its channel',
  );
  assert.equal(posted[1], loaderScript(APP, 'mixed1', prelaunch.id));
  const list = bc.calls.slice(from).find((c) => c.method === 'GET' && c.path.endsWith('/content/scripts'));
  assert.is(
    list?.query['channel_id:in'],
    bc
      .channelsOf('mixed1')
      .map((c) => c.id)
      .join(','),
    'the list covers every channel, archived ones too',
  );
});

test('three registrations at once leave exactly one script per storefront; the next one writes nothing', async () => {
  const token = await tokenFor('race1');
  const second = bc.addChannel('race1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  // All three read the empty list before any of them creates: the race two installs run into.
  bc.holdScriptLists(3);
  const results = await Promise.all([1, 2, 3].map(() => register('race1', token)));
  assert.equal(
    channelsOfOurs('race1'),
    [1, second.id],
    `scripts left: ${JSON.stringify(ours('race1').map((s) => [s.channel_id, s.uuid]))}`,
  );
  for (const s of ours('race1')) assert.is(s.src, `${APP}/script.js?store=race1`);
  assert.ok(
    results.every((r) => r.scripts.length === 2),
    'every registration answers the survivors',
  );

  const from = bc.calls.length;
  const again = await register('race1', token);
  assert.equal(
    again.scripts.map((s) => s.created),
    [false, false],
  );
  assert.equal(callsFor('race1', from), ['GET /channels', 'GET /content/scripts'], 'two reads, no write');
  assert.equal(again.changes, { created: 0, updated: 0, deleted: 0 });
});

test('copies left by an earlier race are deleted; the oldest is kept and updated', async () => {
  const token = await tokenFor('dup1');
  const wanted = loaderScript(APP, 'dup1');
  const oldest = bc.seedScript('dup1', { ...wanted, load_method: 'default' }, { dateCreated: '2024-01-01T00:00:00Z' });
  const copy = bc.seedScript('dup1', wanted, { dateCreated: '2024-01-02T00:00:00Z' });
  const merchant = bc.seedScript('dup1', { ...wanted, name: 'My own chat' }, { apiClientId: '' });
  const otherApp = bc.seedScript('dup1', { ...wanted, description: 'Another app' }, { apiClientId: 'another-app' });

  const result = await register('dup1', token);
  assert.equal(result.scripts, [{ channelId: 1, uuid: oldest.uuid, created: false }]);
  assert.equal(
    ours('dup1').map((s) => s.uuid),
    [oldest.uuid],
  );
  assert.is(ours('dup1')[0].load_method, 'async', 'the survivor is brought up to date');
  assert.not.ok(
    bc.scriptsOf('dup1').some((s) => s.uuid === copy.uuid),
    'the copy is deleted',
  );
  const untouched = bc.scriptsOf('dup1').filter((s) => s.uuid === merchant.uuid || s.uuid === otherApp.uuid);
  assert.equal(untouched, [merchant, otherApp], "the merchant's and another app's scripts are left alone");
});

test('a script of ours under an earlier APP_URL is moved to the current one, not joined by a second', async () => {
  const token = await tokenFor('moved1');
  const earlier = bc.seedScript('moved1', loaderScript('https://old-host.example/bigcommerce', 'moved1'));
  const from = bc.calls.length;
  const result = await register('moved1', token);
  assert.equal(result.scripts, [{ channelId: 1, uuid: earlier.uuid, created: false }]);
  assert.equal(
    ours('moved1').map((s) => s.src),
    [`${APP}/script.js?store=moved1`],
  );
  assert.equal(writes('moved1', from), ['PUT /content/scripts/:uuid']);
  assert.equal(
    (
      bc.calls.find((c) => c.method === 'PUT' && c.path.endsWith(earlier.uuid))?.body as
        | { channel_id: number }
        | undefined
    )?.channel_id,
    1,
  );
});

test('a store at the limit (ten scripts from an earlier APP_URL) converges: extras are deleted before anything is created', async () => {
  const token = await tokenFor('full1');
  const second = bc.addChannel('full1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  const old = loaderScript('https://old-host.example/bigcommerce', 'full1');
  const leftovers = Array.from({ length: 10 }, (_, i) =>
    bc.seedScript('full1', old, { dateCreated: `2024-01-${String(i + 1).padStart(2, '0')}T00:00:00Z` }),
  );
  assert.throws(() => bc.seedScript('full1', old), /more than 10/, 'the stand-in holds no 11th');

  const from = bc.calls.length;
  const result = await register('full1', token);
  const w = writes('full1', from);
  assert.equal(w, [
    ...Array(9).fill('DELETE /content/scripts/:uuid'),
    'POST /content/scripts',
    'PUT /content/scripts/:uuid',
  ]);
  assert.equal(channelsOfOurs('full1'), [1, second.id]);
  assert.is(result.scripts[0].uuid, leftovers[0].uuid, 'the oldest is kept');
  assert.ok(ours('full1').every((s) => s.src === `${APP}/script.js?store=full1`));
});

test('two registrations at once on a store with six storefronts stay within the limit and converge', async () => {
  const token = await tokenFor('race6');
  for (let i = 0; i < 5; i++) bc.addChannel('race6', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  bc.holdScriptLists(2);
  await Promise.all([register('race6', token), register('race6', token)]);
  assert.equal(
    channelsOfOurs('race6'),
    bc.channelsOf('race6').map((c) => c.id),
  );
});

test('more storefronts than the app may have scripts: the first ten by id get one, the others are named', async () => {
  const token = await tokenFor('many1');
  const added = Array.from({ length: 11 }, () =>
    bc.addChannel('many1', { type: 'storefront', platform: 'bigcommerce', status: 'active' }),
  );
  const result = await register('many1', token);
  assert.equal(channelsOfOurs('many1'), [1, ...added.slice(0, 9).map((c) => c.id)]);
  assert.equal(
    result.leftOut,
    added.slice(9).map((c) => c.id),
  );
});

test('a storefront archived since loses its loader; a storefront added since gains one', async () => {
  const token = await tokenFor('change1');
  const first = bc.addChannel('change1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  await register('change1', token);
  assert.equal(channelsOfOurs('change1'), [1, first.id]);
  first.status = 'archived';
  const added = bc.addChannel('change1', { type: 'storefront', platform: 'catalyst', status: 'active' });
  const result = await register('change1', token);
  assert.equal(channelsOfOurs('change1'), [1, added.id]);
  assert.equal(result.changes, { created: 1, updated: 0, deleted: 1 });
});

test('BigCommerce refuses one storefront with 403 (a platform limit): the others are served, nothing placed is lost, the next registration asks again', async () => {
  const token = await tokenFor('refused1');
  const second = bc.addChannel('refused1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  await register('refused1', token);
  const placed = ours('refused1').map((s) => s.uuid);
  // Two storefronts added since, each already holding the platform's 50 scripts (the merchant's own).
  const [added, crowded] = [1, 2].map(() =>
    bc.addChannel('refused1', { type: 'storefront', platform: 'bigcommerce', status: 'active' }),
  );
  for (const channelId of [added.id, crowded.id])
    for (let i = 0; i < 50; i++) bc.seedScript('refused1', { name: `Merchant's ${i}` }, { apiClientId: '', channelId });

  const from = bc.calls.length;
  const result = await register('refused1', token);
  assert.equal(result.refusedByPlatform, [added.id, crowded.id]);
  assert.equal(
    result.scripts.map((s) => s.channelId),
    [1, second.id],
  );
  assert.equal(result.leftOut, []);
  assert.equal(
    ours('refused1').map((s) => s.uuid),
    placed,
    'the loaders already placed stay, untouched',
  );
  assert.equal(
    writes('refused1', from),
    ['POST /content/scripts', 'POST /content/scripts'],
    'each refused storefront is asked once',
  );

  // The merchant makes room on one of them: the next registration places it there.
  const crowdedScripts = bc.scriptsOf('refused1').filter((s) => s.channel_id === crowded.id);
  bc.scriptsOf('refused1').splice(bc.scriptsOf('refused1').indexOf(crowdedScripts[0]), 1);
  const next = await register('refused1', token);
  assert.equal(next.refusedByPlatform, [added.id]);
  assert.equal(channelsOfOurs('refused1'), [1, second.id, crowded.id]);
});

test('a token without the Channel Settings scope: the default storefront only, loaders elsewhere left alone', async () => {
  const token = await tokenFor('noscope1', 'store_v2_content store_content_checkout');
  const other = bc.addChannel('noscope1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  const elsewhere = bc.seedScript('noscope1', loaderScript(APP, 'noscope1', other.id), { channelId: other.id });
  const from = bc.calls.length;
  const result = await register('noscope1', token);
  assert.is(result.channelsRead, false);
  assert.equal(
    result.scripts.map((s) => s.channelId),
    [1],
  );
  assert.equal(channelsOfOurs('noscope1'), [1, other.id]);
  assert.ok(
    ours('noscope1').some((s) => s.uuid === elsewhere.uuid),
    'the loader on the unknown channel is kept',
  );
  assert.equal(writes('noscope1', from), ['POST /content/scripts']);
});

test('a consent category the merchant chose is kept, on a rewrite too; a loader without one gets functional', async () => {
  const token = await tokenFor('consent1');
  const [second, third] = [1, 2].map(() =>
    bc.addChannel('consent1', { type: 'storefront', platform: 'bigcommerce', status: 'active' }),
  );
  const chosen = bc.seedScript('consent1', loaderScript(APP, 'consent1', 1, 'analytics'));
  const stale = bc.seedScript(
    'consent1',
    { ...loaderScript(APP, 'consent1', second.id, 'essential'), location: 'head' },
    { channelId: second.id },
  );
  const unknown = bc.seedScript(
    'consent1',
    { ...loaderScript(APP, 'consent1', third.id), consent_category: 'unknown' },
    { channelId: third.id },
  );

  const from = bc.calls.length;
  const result = await register('consent1', token);
  assert.equal(result.changes, { created: 0, updated: 2, deleted: 0 });
  const puts = bc.calls
    .slice(from)
    .filter((c) => c.method === 'PUT')
    .map((c) => ({ uuid: c.path.split('/').at(-1), body: c.body as Record<string, unknown> }));
  assert.equal(
    puts.map((p) => p.uuid).sort(),
    [stale.uuid, unknown.uuid].sort(),
    "the merchant's category alone is no reason to write",
  );
  assert.equal(puts.find((p) => p.uuid === stale.uuid)?.body, loaderScript(APP, 'consent1', second.id, 'essential'));
  assert.equal(
    [chosen, stale, unknown].map((s) => [s.consent_category, s.location]),
    [
      ['analytics', 'footer'],
      ['essential', 'footer'],
      ['functional', 'footer'],
    ],
  );

  const again = bc.calls.length;
  await register('consent1', token);
  assert.equal(writes('consent1', again), [], 'then all three are current');
});

test.run();
