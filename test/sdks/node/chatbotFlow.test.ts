/**
 * chatbots.flow and chatbots.funnel of the SDK end to end against the real service (in-process,
 * embedded store): the draft saved and read back with its warnings, publishing and rolling back,
 * the versions and their diff, the signing secret, the funnel of a conversation, and a what-if run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type Confab from '../../../sdks/node/src/index.js';
import { BadRequestError, type Flow, NotFoundError } from '../../../sdks/node/src/index.js';
import { eventually, startSdkHarness, type SdkHarness } from './support/sdkHarness.js';

let h: SdkHarness;
let client: Confab;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

const V1: Flow = {
  start: 'hi',
  steps: [
    { id: 'hi', type: 'message', text: 'Hello', next: 'ask' },
    { id: 'ask', type: 'question', text: 'Your name?', variable: 'name', input: { type: 'text' }, next: 'bye' },
    { id: 'bye', type: 'end', text: 'Thanks', resolution: 'resolved' },
  ],
};
// "ask" is gone, "bye" says something else, "later" is new and unreachable (a warning, not an error).
const V2: Flow = {
  start: 'hi',
  steps: [
    { id: 'hi', type: 'message', text: 'Hello', next: 'bye' },
    { id: 'bye', type: 'end', text: 'Bye now', resolution: 'resolved' },
    { id: 'later', type: 'message', text: 'Never said' },
  ],
};

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}

test.before(async () => {
  h = await startSdkHarness({ RATE_LIMIT_PER_MINUTE: '100000' });
  client = h.client();
});
test.after(async () => h?.close());

test('flow: the draft is saved with its warnings and publishes nothing until published', async () => {
  const { id } = await client.chatbots.create({ name: 'Flow bot', flow: V1 });
  assert.equal(await client.chatbots.flow.get(id), V1);

  const saved = await client.chatbots.flow.update(id, V2);
  assert.equal(saved.data, V2);
  assert.equal(
    saved.warnings.map((w) => [w.stepId, w.code]),
    [['later', 'UNREACHABLE_STEP']],
  );
  assert.equal(await client.chatbots.flow.get(id), V2);
  assert.equal(
    (await client.chatbots.flow.versions.list(id)).map((v) => v.version),
    [1],
  );

  const err = await rejection(client.chatbots.flow.update(id, { start: 'nowhere', steps: V1.steps }));
  assert.instance(err, BadRequestError);
  assert.is((err as BadRequestError).code, 'INVALID_FLOW');
});

test('flow: publish, versions, diff and rollback', async () => {
  const { id } = await client.chatbots.create({ name: 'Versioned bot', flow: V1 });
  await client.chatbots.flow.update(id, V2);
  const published = await client.chatbots.flow.publish(id);
  assert.is(published.version, 2);
  assert.match(published.publishedAt, ISO);

  const versions = await client.chatbots.flow.versions.list(id);
  assert.equal(
    versions.map((v) => v.version),
    [2, 1],
  );
  assert.equal(Object.keys(versions[0]!).sort(), ['publishedAt', 'version']);
  const one = await client.chatbots.flow.versions.retrieve(id, 1);
  assert.equal([one.version, one.flow], [1, V1]);

  assert.equal(await client.chatbots.flow.versions.diff(id, 2, { against: 1 }), {
    version: 2,
    against: 1,
    added: ['later'],
    removed: ['ask'],
    changed: ['hi', 'bye'],
    startChanged: false,
  });

  const rollback = await client.chatbots.flow.publish(id, { version: 1 });
  assert.is(rollback.version, 3);
  assert.equal((await client.chatbots.flow.versions.retrieve(id, 3)).flow, V1);
  assert.instance(await rejection(client.chatbots.flow.versions.retrieve(id, 9)), NotFoundError);
});

test('flow: the signing secret, and the funnel of a conversation waiting at a question', async () => {
  const { id } = await client.chatbots.create({ name: 'Funnel bot', flow: V1 });
  const { secret } = await client.chatbots.flow.signingSecret(id);
  assert.match(secret, /^[0-9a-f]{64}$/);
  assert.is((await client.chatbots.flow.signingSecret(id)).secret, secret);

  await h.chat(id, 'visitor-1', []);
  const funnel = await eventually(
    'funnel',
    () => client.chatbots.funnel(id, { days: 1 }),
    (f) => f.steps[0]?.reached === 1,
  );
  assert.equal(funnel, {
    version: 1,
    steps: [
      { id: 'hi', reached: 1, stoppedHere: 0 },
      { id: 'ask', reached: 1, stoppedHere: 1 },
      { id: 'bye', reached: 0, stoppedHere: 0 },
    ],
    outcomes: { resolved: 0, escalated: 0, ended: 0, open: 1 },
  });
  assert.is((await client.chatbots.funnel(id, { version: 1 })).version, 1);
  assert.instance(await rejection(client.chatbots.funnel(id, { version: 2 })), NotFoundError);
});

test('flow: a what-if run replays recorded conversations against the draft', async () => {
  const { id } = await client.chatbots.create({ name: 'What-if bot', flow: V1 });
  const finished = await h.chat(id, 'visitor-1', ['Ann']);
  const waiting = await h.chat(id, 'visitor-2', []);
  await client.chatbots.flow.update(id, V2);

  const run = await client.chatbots.flow.simulate(id, { limit: 10 });
  assert.equal(
    // Only a conversation the visitor wrote in has a response record.
    run.conversations.map(({ startedAt: _s, responseId, ...row }) => ({
      ...row,
      hasRecord: typeof responseId === 'string',
    })),
    [
      // V2 no longer asks the name: the waiting conversation would now end, resolved.
      {
        chatSessionId: waiting.sessionId,
        same: false,
        divergedAt: 'bye',
        before: 'open',
        after: 'resolved',
        unknownAt: null,
        hasRecord: false,
      },
      {
        chatSessionId: finished.sessionId,
        same: false,
        divergedAt: 'bye',
        before: 'resolved',
        after: 'resolved',
        unknownAt: null,
        hasRecord: true,
      },
    ],
  );
  assert.equal([run.total, run.changed, run.outcomeChanged], [2, 2, 1]);
  assert.equal(run.outcomes.after, { resolved: 2, escalated: 0, ended: 0, open: 0 });
  assert.is((await client.chatbots.flow.simulate(id, { limit: 1 })).total, 1);
  assert.is((await client.chatbots.flow.simulate(id, { startDate: '2999-01-01' })).total, 0);

  const err = await rejection(client.chatbots.flow.simulate(id, { limit: 5000 }));
  assert.instance(err, BadRequestError);
  assert.instance(await rejection(client.chatbots.flow.simulate('nope')), NotFoundError);
});

test.run();
