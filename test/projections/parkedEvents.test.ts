/**
 * One view's failing handler parks that event for that view and leaves the others running;
 * the operator lists and retries parked events; a rebuild swaps complete views in, so readers
 * never see a half-built one.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { createPostgresEventStore } from '../../infrastructure/eventStore/postgresEventStore.js';
import { createPostgresReadStore } from '../../infrastructure/readStore/postgresReadStore.js';
import type { NewEvent } from '../../infrastructure/eventStore/eventStore.js';
import { allProjections } from '../../projections/allProjections.js';
import { ProjectionRunner } from '../../projections/projectionRunner.js';
import { defineProjection } from '../../projections/projection.js';
import { CHATBOTS } from '../../projections/views/chatbotsView.js';
import { runCliCommand } from '../../cli/cliCommands.js';
import { createServices } from '../../app/compositionRoot.js';
import { createTestSql, type TestSql } from '../support/testStores.js';
import { collection } from '../../infrastructure/readStore/readStore.js';

let store: TestSql;
const extra: TestSql[] = [];
async function anotherStore(): Promise<TestSql> {
  const t = await createTestSql();
  extra.push(t);
  return t;
}
const logged: Array<{ message: string; meta: unknown }> = [];
const logger = createLogger('error');
logger.error = ((message: string, meta?: unknown) => {
  logged.push({ message, meta });
  return logger;
}) as typeof logger.error;

const meta = () => ({
  workspaceId: 'w1',
  actor: { type: 'system' as const, id: 't' },
  correlationId: randomUUID(),
  causationId: null,
  requestId: null,
  occurredAt: new Date().toISOString(),
});
const created = (chatbotId: string, name: string): NewEvent => ({
  type: 'ChatbotCreated',
  data: { chatbotId, workspaceId: 'w1', name, description: '', flow: { steps: [] } },
  metadata: meta(),
});

/** A view whose handler throws on chatbots named "poison" until it is fixed. */
let fixed = false;
const POISONED = collection<{ id: string; name: string }>('poisoned');
const fragileView = defineProjection('fragile', [{ name: POISONED.name, indexes: [] }], {
  async ChatbotCreated(e, tx) {
    const d = e.data as { chatbotId: string; name: string };
    if (d.name === 'poison' && !fixed) throw new Error('cannot handle poison');
    await tx.upsert(POISONED, { id: d.chatbotId, name: d.name });
  },
});

test.before(async () => {
  store = await createTestSql();
});
test.after(async () => {
  for (const t of extra) await t.cleanup();
  await store.cleanup();
});

test('a failing handler parks its event for its view only; the rest of the log and the other views go on', async () => {
  const events = await createPostgresEventStore(store.sql, { listen: false });
  const views = await createPostgresReadStore(store.sql);
  const runner = new ProjectionRunner(events, views, [...allProjections, fragileView], logger);
  await runner.init();
  await events.append('chatbot-a', [created('a', 'fine')]);
  await events.append('chatbot-p', [created('p', 'poison')]);
  await events.append('chatbot-b', [created('b', 'after')]);
  const applied = await runner.catchUp();
  assert.is(applied, 3);
  assert.equal(
    (await views.find(CHATBOTS, {}, { sort: [['name', 1]] })).map((d) => d.name),
    ['after', 'fine', 'poison'],
    'the other views have every event',
  );
  assert.equal(
    (await views.find(POISONED, {}, { sort: [['name', 1]] })).map((d) => d.name),
    ['after', 'fine'],
    'the failing view goes on past it',
  );
  const parked = await runner.parked();
  assert.equal(
    parked.map((p) => [p.projection, p.type, p.streamId]),
    [['fragile', 'ChatbotCreated', 'chatbot-p']],
  );
  assert.match(parked[0].error, /cannot handle poison/);
  assert.ok(
    logged.some((l) => /parked/.test(l.message)),
    'an operator is alerted in the log',
  );

  const stillBroken = await runner.retryParked();
  assert.equal(stillBroken.applied, []);
  assert.is(stillBroken.failing.length, 1);
  fixed = true;
  const retried = await runner.retryParked([parked[0].id]);
  assert.equal(retried.applied, [parked[0].id]);
  assert.equal(await runner.parked(), []);
  assert.is((await views.find(POISONED, {})).length, 3);
  fixed = false;
  await runner.stop();
});

test('while anything is parked, batches take the checkpoint lock, and a retry waits for it', async () => {
  const { sql } = await anotherStore();
  const events = await createPostgresEventStore(sql, { listen: false });
  const views = await createPostgresReadStore(sql);
  const runner = new ProjectionRunner(events, views, [...allProjections, fragileView], logger);
  await runner.init();
  let atOnce = 0;
  const commitBatch = views.commitBatch.bind(views);
  views.commitBatch = (...args) => {
    atOnce++;
    return commitBatch(...args);
  };
  await events.append('chatbot-x1', [created('x1', 'first')]);
  await runner.catchUp();
  assert.is(atOnce, 1, 'with nothing parked, a batch lands at once');
  await events.append('chatbot-xp', [created('xp', 'poison')]);
  await runner.catchUp();
  const [parked] = await runner.parked();
  assert.ok(parked, 'the poison event is parked');
  await events.append('chatbot-x2', [created('x2', 'second')]);
  const before = atOnce;
  assert.is(await runner.catchUp(), 1);
  assert.is(atOnce, before, 'with an event parked, the batch went through the transaction');
  assert.ok(await views.get(CHATBOTS, 'x2'));
  // A live batch holds the checkpoint lock: the retry waits for it.
  fixed = true;
  let release!: () => void;
  let locked!: () => void;
  const holding = new Promise<void>((r) => (locked = r));
  const live = views.transaction(async (tx) => {
    await tx.lockCheckpoint('views');
    locked();
    await new Promise<void>((r) => (release = r));
  });
  await holding;
  let retried = false;
  const retry = runner.retryParked().then((r) => {
    retried = true;
    return r;
  });
  await new Promise((r) => setTimeout(r, 300));
  assert.is(retried, false, 'the retry waits for the checkpoint lock');
  release();
  await live;
  assert.equal((await retry).applied, [parked.id]);
  assert.ok(await views.get(POISONED, 'xp'));
  fixed = false;
  await runner.stop();
});

test('confab projections failed / retry', async () => {
  const services = await createServices(loadConfig({ LOG_LEVEL: 'error' }), {
    sql: (await anotherStore()).sql,
    logger,
  });
  try {
    const listed = await runCliCommand(services, ['projections', 'failed']);
    assert.equal(listed, { json: { parked: 0, events: [] } });
    const retried = await runCliCommand(services, ['projections', 'retry']);
    assert.equal(retried, { json: { applied: [], failing: [] } });
  } finally {
    await services.close();
  }
});

test('rebuild builds beside the live views and swaps: a reader never sees a half-built view', async () => {
  const { sql } = await anotherStore();
  const events = await createPostgresEventStore(sql, { listen: false });
  const views = await createPostgresReadStore(sql);
  const runner = new ProjectionRunner(events, views, allProjections, logger);
  await runner.init();
  const N = 400;
  for (let i = 0; i < N; i += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, j) => events.append(`chatbot-r${i + j}`, [created(`r${i + j}`, `bot ${i + j}`)])),
    );
  }
  await runner.catchUp();
  assert.is(await views.count(CHATBOTS), N);
  const seen = new Set<number>();
  let rebuilding = true;
  const reader = (async () => {
    while (rebuilding) seen.add(await views.count(CHATBOTS));
  })();
  const replayed = await runner.rebuild();
  rebuilding = false;
  await reader;
  assert.ok(replayed >= N);
  assert.equal([...seen], [N], 'every read during the rebuild saw the complete view');
  // An event appended after the rebuild still lands in the swapped-in views.
  await events.append('chatbot-late', [created('late', 'late bot')]);
  await runner.catchUp();
  assert.is(await views.count(CHATBOTS), N + 1);
  await runner.stop();
});

test.run();
