/**
 * GET /readyz (readiness) next to GET /healthz (liveness, docs/configuration.md): 200 while the stores
 * answer, 503 naming the database when it does not — refused connections and a server that
 * accepts but never answers (a real PostgreSQL behind a TCP relay), and the embedded store cut
 * off — and 200 "degraded" naming Redis when only Redis is away. /healthz stays 200 throughout.
 * Every answer is checked against the OpenAPI document, and none carries an address.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import winston from 'winston';
import { loadConfig } from '../../infrastructure/config.js';
import { startServer, type RunningServer } from '../../app/server.js';
import type { SqlClient } from '../../infrastructure/sql/sqlClient.js';
import { createPgliteSqlClient } from '../../infrastructure/sql/pgliteSqlClient.js';
import { createPgSqlClient, dropPgSchema } from '../../infrastructure/sql/pgSqlClient.js';
import { Conformance } from '../support/openApiConformance.js';
import { cuttableSql } from '../support/cuttableSql.js';
import { tcpRelay, tcpRelayTo } from '../support/tcpRelay.js';
import { freePort } from '../support/freePort.js';
import { eventually } from '../support/waiting.js';
import { startRedis } from '../faults/support/privateRedis.js';

interface Probe {
  status: number;
  body: { status: string; checks: Record<string, string> };
  text: string;
  ms: number;
}

let conformance: Conformance | null = null;
const problems: string[] = [];

/** The service on `sql`, as startServer runs it; its logs (store errors while cut off) are not the subject here. */
async function serve(
  sql: SqlClient,
  env: Record<string, string> = {},
): Promise<{ running: RunningServer; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-readyz-'));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env });
  const running = await startServer(
    { ...config, databaseUrl: undefined },
    { sql, logger: winston.createLogger({ silent: true }) },
  );
  conformance ??= await Conformance.load(await (await fetch(`${running.url}/api/v1/openapi.json`)).json());
  return {
    running,
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function probe(running: RunningServer, path = '/readyz'): Promise<Probe> {
  const started = Date.now();
  const res = await fetch(`${running.url}${path}`, { signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  const ms = Date.now() - started;
  if (path === '/readyz') {
    problems.push(...conformance!.check('getReadiness', { status: res.status, headers: res.headers, text }));
    assert.is(res.headers.get('cache-control'), 'no-store');
  }
  return { status: res.status, body: JSON.parse(text), text, ms };
}

const ready = { status: 200, body: { status: 'ok', checks: { database: 'ok' } } };
const databaseDown = { status: 503, body: { status: 'unavailable', checks: { database: 'unavailable' } } };
const shape = (p: Probe) => ({ status: p.status, body: p.body });

test('embedded store: ready while it answers, 503 naming the database while cut off, ready again after', async () => {
  const line = cuttableSql(await createPgliteSqlClient());
  const app = await serve(line.sql);
  try {
    assert.equal(shape(await probe(app.running)), ready);
    line.cut();
    assert.equal(shape(await probe(app.running)), databaseDown);
    assert.is(
      (await probe(app.running, '/healthz')).status,
      200,
      'liveness is not readiness: the process still serves',
    );
    line.restore();
    assert.equal(shape(await probe(app.running)), ready);
  } finally {
    line.restore();
    await app.close();
    await line.sql.close();
  }
});

const url = process.env.DATABASE_URL;
if (url) {
  test('PostgreSQL behind a relay: refused, then silent: 503 naming the database within the deadline, no address; ready again once it answers', async () => {
    const relay = await tcpRelayTo(url, 5432);
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const sql = await createPgSqlClient({ connectionString: relay.urlFor(url), schema, connectTimeoutMs: 1000 });
    const app = await serve(sql);
    try {
      assert.equal(shape(await probe(app.running)), ready);

      relay.refuse();
      const refused = await probe(app.running);
      assert.equal(shape(refused), databaseDown);
      assert.not.match(refused.text, /127\.0\.0\.1|postgres|:\d{2,5}\b/, 'no address, no connection string');
      relay.forward();
      await eventually(
        async () => (await probe(app.running)).status === 200,
        15_000,
        'ready once connections are accepted again',
      );

      relay.silence();
      // Several probes at once (a balancer and an orchestrator): each answers within the deadline.
      const silent = await Promise.all([probe(app.running), probe(app.running), probe(app.running)]);
      for (const p of silent) {
        assert.equal(shape(p), databaseDown);
        assert.ok(p.ms < 5000, `answered after ${p.ms} ms: the probe's deadline is 2 s`);
      }
      relay.forward();
      await eventually(
        async () => (await probe(app.running)).status === 200,
        15_000,
        'ready once the server answers again',
      );
    } finally {
      relay.forward();
      await app.close();
      await sql.close();
      await relay.close();
      await dropPgSchema(url, schema);
    }
  });

  test('PostgreSQL with every pooled connection busy: still 200 (the probe has its own connection), within the deadline', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const sql = await createPgSqlClient({ connectionString: url, schema, max: 2 });
    const app = await serve(sql);
    try {
      assert.equal(shape(await probe(app.running)), ready);
      // Requests holding the whole pool for longer than the probe's 2 s deadline.
      const busy = [sql.query('SELECT pg_sleep(4)'), sql.query('SELECT pg_sleep(4)')];
      await new Promise((resolve) => setTimeout(resolve, 200));
      const p = await probe(app.running);
      assert.equal(shape(p), ready, 'a busy pool is load, not a database outage');
      assert.ok(p.ms < 2000, `answered after ${p.ms} ms`);
      await Promise.all(busy);
    } finally {
      await app.close();
      await sql.close();
      await dropPgSchema(url, schema);
    }
  });
} else {
  test.skip('PostgreSQL made unreachable (needs DATABASE_URL)', () => undefined);
}

test('Redis (REDIS_URL) away: still 200, "degraded", naming redis; "ok" again once it is back', async () => {
  const port = await freePort();
  let redis: ChildProcess | null = await startRedis(port);
  const relay = await tcpRelay('127.0.0.1', port);
  const sql = await createPgliteSqlClient();
  const app = await serve(sql, { REDIS_URL: `redis://127.0.0.1:${relay.port}` });
  try {
    assert.equal(shape(await probe(app.running)), {
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', redis: 'ok' } },
    });
    relay.refuse();
    const away = await probe(app.running);
    assert.equal(shape(away), {
      status: 200,
      body: { status: 'degraded', checks: { database: 'ok', redis: 'unavailable' } },
    });
    assert.not.match(away.text, /redis:\/\/|127\.0\.0\.1/);
    relay.forward();
    await eventually(async () => (await probe(app.running)).body.status === 'ok', 15_000, 'redis ok again');
  } finally {
    await app.close();
    await sql.close();
    await relay.close();
    redis?.kill('SIGKILL');
    redis = null;
  }
});

test('every answer matched the OpenAPI document', () => {
  assert.equal(problems, []);
});

test.run();
