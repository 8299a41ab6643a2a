/**
 * Burst limit: 60 requests per minute per key, headers on every response, the documented 429,
 * and one shared counter per key across instances when REDIS_URL is set.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { loadConfig } from '../../../infrastructure/config.js';
import { createLogger } from '../../../infrastructure/logger.js';
import { startServer } from '../../../app/server.js';
import { operatorContext } from '../../../commands/commandContext.js';

const CHATBOTS = '/api/v1/external/v1/chatbots';
const RATE_LIMIT_BODY = {
  error: 'External API rate limit exceeded. Max 60 requests per minute.',
  code: 'RATE_LIMIT_ERROR',
};
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let app: TestApp;

function assertLimitHeaders(h: Headers, remaining: number) {
  assert.is(h.get('ratelimit-policy'), '60;w=60');
  assert.is(h.get('ratelimit-limit'), '60');
  assert.is(h.get('ratelimit-remaining'), String(remaining));
  const reset = Number(h.get('ratelimit-reset'));
  assert.ok(reset >= 1 && reset <= 60, `RateLimit-Reset ${reset}`);
  assert.is(h.get('x-quota-limit'), '10000');
  assert.ok(/^\d+$/.test(h.get('x-quota-remaining') ?? ''), 'X-Quota-Remaining');
  const now = new Date();
  assert.is(h.get('x-quota-reset'), String(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000));
  assert.is(h.get('x-quota-period'), 'month');
}

function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const s = connect({ host: hostname, port: Number(port || 6379) }, () => (s.end(), resolve(true)));
    s.on('error', () => resolve(false));
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
  });
}

test.before(async () => {
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '60' });
});

test('60 requests pass, the 61st is 429 with the documented body, Retry-After and the headers', async () => {
  const { apiKey } = await app.createWorkspace('starter');
  let lastQuotaRemaining: string | null = null;
  for (let i = 1; i <= 60; i++) {
    const r = await app.api('GET', CHATBOTS, { apiKey });
    assert.is(r.status, 200, `request ${i}`);
    assertLimitHeaders(r.headers, 60 - i);
    lastQuotaRemaining = r.headers.get('x-quota-remaining');
  }
  const r = await app.api('GET', CHATBOTS, { apiKey });
  assert.is(r.status, 429);
  assert.equal(r.body, RATE_LIMIT_BODY);
  // The documented value (docs/external-api.md, Limits): the 60-second window, whatever RateLimit-Reset says.
  assert.is(r.headers.get('retry-after'), '60');
  assertLimitHeaders(r.headers, 0);
  // A refused burst is not counted: the quota left is what the 60th request left.
  assert.is(r.headers.get('x-quota-remaining'), lastQuotaRemaining);
  // Writes are limited by the same counter.
  const post = await app.api('POST', CHATBOTS, { apiKey, body: { name: 'late' } });
  assert.is(post.status, 429);
  assert.equal(post.body, RATE_LIMIT_BODY);
});

test('the limit is per key: another key of the same workspace is not limited', async () => {
  const { workspaceId, apiKey } = await app.createWorkspace('starter');
  const other = await app.services.workspaces.createApiKey({ workspaceId }, operatorContext(workspaceId));
  await Promise.all(Array.from({ length: 60 }, () => app.api('GET', CHATBOTS, { apiKey })));
  assert.is((await app.api('GET', CHATBOTS, { apiKey })).status, 429);
  const r = await app.api('GET', CHATBOTS, { apiKey: other.apiKey });
  assert.is(r.status, 200);
  assert.is(r.headers.get('ratelimit-remaining'), '59');
});

test('parallel bursts let exactly 60 through', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  const results = await Promise.all(Array.from({ length: 75 }, () => app.api('GET', CHATBOTS, { apiKey })));
  assert.is(results.filter((r) => r.status === 200).length, 60);
  assert.is(results.filter((r) => r.status === 429).length, 15);
});

test('error responses carry the limit headers too (404 of an authenticated request)', async () => {
  const { apiKey } = await app.createWorkspace('starter');
  const r = await app.api('GET', `${CHATBOTS}/000000000000000000000000`, { apiKey });
  assert.is(r.status, 404);
  assertLimitHeaders(r.headers, 59);
});

test('with Redis, two instances share one counter per key', async () => {
  if (!process.env.REDIS_URL && !(await redisReachable(REDIS_URL))) {
    console.log(`skipped: no Redis at ${REDIS_URL}`);
    return;
  }
  const a = await startTestApp({ RATE_LIMIT_PER_MINUTE: '60', REDIS_URL });
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-test-'));
  // A second process of the same deployment: same database, same Redis.
  const b = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '60',
      REDIS_URL,
    }),
    {
      sql: a.services.sql,
      logger: createLogger('error'),
      port: 0,
    },
  );
  try {
    const { apiKey } = await a.createWorkspace('starter'); // a fresh key id: a counter of its own in Redis
    const call = (base: string) => fetch(base + CHATBOTS, { headers: { 'x-api-key': apiKey } });
    for (let i = 1; i <= 30; i++) {
      const ra = await call(a.baseUrl);
      assert.is(ra.status, 200);
      assert.is(ra.headers.get('ratelimit-remaining'), String(60 - (2 * i - 1)));
      const rb = await call(b.url);
      assert.is(rb.status, 200);
      assert.is(rb.headers.get('ratelimit-remaining'), String(60 - 2 * i));
    }
    for (const base of [a.baseUrl, b.url]) {
      const r = await call(base);
      assert.is(r.status, 429);
      assert.equal(await r.json(), RATE_LIMIT_BODY);
      assert.ok(Number(r.headers.get('retry-after')) <= 60);
    }
  } finally {
    await b.close();
    await a.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('close', async () => {
  await app.close();
});

test.run();
