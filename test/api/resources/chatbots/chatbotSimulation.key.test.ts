/**
 * What-if runs on the External API: conversations recorded through the visitor chat API (with
 * an http step against a real HTTPS receiver), a changed draft, and the report checked row by
 * row; the run writes no event and calls nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startHttpsReceiver, type HttpsReceiver } from '../../../support/httpsReceiver.js';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { CHATBOTS } from '../../../../projections/views/chatbotsView.js';

const EXT = '/api/v1/external/v1';
const CHAT = '/api/v1/chat';

let app: TestApp;
let apiKey: string;
let receiver: HttpsReceiver;

type Step = Record<string, unknown>;

/** Order status over http, anything else to a person. */
function supportFlow(url: string): { start: string; steps: Step[] } {
  return {
    start: 'hi',
    steps: [
      { id: 'hi', type: 'message', text: 'Hi!', next: 'topic' },
      {
        id: 'topic',
        type: 'question',
        text: 'What about?',
        variable: 'topic',
        input: {
          type: 'choice',
          options: [
            { label: 'Order', value: 'order' },
            { label: 'Other', value: 'other', next: 'agent' },
          ],
        },
        next: 'ask_order',
      },
      {
        id: 'ask_order',
        type: 'question',
        text: 'Order number?',
        variable: 'order',
        input: { type: 'number', min: 1, maxRetries: 3 },
        next: 'lookup',
        fallback: 'agent',
      },
      {
        id: 'lookup',
        type: 'http',
        method: 'GET',
        url: `${url}/orders/{{order}}`,
        save: { status: '$.status' },
        next: 'check',
        onError: 'agent',
      },
      {
        id: 'check',
        type: 'condition',
        branches: [{ when: { all: [{ variable: 'status', op: 'equals', value: 'shipped' }] }, next: 'shipped' }],
        else: 'agent',
      },
      { id: 'shipped', type: 'end', text: 'On its way.', resolution: 'resolved' },
      { id: 'agent', type: 'handoff', text: 'A person will help.', reason: 'needs_human' },
    ],
  };
}

/** The same flow with fewer tries at the order number, and "Other" going to a CRM lookup first. */
function changedFlow(url: string) {
  const flow = supportFlow(url);
  const steps = flow.steps.map((s): Step => {
    if (s.id === 'ask_order') return { ...s, input: { type: 'number', min: 1, maxRetries: 1 } };
    if (s.id !== 'topic') return s;
    const input = s.input as { options: Step[] };
    return { ...s, input: { ...input, options: [input.options[0], { ...input.options[1], next: 'crm' }] } };
  });
  const crm = { id: 'crm', type: 'http', method: 'GET', url: `${url}/crm`, next: 'agent', onError: 'agent' };
  return { ...flow, steps: [...steps, crm] };
}

async function converse(id: string, ...messages: string[]): Promise<string> {
  const s = await app.api('POST', `${CHAT}/${id}/sessions`, { body: {} });
  assert.is(s.status, 201);
  for (const message of messages) {
    const r = await app.api('POST', `${CHAT}/${id}/sessions/${s.body.sessionId}/messages`, { body: { message } });
    assert.is(r.status, 200, JSON.stringify(r.body));
  }
  return s.body.sessionId;
}

const simulate = (id: string, body: unknown = {}, key = apiKey) =>
  app.api('POST', `${EXT}/chatbots/${id}/flow/simulate`, { apiKey: key, body });

async function eventCount(): Promise<number> {
  return (await app.services.events.readAll({ limit: 100_000 })).length;
}

let botId: string;
const sessions: Record<string, string> = {};

test.before(async () => {
  receiver = await startHttpsReceiver();
  receiver.respondWith((req) => ({ status: 200, body: { status: req.path.endsWith('/42') ? 'shipped' : 'pending' } }));
  app = await startTestApp(
    { RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' },
    {
      flowHttpCertificateAuthority: receiver.caPem,
    },
  );
  ({ apiKey } = await app.createWorkspace('enterprise'));
  botId = (await app.api('POST', `${EXT}/chatbots`, { apiKey, body: { name: 'What if' } })).body.data.id;
  assert.is(
    (await app.api('PUT', `${EXT}/chatbots/${botId}/flow`, { apiKey, body: supportFlow(receiver.url) })).status,
    200,
  );
  assert.is((await app.api('POST', `${EXT}/chatbots/${botId}/flow/publish`, { apiKey, body: {} })).status, 201);
  sessions.shipped = await converse(botId, 'Order', '42'); // resolved
  sessions.pending = await converse(botId, 'order', '7'); // escalated: not shipped
  sessions.other = await converse(botId, 'Other'); // escalated
  sessions.left = await converse(botId, 'Order');
  const end = await app.api('POST', `${CHAT}/${botId}/sessions/${sessions.left}/end`, {});
  assert.is(end.status, 200); // ended by the visitor while asked for the number
  sessions.typo = await converse(botId, 'Order', 'abc'); // open: asked again
  assert.is(receiver.requests.length, 2, 'two lookups recorded');
  const draft = await app.api('PUT', `${EXT}/chatbots/${botId}/flow`, { apiKey, body: changedFlow(receiver.url) });
  assert.is(draft.status, 200, JSON.stringify(draft.body));
});
test.after(async () => {
  await app?.close();
  await receiver?.close();
});

test('each conversation, newest first: same, or where it diverges and how it would end; and the totals', async () => {
  const events = await eventCount();
  const revisions = await Promise.all(
    Object.values(sessions).map(async (s) => (await app.services.events.readStream(`conversation-${s}`)).length),
  );
  const calls = receiver.requests.length;

  const r = await simulate(botId);
  assert.is(r.status, 200, JSON.stringify(r.body));
  const { conversations, ...totals } = r.body.data;
  assert.equal(totals, {
    total: 5,
    changed: 2,
    outcomeChanged: 2,
    unknown: 1,
    skipped: 0,
    outcomes: {
      before: { resolved: 1, escalated: 2, ended: 1, open: 1 },
      after: { resolved: 1, escalated: 2, ended: 1, open: 1 },
    },
  });
  const responses: [string, string][] = [];
  const rows = conversations.map(({ startedAt, responseId, ...row }: { startedAt: string; responseId: string }) => {
    assert.ok(!Number.isNaN(Date.parse(startedAt)));
    responses.push([responseId, (row as { chatSessionId: string }).chatSessionId]);
    return row;
  });
  // Each row names its conversation's response record, so a reader goes straight to it.
  for (const [responseId, chatSessionId] of responses) {
    const record = await app.api('GET', `${EXT}/chatbots/${botId}/responses/${responseId}`, { apiKey });
    assert.is(record.status, 200, JSON.stringify(record.body));
    assert.is(record.body.data.chatSessionId, chatSessionId);
  }
  assert.equal(rows, [
    // abc was one wrong try of three; now the only one: the fallback hands off.
    {
      chatSessionId: sessions.typo,
      same: false,
      divergedAt: 'agent',
      before: 'open',
      after: 'escalated',
      unknownAt: null,
    },
    // Closed by the visitor at the order number: the draft still asks it there.
    { chatSessionId: sessions.left, same: true, divergedAt: null, before: 'ended', after: 'ended', unknownAt: null },
    // "Other" now calls the CRM, which the original never called: unknown from there.
    {
      chatSessionId: sessions.other,
      same: false,
      divergedAt: 'crm',
      before: 'escalated',
      after: 'open',
      unknownAt: 'crm',
    },
    // The recorded lookup answers (pending, shipped) replay as they came.
    {
      chatSessionId: sessions.pending,
      same: true,
      divergedAt: null,
      before: 'escalated',
      after: 'escalated',
      unknownAt: null,
    },
    {
      chatSessionId: sessions.shipped,
      same: true,
      divergedAt: null,
      before: 'resolved',
      after: 'resolved',
      unknownAt: null,
    },
  ]);

  assert.is(receiver.requests.length, calls, 'nothing was called');
  assert.is(await eventCount(), events, 'no event was written');
  const after = await Promise.all(
    Object.values(sessions).map(async (s) => (await app.services.events.readStream(`conversation-${s}`)).length),
  );
  assert.equal(after, revisions, 'every conversation stream stands where it stood');
});

test('limit takes the newest; a date range on start times', async () => {
  const two = await simulate(botId, { limit: 2 });
  assert.equal(
    two.body.data.conversations.map((c: { chatSessionId: string }) => c.chatSessionId),
    [sessions.typo, sessions.left],
  );
  assert.is(two.body.data.total, 2);
  const today = new Date().toISOString().slice(0, 10);
  assert.is((await simulate(botId, { startDate: today, endDate: today })).body.data.total, 5);
  assert.is((await simulate(botId, { startDate: '2999-01-01' })).body.data.total, 0);
  const past = await simulate(botId, { endDate: '2000-01-01' });
  assert.equal([past.status, past.body.data.total, past.body.data.conversations], [200, 0, []]);
});

test('the published flow itself as the draft: every conversation is the same', async () => {
  const id = (await app.api('POST', `${EXT}/chatbots`, { apiKey, body: { name: 'Unchanged' } })).body.data.id;
  await converse(id, 'Ann', 'ann@example.com');
  await converse(id, 'Bob');
  const r = await simulate(id, { limit: 1000 });
  assert.equal(
    r.body.data.conversations.map((c: { same: boolean; after: string }) => [c.same, c.after]),
    [
      [true, 'open'],
      [true, 'resolved'],
    ],
  );
  assert.equal([r.body.data.total, r.body.data.changed], [2, 0]);
});

test('bad bodies are 400 naming the field', async () => {
  for (const [body, field] of [
    [{ limit: 0 }, 'limit'],
    [{ limit: 1001 }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ limit: 2.5 }, 'limit'],
    [{ startDate: '2025-02-30' }, 'startDate'],
    [{ endDate: 'yesterday' }, 'endDate'],
    [{ startDate: '2025-03-02', endDate: '2025-03-01' }, 'startDate'],
    [{ since: '2025-03-01' }, 'since'],
  ] as const) {
    const r = await simulate(botId, body);
    assert.is(r.status, 400, JSON.stringify(body));
    assert.is(typeof r.body.error, 'string');
    assert.ok(JSON.stringify(r.body).includes(field), `${JSON.stringify(r.body)} names ${field}`);
  }
  const notJson = await app.api('POST', `${EXT}/chatbots/${botId}/flow/simulate`, { apiKey, body: '[1,' });
  assert.is(notJson.status, 400);
});

test('a chatbot whose view has no flow (created before flows existed) is a 400 NO_FLOW_DRAFT', async () => {
  const id = (await app.api('POST', `${EXT}/chatbots`, { apiKey, body: { name: 'Old' } })).body.data.id;
  await app.services.views.patch(CHATBOTS, id, { flow: null } as never);
  const r = await simulate(id);
  assert.equal([r.status, r.body.code], [400, 'NO_FLOW_DRAFT']);
  assert.match(r.body.error, /no flow draft/);
});

test('an unknown chatbot or another workspace is 404', async () => {
  assert.is((await simulate('nope')).status, 404);
  const { apiKey: other } = await app.createWorkspace('pro');
  const r = await simulate(botId, {}, other);
  assert.equal([r.status, typeof r.body.error], [404, 'string']);
});

test.run();
