/**
 * Two service instances on one PostgreSQL database: each caches keys and workspaces
 * in process, yet a key revoked or a plan changed through one takes effect on the other within
 * a second, as does a visitor's turn recorded by one (answered before the views had it), and the
 * monthly quota holds across both. Needs DATABASE_URL (PGlite is one process).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../infrastructure/config.js';
import { createLogger } from '../../../infrastructure/logger.js';
import { startServer, type RunningServer } from '../../../app/server.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { monthOf } from '../../../infrastructure/usage/usageCounter.js';
import { createTestSql, type TestSql } from '../../support/testStores.js';
import { API_KEYS } from '../../../projections/views/apiKeysView.js';

const BASE = '/api/v1/external/v1';
let store: TestSql;
let a: RunningServer;
let b: RunningServer;
const dataDir = mkdtempSync(join(tmpdir(), 'confab-two-'));

async function get(server: RunningServer, path: string, apiKey: string): Promise<{ status: number; body: any }> {
  const res = await fetch(server.url + BASE + path, { headers: { 'x-api-key': apiKey } });
  return { status: res.status, body: await res.json() };
}

/** Polls `server` until `check` holds; returns how long it took (ms), or fails after 1 s. */
async function withinOneSecond(what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started <= 1000) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.unreachable(`${what} did not take effect on the other instance within 1 s`);
  return -1;
}

if (!process.env.DATABASE_URL) {
  test('two instances (needs DATABASE_URL): skipped on the embedded store', () => undefined);
} else {
  test.before(async () => {
    store = await createTestSql('pg');
    const config = {
      ...loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        RATE_LIMIT_PER_MINUTE: '100000',
      }),
      databaseUrl: undefined,
    };
    a = await startServer(config, { sql: store.sql, logger: createLogger('error'), port: 0 });
    b = await startServer(config, { sql: await store.another(), logger: createLogger('error'), port: 0 });
  });
  test.after(async () => {
    await a?.close();
    await b?.close();
    await store?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a key revoked through one instance is refused by the other within a second', async () => {
    const { workspaceId, apiKey } = await a.services.workspaces.createWorkspace(
      { name: 'Two', plan: 'pro', ownerEmail: `two-${Date.now()}@example.com` },
      operatorContext(),
    );
    // Both instances have the key cached.
    assert.is((await get(a, '/chatbots', apiKey)).status, 200);
    assert.is((await get(b, '/chatbots', apiKey)).status, 200);
    assert.is((await get(b, '/chatbots', apiKey)).status, 200);
    const [key] = await a.services.views.find(API_KEYS, { workspaceId });
    await a.services.workspaces.revokeApiKey(key.id, operatorContext(workspaceId));
    assert.is(
      (await get(a, '/chatbots', apiKey)).body.code,
      'API_KEY_REVOKED',
      'at once on the instance that revoked it',
    );
    const ms = await withinOneSecond(
      'the revocation',
      async () => (await get(b, '/chatbots', apiKey)).body.code === 'API_KEY_REVOKED',
    );
    assert.ok(ms <= 1000);
  });

  test('a plan change through one instance applies on the other within a second (access, then limits)', async () => {
    const { workspaceId, apiKey } = await a.services.workspaces.createWorkspace(
      { name: 'Plan', plan: 'pro', ownerEmail: `plan-${Date.now()}@example.com` },
      operatorContext(),
    );
    assert.is((await get(b, '/usage', apiKey)).body.data.limit, 50_000);
    await a.services.workspaces.setPlan(workspaceId, 'free', operatorContext());
    await withinOneSecond(
      'the downgrade',
      async () => (await get(b, '/usage', apiKey)).body.code === 'PLAN_NO_API_ACCESS',
    );
    await a.services.workspaces.setPlan(workspaceId, 'enterprise', operatorContext(), { monthlyCalls: 123 });
    await withinOneSecond('the new limit', async () => {
      const r = await get(b, '/usage', apiKey);
      return r.status === 200 && r.body.data.limit === 123;
    });
  });

  test("a visitor's turn on one instance is in its own response reads at once, in the other's within a second", async () => {
    const { apiKey } = await a.services.workspaces.createWorkspace(
      { name: 'Chat', plan: 'pro', ownerEmail: `chat-${Date.now()}@example.com` },
      operatorContext(),
    );
    const post = async (server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    const bot = await post(a, `${BASE}/chatbots`, { name: 'Two-instance bot' }, { 'x-api-key': apiKey });
    assert.is(bot.status, 201, JSON.stringify(bot.body));
    const botId = bot.body.data.id;
    const hasTurn = async (server: RunningServer, name: string) =>
      ((await get(server, `/chatbots/${botId}/responses`, apiKey)).body.data ?? []).some(
        (r: { record: Array<{ type: string; message: string }> }) =>
          r.record.some((e) => e.type === 'user' && e.message === name),
      );
    for (const [turnOn, other, name] of [
      [b, a, 'Bea'],
      [a, b, 'Abe'],
    ] as const) {
      const started = await post(turnOn, `/api/v1/chat/${botId}/sessions`, {});
      assert.is(started.status, 201, JSON.stringify(started.body));
      const said = await post(turnOn, `/api/v1/chat/${botId}/sessions/${started.body.sessionId}/messages`, {
        message: name,
      });
      assert.is(said.status, 200, JSON.stringify(said.body));
      assert.ok(await hasTurn(turnOn, name), `at once on the instance that recorded ${name}'s turn`);
      await withinOneSecond(`${name}'s turn`, () => hasTurn(other, name));
    }
  });

  test('the monthly quota holds across both instances: exactly the limit succeeds', async () => {
    const { workspaceId, apiKey } = await a.services.workspaces.createWorkspace(
      { name: 'Quota', plan: 'enterprise', ownerEmail: `q-${Date.now()}@example.com` },
      operatorContext(),
    );
    await a.services.workspaces.setPlan(workspaceId, 'enterprise', operatorContext(), { monthlyCalls: 40 });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => get(i % 2 ? a : b, '/chatbots', apiKey)));
    const ok = answers.filter((r) => r.status === 200).length;
    assert.is(ok, 40, answers.map((r) => r.status).join(','));
    assert.ok(answers.filter((r) => r.status === 429).every((r) => r.body.code === 'QUOTA_EXCEEDED'));
    // Each instance writes what it used within a second; the total is the limit.
    const month = monthOf(new Date());
    await withinOneSecond(
      'the durable count',
      async () =>
        (
          await a.services.sql.query<{ calls: number }>(
            `SELECT calls FROM usage_counters WHERE workspace_id = $1 AND month = $2`,
            [workspaceId, month],
          )
        ).rows[0]?.calls === 40,
    );
  });
}

test.run();
