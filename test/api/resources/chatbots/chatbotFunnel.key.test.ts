/** The funnel of a flow version: steps reached, where conversations stopped, how they ended. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../../support/testApp.js';

const EXT = '/api/v1/external/v1';
const CHAT = '/api/v1/chat';
const FLOW = {
  start: 'hi',
  steps: [
    { id: 'hi', type: 'message', text: 'Hi', next: 'ask' },
    {
      id: 'ask',
      type: 'question',
      text: 'Yes or no?',
      variable: 'answer',
      input: { type: 'yesno', maxRetries: 1 },
      next: 'check',
      fallback: 'agent',
    },
    {
      id: 'check',
      type: 'condition',
      branches: [{ when: { all: [{ variable: 'answer', op: 'equals', value: 'yes' }] }, next: 'name' }],
      else: 'bye',
    },
    { id: 'name', type: 'question', text: 'Your name?', variable: 'name', input: { type: 'text' }, next: 'bye' },
    { id: 'bye', type: 'end', text: 'Bye', resolution: 'resolved' },
    { id: 'agent', type: 'handoff', text: 'A person will help.', reason: 'confused' },
  ],
};

let app: TestApp;
let apiKey: string;

test.before(async () => {
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  ({ apiKey } = await app.createWorkspace('enterprise'));
});
test.after(async () => {
  await app?.close();
});

const call = (path: string) => app.api('GET', EXT + path, { apiKey });

async function converse(id: string, ...messages: string[]) {
  const s = await app.api('POST', `${CHAT}/${id}/sessions`, { body: {} });
  for (const message of messages)
    await app.api('POST', `${CHAT}/${id}/sessions/${s.body.sessionId}/messages`, { body: { message } });
}

test('counts per step and outcome for the chosen version; other versions and old days are apart', async () => {
  const id = (await app.api('POST', `${EXT}/chatbots`, { apiKey, body: { name: 'Funnel' } })).body.data.id;
  await converse(id, 'Ann');
  await app.api('PUT', `${EXT}/chatbots/${id}/flow`, { apiKey, body: FLOW });
  await app.api('POST', `${EXT}/chatbots/${id}/flow/publish`, { apiKey, body: {} });
  await converse(id, 'no'); // hi, ask, check, bye: resolved
  await converse(id, 'yes'); // hi, ask, check, name: open at name
  await converse(id, 'maybe'); // one wrong answer: fallback to the handoff
  await converse(id); // open at ask

  const r = await call(`/chatbots/${id}/funnel`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data, {
    version: 2,
    steps: [
      { id: 'hi', reached: 4, stoppedHere: 0 },
      { id: 'ask', reached: 4, stoppedHere: 1 },
      { id: 'check', reached: 2, stoppedHere: 0 },
      { id: 'name', reached: 1, stoppedHere: 1 },
      { id: 'bye', reached: 1, stoppedHere: 1 },
      { id: 'agent', reached: 1, stoppedHere: 1 },
    ],
    outcomes: { resolved: 1, escalated: 1, ended: 0, open: 2 },
  });
  // The conversation on version 1 (the default list flow) waits at its second question.
  const first = await call(`/chatbots/${id}/funnel?version=1&days=1`);
  assert.equal(first.body.data, {
    version: 1,
    steps: [
      { id: 'step-1', reached: 1, stoppedHere: 0 },
      { id: 'step-2', reached: 1, stoppedHere: 0 },
      { id: 'step-3', reached: 1, stoppedHere: 1 },
      { id: 'step-4', reached: 0, stoppedHere: 0 },
    ],
    outcomes: { resolved: 0, escalated: 0, ended: 0, open: 1 },
  });
  assert.is((await call(`/chatbots/${id}/funnel?version=9`)).status, 404);
  assert.is((await call(`/chatbots/${id}/funnel?days=0`)).status, 400);
  assert.is((await call(`/chatbots/${id}/funnel?days=366`)).status, 400);
  const { apiKey: other } = await app.createWorkspace('pro');
  assert.is((await app.api('GET', `${EXT}/chatbots/${id}/funnel`, { apiKey: other })).status, 404);
});

test.run();
