/**
 * Fault: the PostgreSQL server crashes and comes back while the service is under write and
 * delivery load. Never the machine's shared server: a private cluster (initdb into a temporary
 * directory, as the `postgres` user when the tests run as root) on a port of its own, stopped
 * with `pg_ctl stop -m immediate` (no shutdown checkpoint: a crash as far as clients can tell)
 * and started again. The service is not restarted. Expected:
 *  - during the outage every answer is a 5xx with a JSON {error} body, promptly (no hang), and
 *    the process stays up;
 *  - once PostgreSQL is back, requests succeed again within a bounded time (recorded);
 *  - no acknowledged write is lost, the views equal the log, and every webhook event is
 *    delivered with each attempt sent at most once per claim.
 *
 * Found by this suite and fixed: the service process used to die with the database. A pooled pg
 * client checked out for a transaction had no 'error' listener, so "Connection terminated
 * unexpectedly" between two statements was an unhandled event that ended Node.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHttpsReceiver, type HttpsReceiver } from '../support/httpsReceiver.js';
import {
  assertAcknowledgedWritesPresent,
  assertDeliveryLogAndReport,
  assertViewsConverge,
  waitForWebhookEvents,
} from './support/crashChecks.js';
import { exportEvents } from './support/eventExport.js';
import { EXTERNAL, http } from './support/externalApi.js';
import { postgresReader } from './support/faultStore.js';
import { summarize, type LogSummary } from './support/logSummary.js';
import { startPrivatePostgres, type PrivatePostgres } from './support/privatePostgres.js';
import type { ServiceProcess } from './support/serviceProcess.js';
import { eventually, sleep } from '../support/waiting.js';
import { answerOkWithJitter, startServiceWithHub, webhookServiceEnv } from './support/webhookHub.js';
import { newLedger, startLoad } from './support/writeLoad.js';

/** An answer must come within this; later counts as a hang. */
const HANG_MS = 20_000;
/** PostgreSQL back: the service must serve writes again within this. */
const RECOVERY_BOUND_MS = 60_000;
const OUTAGE_MS = 4000;

const fileStarted = Date.now();
let cluster: PrivatePostgres;
let receiver: HttpsReceiver;
let dataDir = '';
let env: NodeJS.ProcessEnv;
let service: ServiceProcess;
let workspaceId = '';
let key = '';
let hubBotId = '';
let webhookId = '';
let secret = '';
let summary: LogSummary;
const ledger = newLedger();
let load: ReturnType<typeof startLoad> | null = null;
const outage = { stoppedAt: 0, startedAgainAt: 0 };
const figures: Record<string, unknown> = {};

test.before(async () => {
  cluster = await startPrivatePostgres();
  receiver = await startHttpsReceiver();
  answerOkWithJitter(receiver);
  dataDir = mkdtempSync(join(tmpdir(), 'confab-faults-pgrestart-'));
  env = webhookServiceEnv({ DATA_DIR: dataDir, DATABASE_URL: cluster.url }, receiver, '100000');
  ({ workspaceId, key, service, hubBotId, webhookId, secret } = await startServiceWithHub(env, receiver, {
    name: 'Database outage',
    ownerEmail: 'ops@pg-outage.test',
  }));
});

test.after(async () => {
  await load?.stop();
  await service?.kill('SIGTERM');
  cluster?.destroy();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('under load with PostgreSQL up, writes are acknowledged', async () => {
  load = startLoad({
    url: () => service.url,
    key,
    hubBotId,
    ledger,
    chatbotWriters: 2,
    visitors: 4,
    tag: 'pg',
    stopOnNetworkError: false,
    timeoutMs: HANG_MS,
  });
  await eventually(
    async () => ledger.sessions.size >= 3 && ledger.chatbots.size >= 3,
    60_000,
    'acknowledged writes before the outage',
  );
  assert.ok(
    ledger.answers.every((a) => a.status === 200 || a.status === 201),
    JSON.stringify(ledger.answers.filter((a) => a.status !== 200 && a.status !== 201).slice(0, 3)),
  );
});

test('PostgreSQL crashes (stop -m immediate): answers are 5xx JSON {error}, none hangs, the process stays up', async () => {
  cluster.stopImmediate();
  outage.stoppedAt = Date.now();
  await sleep(OUTAGE_MS);
  // Probes a client would make, besides the load.
  const probes = await Promise.all([
    http(service.url, 'GET', `${EXTERNAL}/chatbots`, { key, timeoutMs: HANG_MS }).catch((err: Error) => err),
    http(service.url, 'POST', `${EXTERNAL}/chatbots`, {
      key,
      body: { name: 'During the outage' },
      timeoutMs: HANG_MS,
    }).catch((err: Error) => err),
    http(service.url, 'POST', `/api/v1/chat/${hubBotId}/sessions`, {
      body: { visitorId: 'outage' },
      headers: { 'x-forwarded-for': '10.200.0.1' },
      timeoutMs: HANG_MS,
    }).catch((err: Error) => err),
  ]);
  // Answers to requests sent once PostgreSQL was down (those in flight at the crash may have
  // gone either way).
  // First of all: the process is still there (an unhandled error would have ended it).
  assert.ok(
    service.alive(),
    `the service process exited during the outage (${JSON.stringify(await Promise.race([service.exited, sleep(0)]))}):\n${service.log().slice(-3000)}`,
  );
  const during = ledger.answers.filter((a) => a.at > outage.stoppedAt && a.at < outage.stoppedAt + OUTAGE_MS);
  figures.outageAnswers = during.length;
  figures.outageStatuses = [...new Set(during.map((a) => a.status))];
  figures.slowestOutageAnswerMs = Math.max(0, ...during.map((a) => a.ms));
  assert.ok(during.length > 0, 'the load kept calling during the outage');
  for (const a of during) {
    assert.ok(
      typeof a.status === 'number',
      `${a.what}: ${a.status} (no answer: the request hung or the connection dropped)`,
    );
    assert.ok((a.status as number) >= 500 && (a.status as number) <= 599, `${a.what}: ${a.status} during the outage`);
    assert.type(a.error, 'string', `${a.what}: a JSON {error} body`);
  }
  for (const p of probes) {
    assert.not.ok(p instanceof Error, `a probe got no answer: ${String(p)}`);
    const r = p as Awaited<ReturnType<typeof http>>;
    assert.ok(r.status >= 500 && r.status <= 599, `probe answered ${r.status} ${r.text}`);
    assert.match(String(r.headers.get('content-type')), /application\/json/);
    assert.type(r.body?.error, 'string');
  }
});

test('PostgreSQL back: the same process serves writes again within a bounded time', async () => {
  assert.ok(service.alive(), 'the service process is gone (see the outage test)');
  cluster.start();
  outage.startedAgainAt = Date.now();
  let tries = 0;
  await eventually(
    async () => {
      tries++;
      const bot = await http(service.url, 'POST', `${EXTERNAL}/chatbots`, {
        key,
        body: { name: `After the outage ${tries}` },
        timeoutMs: HANG_MS,
      });
      if (bot.status !== 201) return null;
      ledger.chatbots.add(bot.body.data.id);
      const s = await http(service.url, 'POST', `/api/v1/chat/${hubBotId}/sessions`, {
        body: { visitorId: 'after' },
        headers: { 'x-forwarded-for': '10.200.0.2' },
        timeoutMs: HANG_MS,
      });
      if (s.status !== 201) return null;
      ledger.sessions.add(s.body.sessionId);
      return true;
    },
    RECOVERY_BOUND_MS,
    'a chatbot and a chat session to be created after PostgreSQL came back',
    250,
  );
  figures.recoveryMs = Date.now() - outage.startedAgainAt;
  // The load goes on for a while on the recovered database, then stops.
  const acknowledged = ledger.sessions.size;
  await eventually(async () => ledger.sessions.size >= acknowledged + 3, 30_000, 'the load to be served again');
  await load!.stop();
  load = null;
  assert.ok(service.alive());
  assert.is(service.child.pid, service.pid, 'no restart of the service');
});

test('no acknowledged write is lost, and the views converge on the log', async () => {
  assert.ok(service.alive(), 'the service process is gone (see the outage test)');
  summary = summarize(await exportEvents(env, '--workspace', workspaceId), workspaceId, hubBotId);
  await assertAcknowledgedWritesPresent({ url: service.url, key, hubBotId, ledger, summary });
  await assertViewsConverge({ url: service.url, key, hubBotId, summary });
});

test('every webhook event is delivered, each attempt at most once per claim', async () => {
  assert.ok(service.alive(), 'the service process is gone (see the outage test)');
  const expected = await waitForWebhookEvents(receiver, summary, 60_000);
  // A job claimed before the crash whose outcome could not be written stays claimed until its
  // lease runs out (WEBHOOK_TIMEOUT_MS + 30 s), then is claimed and sent again.
  await sleep(Math.max(1000, outage.stoppedAt + 32_000 + 8000 - Date.now()));
  const sql = postgresReader(cluster.url);
  await assertDeliveryLogAndReport({
    sql,
    webhookId,
    receiver,
    secret,
    expectedJobs: expected,
    ledger,
    summary,
    fileStarted,
    figures: () => ({ outageMs: OUTAGE_MS, ...figures }),
  });
});

test.run();
