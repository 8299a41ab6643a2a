/** Branching flows through the visitor chat API: choices, retries, fallback, conditions, set, jump, end, handoff. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { CHAT, EXT, newChatbot, say } from '../../support/visitorChat.js';

let app: TestApp;
let apiKey: string;

/** A chatbot whose published flow is `flow`. */
async function botWith(flow: unknown): Promise<string> {
  const id = await newChatbot(app, apiKey, 'Flows');
  const saved = await app.api('PUT', `${EXT}/chatbots/${id}/flow`, { apiKey, body: flow });
  assert.is(saved.status, 200, JSON.stringify(saved.body));
  assert.is((await app.api('POST', `${EXT}/chatbots/${id}/flow/publish`, { apiKey, body: {} })).status, 201);
  return id;
}
const start = (id: string) => app.api('POST', `${CHAT}/${id}/sessions`, { body: {} });
const texts = (r: { body: { messages: { message: string }[] } }) => r.body.messages.map((m) => m.message);
async function completion(sid: string) {
  const events = await app.services.events.readStream(`conversation-${sid}`);
  return events.find((e) => e.type === 'ConversationCompleted')?.data as
    | { resolution: string; escalationReason: string | null }
    | undefined;
}

const ORDER_FLOW = {
  start: 'topic',
  steps: [
    {
      id: 'topic',
      type: 'question',
      text: 'What is it about?',
      variable: 'topic',
      input: {
        type: 'choice',
        options: [
          { label: 'Order status', value: 'order' },
          { label: 'Billing', value: 'billing', next: 'billing' },
        ],
        retryMessage: 'Please pick one of the options.',
        maxRetries: 2,
      },
      next: 'ask_qty',
      fallback: 'agent',
    },
    {
      id: 'ask_qty',
      type: 'question',
      text: 'How many items?',
      variable: 'qty',
      input: { type: 'number', min: 1, max: 10 },
      next: 'size',
    },
    {
      id: 'size',
      type: 'condition',
      branches: [{ when: { all: [{ variable: 'qty', op: 'greater', value: '5' }] }, next: 'bulk' }],
      else: 'small',
    },
    { id: 'bulk', type: 'set', variable: 'kind', value: 'bulk order of {{qty}}', next: 'done' },
    { id: 'small', type: 'set', variable: 'kind', value: 'small order', next: 'to_done' },
    { id: 'to_done', type: 'jump', next: 'done' },
    { id: 'done', type: 'end', text: 'Noted: {{kind}} ({{topic}}).', resolution: 'resolved' },
    { id: 'billing', type: 'end', text: 'Billing is closed today.', resolution: 'ended' },
    { id: 'agent', type: 'handoff', text: 'A person will help you.', reason: 'unclear_topic' },
  ],
};

test.before(async () => {
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  ({ apiKey } = await app.createWorkspace('enterprise'));
});
test.after(async () => {
  await app?.close();
});

test('a question carries its input; a choice is answered by label or value in any case', async () => {
  const id = await botWith(ORDER_FLOW);
  const s = await start(id);
  assert.equal(s.body.messages, [
    {
      type: 'bot',
      message: 'What is it about?',
      input: {
        type: 'choice',
        options: [
          { label: 'Order status', value: 'order' },
          { label: 'Billing', value: 'billing' },
        ],
        multiple: false,
      },
    },
  ]);
  const byLabel = await say(app, id, s.body.sessionId, 'order STATUS');
  assert.equal(byLabel.body.messages, [
    { type: 'bot', message: 'How many items?', input: { type: 'number', min: 1, max: 10 } },
  ]);
  const other = await start(id);
  const byValue = await say(app, id, other.body.sessionId, 'BILLING');
  assert.equal(byValue.body, { messages: [{ type: 'bot', message: 'Billing is closed today.' }], done: true });
  assert.equal((await completion(other.body.sessionId))?.resolution, 'ended');
});

test('conditions, set and jump choose the way; the end resolves; answers are stored as text', async () => {
  const id = await botWith(ORDER_FLOW);
  const big = await start(id);
  await say(app, id, big.body.sessionId, 'order');
  const bulk = await say(app, id, big.body.sessionId, '7');
  assert.equal(texts(bulk), ['Noted: bulk order of 7 (order).']);
  assert.is(bulk.body.done, true);
  assert.is((await completion(big.body.sessionId))?.resolution, 'resolved');
  const little = await start(id);
  await say(app, id, little.body.sessionId, 'Order status');
  assert.equal(texts(await say(app, id, little.body.sessionId, '2')), ['Noted: small order (order).']);
  const responses = await app.api('GET', `${EXT}/chatbots/${id}/responses`, { apiKey });
  const record = responses.body.data.find((r: { chatSessionId: string }) => r.chatSessionId === little.body.sessionId);
  assert.equal(record.answerVariables, { topic: 'order', qty: '2', kind: 'small order' });
});

test('an invalid answer gets the retry message and the same question; at the limit the fallback hands off', async () => {
  const id = await botWith(ORDER_FLOW);
  const s = await start(id);
  const sid = s.body.sessionId;
  const retry = await say(app, id, sid, 'pizza');
  assert.equal(texts(retry), ['Please pick one of the options.', 'What is it about?']);
  assert.is(retry.body.messages[1].input.type, 'choice');
  assert.is(retry.body.done, false);
  const fallback = await say(app, id, sid, 'still pizza');
  assert.equal(fallback.body, { messages: [{ type: 'bot', message: 'A person will help you.' }], done: true });
  const done = await completion(sid);
  assert.equal([done?.resolution, done?.escalationReason], ['escalated', 'unclear_topic']);
  const late = await say(app, id, sid, 'order');
  assert.is(late.status, 409);
});

test("a number outside the range is refused with the type's own message", async () => {
  const id = await botWith(ORDER_FLOW);
  const s = await start(id);
  await say(app, id, s.body.sessionId, 'order');
  const r = await say(app, id, s.body.sessionId, '99');
  assert.is(r.body.messages.length, 2);
  assert.match(r.body.messages[0].message, /10/);
  assert.is(r.body.messages[1].message, 'How many items?');
});

test('a flow that ends in its greeting completes at start', async () => {
  const id = await botWith({
    start: 'only',
    steps: [{ id: 'only', type: 'end', text: 'Closed.', resolution: 'ended' }],
  });
  const s = await start(id);
  assert.equal(s.body.messages, [{ type: 'bot', message: 'Closed.' }]);
  assert.is(s.body.done, true);
  assert.is((await completion(s.body.sessionId))?.resolution, 'ended');
});

test.run();
