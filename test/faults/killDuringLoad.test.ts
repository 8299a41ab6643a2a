/**
 * Fault: `kill -9` of the service at random points under write and delivery load, 20 times in a
 * row on one store (the embedded store in one DATA_DIR, or a PostgreSQL schema when DATABASE_URL
 * is set). Each cycle starts the service, fires concurrent chatbot creations and visitor chats at
 * a chatbot whose webhook (every event) points at a real HTTPS receiver, and kills the process
 * with SIGKILL 50–800 ms later. After the last restart:
 *  - every write that was answered 2xx is there (chatbots listed, sessions in the log, response
 *    records with the answers that were acknowledged);
 *  - the views equal what the event log (`confab events export`) says;
 *  - every webhook event is delivered, each attempt at most once per claim: the receiver never
 *    sees a delivery id more often than the attempts counted for it, never more than 1 + 3, and
 *    the delivery log's attempt numbers per delivery are distinct.
 */
// test runner timeout: 600 s
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHttpsReceiver, type HttpsReceiver } from '../support/httpsReceiver.js';
import {
  assertAcknowledgedWritesPresent,
  assertDeliveryLogAndReport,
  assertViewsConverge,
  waitForWebhookEvents,
} from './support/crashChecks.js';
import { exportEvents } from './support/eventExport.js';
import { freshStore, type FaultStore } from './support/faultStore.js';
import { summarize, type LogSummary } from './support/logSummary.js';
import { root, startService, type ServiceProcess } from './support/serviceProcess.js';
import { sleep } from '../support/waiting.js';
import { answerOkWithJitter, startServiceWithHub, webhookServiceEnv } from './support/webhookHub.js';
import { newLedger, startLoad } from './support/writeLoad.js';

const KILLS = 20;
/** The kill loop ends by this point of the file's run whatever happens (the runner allows this file 600 s, line below). */
const LOOP_BUDGET_MS = 420_000;
/** The dispatcher's claim lease: WEBHOOK_TIMEOUT_MS (2000 here) + 30 s. */
const LEASE_MS = 32_000;
/** Time for the claim after the lease, the send and its log, on a busy machine. */
const SETTLE_MS = 8000;
let lastKillAt = 0;
const fileStarted = Date.now();
let store: FaultStore;
let receiver: HttpsReceiver;
let env: NodeJS.ProcessEnv;
let service: ServiceProcess | null = null;
let workspaceId = '';
let key = '';
let hubBotId = '';
let webhookId = '';
let secret = '';
let summary: LogSummary;
const ledger = newLedger();
const cycles: Array<{ startupMs: number; killAfterMs: number; answered2xx: number }> = [];

test.before(async () => {
  store = await freshStore();
  receiver = await startHttpsReceiver();
  // Answer 2xx, a little later sometimes, so that kills often land while a send is in flight.
  answerOkWithJitter(receiver);
  env = webhookServiceEnv(store.env, receiver, '100000');
  ({ workspaceId, key, service, hubBotId, webhookId, secret } = await startServiceWithHub(env, receiver, {
    name: 'Crash test',
    ownerEmail: 'ops@crash.test',
  }));
});

test.after(async () => {
  await service?.kill('SIGTERM');
  await receiver?.close();
  await store?.cleanup();
});

test(`${KILLS} × kill -9 at a random point under write and delivery load, restarting on the same store`, async () => {
  for (let i = 1; i <= KILLS; i++) {
    // A guard for a machine so busy that 20 restarts do not fit the runner's 600 s for this file:
    // stop early (and fail below) rather than be killed with nothing checked.
    if (Date.now() - fileStarted > LOOP_BUDGET_MS) break;
    if (!service) {
      service = await startService(env);
      // The embedded store's pid lock was left by a killed owner: the new process took it over.
      if (store.kind === 'embedded')
        assert.is(readFileSync(join(store.dataDir, 'confab.pid'), 'utf8'), String(service.pid));
    }
    const current = service;
    const before = ledger.answers.filter((a) => typeof a.status === 'number' && a.status < 300).length;
    const load = startLoad({
      url: () => current.url,
      key,
      hubBotId,
      ledger,
      chatbotWriters: 2,
      visitors: 6,
      tag: `c${i}`,
      stopOnNetworkError: true,
    });
    // The kill lands 50–800 ms into the load, counted from its first acknowledged write (the
    // first requests after a start take a while on a busy machine), or from 2 s after the
    // start when nothing was acknowledged by then.
    const ok2xx = () => ledger.answers.filter((a) => typeof a.status === 'number' && a.status < 300).length - before;
    const loadStarted = Date.now();
    while (ok2xx() === 0 && Date.now() - loadStarted < 2000) await sleep(5);
    const killAfterMs = 50 + Math.floor(Math.random() * 750);
    await sleep(killAfterMs);
    await current.kill('SIGKILL');
    lastKillAt = Date.now();
    const exit = await current.exited;
    assert.is(exit.signal, 'SIGKILL');
    service = null;
    await load.stop();
    cycles.push({ startupMs: current.startupMs, killAfterMs, answered2xx: ok2xx() });
    console.log(
      `cycle ${i}: listening after ${current.startupMs} ms, load ran ${Date.now() - loadStarted} ms, killed ${killAfterMs} ms later, ${ok2xx()} writes acknowledged`,
    );
  }
  assert.is(
    cycles.length,
    KILLS,
    `only ${cycles.length} kills within ${LOOP_BUDGET_MS / 1000} s: the machine is too busy for this file`,
  );
  // The load did reach the service: acknowledged writes of every kind, and nothing but 2xx or
  // a dropped connection (a kill) as answers.
  assert.ok(
    ledger.chatbots.size > 0 && ledger.sessions.size > 0 && ledger.responded.size > 0,
    `acknowledged: ${ledger.chatbots.size} chatbots, ${ledger.sessions.size} sessions, ${ledger.responded.size} responses`,
  );
  const unexpected = ledger.answers.filter((a) => typeof a.status === 'number' && a.status >= 300);
  assert.equal(unexpected.slice(0, 5), [], `non-2xx answers under load: ${JSON.stringify(unexpected.slice(0, 5))}`);
});

test('with the service killed, the CLI works on the store (stale pid file and admin socket) and leaves it to the next start', async () => {
  assert.is(service, null);
  const events = await exportEvents(env, '--workspace', workspaceId);
  const created = new Set(events.filter((e) => e.type === 'ChatbotCreated').map((e) => e.data.chatbotId));
  assert.equal(
    [...ledger.chatbots].filter((id) => !created.has(id)),
    [],
    'acknowledged chatbots in the log read by the CLI',
  );
});

test('after the last restart every acknowledged write is there', async () => {
  service = await startService(env);
  summary = summarize(await exportEvents(env, '--workspace', workspaceId), workspaceId, hubBotId);
  await assertAcknowledgedWritesPresent({ url: service.url, key, hubBotId, ledger, summary });
});

test('the views converge on the event log', async () => {
  await assertViewsConverge({ url: service!.url, key, hubBotId, summary });
});

/**
 * Found by this suite (eventExportPipe): `confab events export | …` — stdout a pipe, read by a
 * consumer slower than the CLI writes — loses everything past the pipe buffer (~64 KB), since
 * the CLI exited right after its last write (e.g. 83 of 149 lines). Fixed: the CLI exits once its
 * output is handed to the OS. The other tests here read the export from a file.
 */
test('eventExportPipe: the export read through a pipe by a late reader is the whole log', async () => {
  const complete = await exportEvents(env, '--workspace', workspaceId);
  const bytes = complete.reduce((n, e) => n + JSON.stringify(e).length + 1, 0);
  assert.ok(bytes > 65_536, `the export (${bytes} bytes) is larger than a pipe buffer, as a real audit trail is`);
  // `confab events export | (sleep 2; cat)`: a consumer that starts reading two seconds late.
  const piped = await new Promise<string>((resolve) => {
    const command = `"${process.execPath}" bin/confab.js events export --workspace ${workspaceId} | (sleep 2; cat)`;
    const child = spawn('sh', ['-c', command], { cwd: root, env, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', () => resolve(out));
  });
  const lines = piped.split('\n').filter(Boolean);
  assert.is(lines.length, complete.length, `lines through the pipe: ${lines.length} of ${complete.length}`);
  assert.ok(piped.endsWith('\n'));
});

test('every webhook event is delivered, and no attempt is sent more than once per claim', async () => {
  const expected = await waitForWebhookEvents(receiver, summary, 60_000);
  assert.ok(expected > 0, 'the load produced webhook events');
  // A send cut off by a kill (the receiver may well have it) leaves its job claimed until the
  // lease runs out (WEBHOOK_TIMEOUT_MS + 30 s after the claim); the running service then claims
  // it again and sends the next attempt. Wait for that before reading the final state.
  await sleep(Math.max(1000, lastKillAt + LEASE_MS + SETTLE_MS - Date.now()));
  await service!.kill('SIGTERM');
  service = null;
  const sql = await store.openSql();
  await assertDeliveryLogAndReport({
    sql,
    webhookId,
    receiver,
    secret,
    expectedJobs: expected,
    ledger,
    summary,
    fileStarted,
    figures: () => {
      const startup = cycles.map((c) => c.startupMs).sort((x, y) => x - y);
      return {
        store: store.kind,
        kills: cycles.length,
        startupMs: {
          min: startup[0],
          median: startup[Math.floor(startup.length / 2)],
          max: startup[startup.length - 1],
        },
        killAfterMs: cycles.map((c) => c.killAfterMs),
      };
    },
  });
});

test.run();
