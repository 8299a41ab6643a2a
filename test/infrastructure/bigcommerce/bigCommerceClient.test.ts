/**
 * The got client against the stand-in: documented shapes, failures as UpstreamError naming the
 * step and status only (never the secret or the token), a timeout, and idempotent registration.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBigCommerceClient } from '../../../infrastructure/bigcommerce/bigCommerceClient.js';
import { registerLoaderScript } from '../../../infrastructure/bigcommerce/scriptRegistration.js';
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
  createBigCommerceClient({ clientId: bc.clientId, clientSecret: bc.clientSecret, loginUrl: bc.url, apiUrl: bc.url, ...over });

async function upstream(p: Promise<unknown>): Promise<UpstreamError> {
  try {
    await p;
  } catch (err) {
    assert.instance(err, UpstreamError);
    return err as UpstreamError;
  }
  throw new Error('expected an UpstreamError');
}

test('exchange, then register once; registering again updates the same script', async () => {
  const token = await client().exchangeCode({ code: bc.issueCode('s1'), scope: 'store_v2_content', context: 'stores/s1', redirectUri: `${APP}/auth` });
  assert.is(token.context, 'stores/s1');
  const first = await registerLoaderScript(client(), APP, 's1', token.access_token);
  const again = await registerLoaderScript(client(), APP, 's1', token.access_token);
  assert.ok(first.created);
  assert.equal(again, { uuid: first.uuid, created: false });
  assert.is(bc.scriptsOf('s1').length, 1);
  assert.is(bc.scriptsOf('s1')[0].src, `${APP}/script.js?store=s1`);
});

test('a refused exchange or a wrong token is an UpstreamError without secrets', async () => {
  const wrongSecret = await upstream(client({ clientSecret: 'not-it' }).exchangeCode({ code: bc.issueCode('s2'), scope: 'x', context: 'stores/s2', redirectUri: `${APP}/auth` }));
  assert.match(wrongSecret.message, /token exchange was refused \(HTTP 401\)/);
  assert.not.ok(wrongSecret.message.includes(bc.clientSecret));
  const spent = await upstream(client().exchangeCode({ code: 'unknown-code', scope: 'x', context: 'stores/s2', redirectUri: `${APP}/auth` }));
  assert.match(spent.message, /HTTP 400/);
  const badToken = await upstream(client().listScripts('s1', 'wrong-token'));
  assert.match(badToken.message, /script list was refused \(HTTP 401\)/);
  assert.not.ok(badToken.message.includes('wrong-token'));
});

test('unreachable and silent servers fail within the timeout', async () => {
  const closed = await upstream(client({ loginUrl: 'http://127.0.0.1:9' }).exchangeCode({ code: 'c', scope: 'x', context: 'stores/s', redirectUri: 'r' }));
  assert.match(closed.message, /token exchange failed: ECONNREFUSED/);
  const silent: Server = createServer(() => undefined);
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  const started = Date.now();
  const slow = await upstream(client({ loginUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 300 }).exchangeCode({ code: 'c', scope: 'x', context: 'stores/s', redirectUri: 'r' }));
  assert.match(slow.message, /ETIMEDOUT/);
  assert.ok(Date.now() - started < 3000, 'no retry of a spent code');
  silent.closeAllConnections();
  silent.close();
});

test.run();
