/**
 * The flow http client on its own, against a real local HTTPS receiver: names are resolved
 * through the guarded lookup (a name that resolves to a private address is refused when
 * connecting), and a body goes out whole with its length.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFlowHttpClient } from '../../../infrastructure/flowHttp/flowHttpClient.js';
import { startHttpsReceiver, type HttpsReceiver } from '../../support/httpsReceiver.js';

let receiver: HttpsReceiver;
const resolved: string[] = [];

test.before(async () => {
  receiver = await startHttpsReceiver({ respond: () => ({ status: 201, body: { id: 7 } }) });
});
test.after(() => receiver.close());

function clientFor(address: string) {
  return createFlowHttpClient({
    allowHosts: ['localhost'],
    certificateAuthority: receiver.caPem,
    timeoutMs: 2000,
    resolver: async (hostname) => {
      resolved.push(hostname);
      return [{ address, family: 4 }];
    },
  });
}

test('a name is resolved through the guarded lookup, and the body is sent with its length', async () => {
  const seen = receiver.requests.length;
  const body = JSON.stringify({ name: 'Zoë' });
  const result = await clientFor('127.0.0.1').call(
    {
      method: 'POST',
      url: `https://localhost:${receiver.port}/items`,
      headers: { 'content-type': 'application/json' },
      body,
    },
    'secret',
  );
  assert.equal(result, { ok: true, status: 201, json: { id: 7 } });
  assert.ok(resolved.includes('localhost'));
  const req = receiver.requests[seen]!;
  assert.is(req.rawBody.toString('utf8'), body);
  assert.is(req.headers['content-length'], String(Buffer.byteLength(body)));
  assert.is(req.headers['user-agent'], 'Confab-Flows/1.0');
});

test('a name that resolves to a private address is refused when connecting, without a request', async () => {
  const seen = receiver.requests.length;
  const result = await clientFor('10.0.0.1').call(
    { method: 'GET', url: 'https://shop.example.com/orders/1', headers: {} },
    'secret',
  );
  assert.is(result.ok, false);
  assert.match(!result.ok ? result.reason : '', /EFORBIDDENADDRESS/);
  assert.is(receiver.requests.length, seen);
});

test.run();
