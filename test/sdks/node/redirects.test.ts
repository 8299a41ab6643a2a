/**
 * A base URL that answers with a redirect (an http:// address moved to https://, a load
 * balancer's 301, a login gateway's 302), in front of the real service. fetch follows
 * redirects by default: it turned the POST into a GET, so `chatbots.create()` resolved with
 * the chatbot *list* and created nothing, and it sent x-api-key to whatever host Location named.
 * The SDK follows none: a 3xx is an APIError naming the Location, and nothing else is sent.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Confab from '../../../sdks/node/src/index.js';
import { APIError } from '../../../sdks/node/src/index.js';
import { startFaultProxy, type FaultProxy } from './support/faultProxy.js';
import { startSdkHarness, type SdkHarness } from './support/sdkHarness.js';

let h: SdkHarness;
/** Another origin (its own port) in front of the service, recording what reaches it. */
let elsewhere: FaultProxy;
let redirector: Server;
let client: Confab;
/** Requests the redirector answered. */
let redirected = 0;

test.before(async () => {
  h = await startSdkHarness({ RATE_LIMIT_PER_MINUTE: '100000' });
  elsewhere = await startFaultProxy(h.app.baseUrl);
  redirector = createServer((req, res) => {
    redirected += 1;
    res.writeHead(req.method === 'POST' ? 302 : 301, {
      location: `${elsewhere.url}${req.url}`,
      'x-request-id': 'lb-1',
    });
    res.end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  client = h.client({ baseURL: `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/api/v1` });
});
test.after(async () => {
  await new Promise((resolve) => redirector?.close(resolve));
  await elsewhere?.close();
  await h?.close();
});

async function failure(p: Promise<unknown>): Promise<APIError> {
  try {
    const value = await p;
    assert.unreachable(`resolved with ${JSON.stringify(value)}`);
  } catch (err) {
    assert.instance(err, APIError);
    return err as APIError;
  }
  throw new Error('unreachable');
}

test('a POST answered with 302 is an APIError naming the Location; nothing reaches the other host, nothing is created', async () => {
  const before = (await h.client().chatbots.list()).length;
  elsewhere.plan(() => ({ kind: 'forward' }));
  redirected = 0;
  const err = await failure(client.chatbots.create({ name: 'Through a redirect' }));
  assert.equal([err.status, err.requestId, redirected], [302, 'lb-1', 1]);
  assert.ok(err.message.includes(`${elsewhere.url}/api/v1/external/v1/chatbots`), err.message);
  assert.match(err.message, /does not follow redirects/);
  assert.equal(elsewhere.attempts, [], 'the other origin never saw the request (or the API key)');
  assert.is((await h.client().chatbots.list()).length, before);
});

test('a GET answered with 301 is not followed either, and not retried', async () => {
  elsewhere.plan(() => ({ kind: 'forward' }));
  redirected = 0;
  const err = await failure(client.usage.retrieve());
  assert.equal([err.status, redirected], [301, 1]);
  assert.is(err.headers.get('location'), `${elsewhere.url}/api/v1/external/v1/usage`);
  assert.equal(
    elsewhere.attempts.map((a) => a.headers['x-api-key']),
    [],
  );
});

test.run();
