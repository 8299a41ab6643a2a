/**
 * The got client against the stand-in: documented shapes, failures as UpstreamError naming the
 * step and status only (never the secret or the token), a timeout, idempotent registration, the
 * Channels API (every page; null without the scope) and the app's limit of 10 scripts (422).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBigCommerceClient } from '../../../infrastructure/bigcommerce/bigCommerceClient.js';
import { loaderScript, registerLoaderScripts } from '../../../infrastructure/bigcommerce/scriptRegistration.js';
import { UpstreamError } from '../../../domain/errors.js';
import { startBigCommerceStandIn, type BigCommerceStandIn } from '../../support/bigcommerce/bigCommerceStandIn.js';

let bc: BigCommerceStandIn;
const APP = 'https://app.example/storefront';

test.before(async () => {
  bc = await startBigCommerceStandIn();
});
test.after(async () => {
  await bc?.close();
});

const client = (over: Partial<Parameters<typeof createBigCommerceClient>[0]> = {}) =>
  createBigCommerceClient({
    clientId: bc.clientId,
    clientSecret: bc.clientSecret,
    loginUrl: bc.url,
    apiUrl: bc.url,
    ...over,
  });

async function upstream(p: Promise<unknown>): Promise<UpstreamError> {
  try {
    await p;
  } catch (err) {
    assert.instance(err, UpstreamError);
    return err as UpstreamError;
  }
  throw new Error('expected an UpstreamError');
}

const exchange = (storeHash: string, scope?: string) =>
  client().exchangeCode({
    code: bc.issueCode(storeHash, { scope }),
    scope: scope ?? 'x',
    context: `stores/${storeHash}`,
    redirectUri: `${APP}/auth`,
  });

test('exchange, then register once; registering again finds the same script and writes nothing', async () => {
  const token = await exchange('s1');
  assert.is(token.context, 'stores/s1');
  const first = await registerLoaderScripts(client(), APP, 's1', token.access_token);
  const again = await registerLoaderScripts(client(), APP, 's1', token.access_token);
  assert.equal(
    first.scripts.map((s) => s.created),
    [true],
  );
  assert.equal(again.scripts, [{ channelId: 1, uuid: first.scripts[0].uuid, created: false }]);
  assert.equal(again.changes, { created: 0, updated: 0, deleted: 0 });
  assert.is(bc.scriptsOf('s1').length, 1);
  assert.is(bc.scriptsOf('s1')[0].src, `${APP}/script.js?store=s1`);
});

test('channels: every page, as documented; null when the token lacks the Channel Settings scope', async () => {
  const token = await exchange('ch1');
  const added = Array.from({ length: 60 }, (_, i) =>
    bc.addChannel('ch1', {
      type: i % 2 ? 'storefront' : 'marketplace',
      platform: i % 2 ? 'bigcommerce' : 'ebay',
      status: 'active',
    }),
  );
  const from = bc.calls.length;
  const channels = await client().listChannels('ch1', token.access_token);
  assert.equal(
    channels?.map((c) => c.id),
    [1, ...added.map((c) => c.id)],
  );
  assert.equal(Object.keys(channels![0]).sort(), [
    'date_created',
    'date_modified',
    'external_id',
    'icon_url',
    'id',
    'is_enabled',
    'is_listable_from_ui',
    'is_visible',
    'name',
    'platform',
    'status',
    'type',
  ]);
  const asked = bc.calls.slice(from).map((c) => ({ path: c.path, query: c.query, token: c.headers['x-auth-token'] }));
  assert.equal(
    asked,
    [1, 2].map((page) => ({
      path: '/stores/ch1/v3/channels',
      query: { page: String(page), limit: '50' },
      token: token.access_token,
    })),
  );

  const narrow = await exchange('ch1', 'store_v2_content store_content_checkout');
  assert.is(await client().listChannels('ch1', narrow.access_token), null);
  const refused = await fetch(`${bc.url}/stores/ch1/v3/channels`, { headers: { 'x-auth-token': narrow.access_token } });
  assert.equal(
    { status: refused.status, body: await refused.json() },
    {
      status: 403,
      body: {
        status: 403,
        title: "You don't have a required scope to access the endpoint",
        type: '/api-docs/getting-started/api-status-codes',
        errors: {},
      },
    },
  );
});

test('scripts of named channels only, with the documented channel_id:in filter', async () => {
  const token = (await exchange('filter1')).access_token;
  const second = bc.addChannel('filter1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  const third = bc.addChannel('filter1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  for (const id of [1, second.id, third.id])
    await client().createScript('filter1', token, loaderScript(APP, 'filter1', id));
  const from = bc.calls.length;
  const listed = await client().listScripts('filter1', token, [1, third.id]);
  assert.equal(
    listed.map((s) => s.channel_id),
    [1, third.id],
  );
  assert.equal(bc.calls[from].query, { limit: '250', 'channel_id:in': `1,${third.id}`, page: '1' });
  assert.equal((await client().listScripts('filter1', token)).length, 3);
});

test("the app may own 10 scripts on a store: the 11th creation is refused (422) and answered as the app's limit", async () => {
  const token = (await exchange('limit1')).access_token;
  for (let i = 0; i < 10; i++)
    assert.ok('created' in (await client().createScript('limit1', token, loaderScript(APP, 'limit1'))));
  assert.equal(await client().createScript('limit1', token, loaderScript(APP, 'limit1')), {
    refused: 'app-script-limit',
  });
  const raw = await fetch(`${bc.url}/stores/limit1/v3/content/scripts`, {
    method: 'POST',
    headers: { 'x-auth-token': token, 'content-type': 'application/json' },
    body: JSON.stringify(loaderScript(APP, 'limit1')),
  });
  const body = await raw.json();
  assert.equal(
    { status: raw.status, shape: Object.keys(body).sort() },
    { status: 422, shape: ['errors', 'status', 'title', 'type'] },
  );
  assert.is(bc.scriptsOf('limit1').length, 10);
  // Another app's scripts count against that app, not this one.
  bc.seedScript('limit1', { name: 'Theirs' }, { apiClientId: 'another-app' });
  assert.is(bc.scriptsOf('limit1').length, 11);
});

test("a storefront at the platform's limit of 50 scripts: the creation is refused (403, the documented v3 shape) and answered as a platform limit", async () => {
  const token = (await exchange('full1')).access_token;
  for (let i = 0; i < 50; i++) bc.seedScript('full1', { name: `Merchant's ${i}` }, { apiClientId: '' });
  assert.throws(
    () => bc.seedScript('full1', { name: 'One too many' }, { apiClientId: 'another-app' }),
    /50 scripts on one channel/,
  );
  const raw = await fetch(`${bc.url}/stores/full1/v3/content/scripts`, {
    method: 'POST',
    headers: { 'x-auth-token': token, 'content-type': 'application/json' },
    body: JSON.stringify(loaderScript(APP, 'full1')),
  });
  // The `403` response of BigCommerce's v3 specs (reference/shipping.v3.yml, sites.v3.yml), exactly.
  assert.equal(
    { status: raw.status, body: await raw.json() },
    {
      status: 403,
      body: {
        status: 403,
        title: 'Unauthorized Access. You do not have permission to make this request.',
        type: '/api-docs/getting-started/api-status-codes',
        errors: {},
      },
    },
  );
  assert.equal(await client().createScript('full1', token, loaderScript(APP, 'full1')), { refused: 'platform-limit' });
  assert.is(bc.scriptsOf('full1').length, 50, 'nothing was added');
  // Another storefront of the store is not full.
  const other = bc.addChannel('full1', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  assert.ok('created' in (await client().createScript('full1', token, loaderScript(APP, 'full1', other.id))));
});

test('a script on a channel the store does not have is refused (422)', async () => {
  const token = (await exchange('nochan1')).access_token;
  const res = await fetch(`${bc.url}/stores/nochan1/v3/content/scripts`, {
    method: 'POST',
    headers: { 'x-auth-token': token, 'content-type': 'application/json' },
    body: JSON.stringify(loaderScript(APP, 'nochan1', 424242)),
  });
  assert.is(res.status, 422);
  assert.match((await res.json()).title, /424242/);
});

test('a refused exchange or a wrong token is an UpstreamError without secrets', async () => {
  const wrongSecret = await upstream(
    client({ clientSecret: 'not-it' }).exchangeCode({
      code: bc.issueCode('s2'),
      scope: 'x',
      context: 'stores/s2',
      redirectUri: `${APP}/auth`,
    }),
  );
  assert.match(wrongSecret.message, /token exchange was refused \(HTTP 401\)/);
  assert.not.ok(wrongSecret.message.includes(bc.clientSecret));
  const spent = await upstream(
    client().exchangeCode({ code: 'unknown-code', scope: 'x', context: 'stores/s2', redirectUri: `${APP}/auth` }),
  );
  assert.match(spent.message, /HTTP 400/);
  const badToken = await upstream(client().listScripts('s1', 'wrong-token'));
  assert.match(badToken.message, /script list was refused \(HTTP 401\)/);
  assert.not.ok(badToken.message.includes('wrong-token'));
});

test('unreachable and silent servers fail within the timeout', async () => {
  const closed = await upstream(
    client({ loginUrl: 'http://127.0.0.1:9' }).exchangeCode({
      code: 'c',
      scope: 'x',
      context: 'stores/s',
      redirectUri: 'r',
    }),
  );
  assert.match(closed.message, /token exchange failed: ECONNREFUSED/);
  const silent: Server = createServer(() => undefined);
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  const started = Date.now();
  const slow = await upstream(
    client({ loginUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 300 }).exchangeCode({
      code: 'c',
      scope: 'x',
      context: 'stores/s',
      redirectUri: 'r',
    }),
  );
  assert.match(slow.message, /ETIMEDOUT/);
  assert.ok(Date.now() - started < 3000, 'no retry of a spent code');
  silent.closeAllConnections();
  silent.close();
});

test.run();
