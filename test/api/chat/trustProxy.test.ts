// TRUST_PROXY decides which address the per-address chat limits count: the whole application
// (createApp with the deps app/server.ts builds) with the chat limiters shrunk to 2 points.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { createApp } from '../../../api/app.js';
import { appDeps } from '../../../app/server.js';
import { CHAT_MOUNT } from '../../../api/chat/chatRouter.js';
import { loadConfig, type TrustProxy } from '../../../infrastructure/config.js';
import type { RateLimiterFactory } from '../../../infrastructure/rateLimit/rateLimiter.js';

let app: TestApp;
let botId: string;
const servers: Server[] = [];

/** The application as `npm start` builds it, except that every chat limit allows 2 requests. */
async function serve(trustProxy?: TrustProxy): Promise<(ip: string) => Promise<number>> {
  const deps = appDeps(app.services);
  const real = app.services.rateLimiters;
  const small: RateLimiterFactory = {
    create: (opts) => real.create({ ...opts, points: 2 }),
    ready: async () => undefined,
    redis: null,
    close: async () => undefined,
  };
  const server = createServer(
    createApp({ ...deps, trustProxy: trustProxy ?? deps.trustProxy, chat: { ...deps.chat, rateLimiters: small } }),
  );
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${CHAT_MOUNT}/${botId}/sessions`;
  return async (ip) =>
    (
      await fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: '{}',
      })
    ).status;
}

test('setup: TRUST_PROXY=1 reaches the application through appDeps', async () => {
  app = await startTestApp({ TRUST_PROXY: '1' });
  assert.is(appDeps(app.services).trustProxy, 1);
  const { apiKey } = await app.createWorkspace('pro');
  botId = (await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey, body: { name: 'Behind a proxy' } })).body
    .data.id;
});

test('TRUST_PROXY parses as Express takes it; unset trusts loopback only; bad entries are refused', () => {
  const parse = (v?: string) => loadConfig(v === undefined ? {} : { TRUST_PROXY: v }).trustProxy;
  assert.equal(parse(), ['loopback']);
  assert.equal(parse(''), ['loopback']);
  assert.is(parse('true'), true);
  assert.is(parse('false'), false);
  assert.is(parse('2'), 2);
  assert.equal(parse('loopback, uniquelocal,10.0.0.0/8,2001:db8::1'), [
    'loopback',
    'uniquelocal',
    '10.0.0.0/8',
    '2001:db8::1',
  ]);
  assert.throws(() => parse('loopback,proxy.internal'), /TRUST_PROXY.*proxy\.internal/);
});

test('TRUST_PROXY=1: clients behind the proxy (X-Forwarded-For) have buckets of their own', async () => {
  const start = await serve();
  assert.equal(
    [await start('198.51.100.1'), await start('198.51.100.1'), await start('198.51.100.1')],
    [201, 201, 429],
  );
  assert.is(await start('198.51.100.2'), 201, 'another client of the same proxy');
});

test("TRUST_PROXY=false: X-Forwarded-For is ignored, every request counts for the proxy's address", async () => {
  const start = await serve(loadConfig({ TRUST_PROXY: 'false' }).trustProxy);
  assert.equal(
    [await start('198.51.100.11'), await start('198.51.100.12'), await start('198.51.100.13')],
    [201, 201, 429],
  );
});

test('IPv6 clients are counted per /64: addresses of one /64 share a bucket, the next /64 does not', async () => {
  const start = await serve();
  assert.equal(
    [await start('2001:db8:7:1::1'), await start('2001:db8:7:1::2'), await start('2001:db8:7:1:ffff:ffff:ffff:9')],
    [201, 201, 429],
  );
  assert.is(await start('2001:db8:7:2::1'), 201);
  assert.equal(
    [await start('::ffff:198.51.100.21'), await start('198.51.100.21'), await start('198.51.100.21')],
    [201, 201, 429],
    'IPv4-mapped is the IPv4 address',
  );
});

test('close', async () => {
  for (const server of servers) {
    await new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  }
  await app.close();
});

test.run();
