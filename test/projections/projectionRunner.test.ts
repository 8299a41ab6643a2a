import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { hashViews } from '../support/viewHash.js';
import { allProjections } from '../../projections/allProjections.js';
import { ProjectionRunner } from '../../projections/projectionRunner.js';
import { CHATBOTS } from '../../projections/views/chatbotsView.js';

let app: TestApp;

test.before(async () => {
  app = await startTestApp();
});

test('read-your-writes: a created chatbot is readable in the response of the next request', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  for (let i = 0; i < 5; i++) {
    const created = await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey, body: { name: `Bot ${i}` } });
    assert.is(created.status, 201);
    const got = await app.api('GET', `/api/v1/external/v1/chatbots/${created.body.data.id}`, { apiKey });
    assert.is(got.status, 200);
  }
});

test('projections rebuild yields identical views', async () => {
  const { apiKey } = await app.createWorkspace('business');
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) {
    const r = await app.api('POST', '/api/v1/external/v1/chatbots', {
      apiKey,
      body: { name: `R${i}`, description: `d${i}` },
    });
    ids.push(r.body.data.id);
  }
  await app.api('PUT', `/api/v1/external/v1/chatbots/${ids[0]}`, { apiKey, body: { disabled: true, name: 'Renamed' } });
  await app.api('POST', `/api/v1/external/v1/chatbots/${ids[1]}/duplicate`, { apiKey });
  await app.api('DELETE', `/api/v1/external/v1/chatbots/${ids[2]}`, { apiKey });
  const { views, projections } = app.services;
  await projections.catchUp();
  const before = await hashViews(views, allProjections);
  assert.ok(Number(before[CHATBOTS.name].split(':')[0]) >= 6, 'views hold the chatbots');
  const replayed = await projections.rebuild();
  assert.ok(replayed > 0);
  const after = await hashViews(views, allProjections);
  assert.equal(after, before);
});

test('a second runner on the same store applies nothing twice', async () => {
  const { services } = app;
  const other = new ProjectionRunner(services.events, services.views, allProjections, services.logger);
  await other.init();
  const before = await hashViews(services.views, allProjections);
  const applied = await other.catchUp();
  assert.is(applied, 0, 'the shared checkpoint is already at the end');
  assert.equal(await hashViews(services.views, allProjections), before);
});

test('the running loop skips the log when woken with no append announced since its last read', async () => {
  const { services } = app;
  // Only this runner's reads are counted: the app's own runner reads the same log on its own
  // schedule (its idle poll), which would make the count depend on timing.
  let reads = 0;
  const counted = new Proxy(services.events, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (prop === 'readAll') reads++;
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  const runner = new ProjectionRunner(counted, services.views, allProjections, services.logger);
  await runner.init();
  await runner.catchUp();
  runner.start();
  await new Promise((r) => setTimeout(r, 50));
  reads = 0;
  try {
    const meta = {
      workspaceId: null,
      actor: { type: 'system' as const, id: 't' },
      correlationId: 'c',
      causationId: null,
      requestId: null,
      occurredAt: new Date().toISOString(),
    };
    const { position } = await services.events.append('runner-skip', [{ type: 'Unhandled', data: {}, metadata: meta }]);
    await runner.waitFor(position);
    assert.ok(reads >= 1, 'the announced append is read');
    // The app's own runner may have applied that batch first: this one then reads once more
    // from the moved checkpoint as part of the same catch-up. Let it finish: no read for 60 ms.
    for (let seen = -1, deadline = Date.now() + 2000; seen !== reads && Date.now() < deadline; ) {
      seen = reads;
      await new Promise((r) => setTimeout(r, 60));
    }
    const afterAppend = reads;
    // Wakes without a new append (as a batch's own appends leave behind): no read before the poll.
    for (let i = 0; i < 5; i++) {
      (runner as unknown as { signal: { wake(): void } }).signal.wake();
      await new Promise((r) => setTimeout(r, 5));
    }
    assert.is(reads, afterAppend, 'no read for wakes that announce nothing new');
    await new Promise((r) => setTimeout(r, 400));
    assert.ok(reads > afterAppend, 'once the idle poll is due, the log is read even without a notice');
    const before = reads;
    await runner.catchUp();
    assert.ok(reads > before, 'an explicit catch-up always reads');
  } finally {
    await runner.stop();
  }
});

test('waitFor gives up at once when the running loop finds the database unreachable', async () => {
  const { services } = app;
  let down = false;
  const events = new Proxy(services.events, {
    get(target, prop, receiver) {
      if (prop === 'readAll' && down)
        return async () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  const runner = new ProjectionRunner(events, services.views, allProjections, services.logger);
  await runner.init();
  runner.start();
  try {
    down = true;
    const started = Date.now();
    const failed = await runner.waitFor({ commit: 2n ** 60n, prepare: 0n }, 5000).then(
      () => null,
      (err: { code?: string }) => err,
    );
    assert.is(failed?.code, 'ECONNREFUSED', 'the store error, not a timeout');
    assert.ok(Date.now() - started < 2000, `answered after ${Date.now() - started} ms, not at the 5 s timeout`);
  } finally {
    down = false;
    await runner.stop();
  }
});

test('waitFor times out rather than hanging when a position is never reached', async () => {
  const far = { commit: 2n ** 60n, prepare: 0n };
  let failed = false;
  await app.services.projections.waitFor(far, 200).catch(() => (failed = true));
  assert.ok(failed);
});

test.after(async () => {
  await app.close();
});

test.run();
