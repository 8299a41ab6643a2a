/**
 * Every way a model call can fail (docs/ai-agents.md, Failures), end to end over the chat API
 * against the OpenAI stand-in, JSON and streamed: the whole turn stays within AI_TIMEOUT_MS
 * (a short one here), a 429 or 5xx is tried at most twice more, waiting as Retry-After says in
 * seconds or as a date, and not at all when the wait outlasts the budget; a malformed answer, a
 * stream cut or stalled, a refused connection, an unknown tool and bad tool arguments each pass
 * the visitor to a person with the calm message, model_error and an AgentFailed naming the kind.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MODEL_ERROR_MESSAGE } from '../../../domain/agent/agentTurn.js';
import { type AgentChat, startAgentChat } from '../../support/agentChat.js';

/** The turn's budget in these tests: long enough for two short waits, short enough to wait out. */
const BUDGET_MS = 3000;

let h: AgentChat;
let botId: string;

test.before(async () => {
  h = await startAgentChat({ AI_TIMEOUT_MS: String(BUDGET_MS) });
  botId = await h.agentBot();
});
test.after(() => h.close());

/** How long `run` takes and how many chat calls the stand-in got meanwhile. */
async function measured(run: () => Promise<unknown>): Promise<{ ms: number; calls: number }> {
  const calls = h.chatRequests().length;
  const started = Date.now();
  await run();
  return { ms: Date.now() - started, calls: h.chatRequests().length - calls };
}

async function expectAnswered(sessionId: string, text: string) {
  const r = await h.say(botId, sessionId, 'Hi');
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body, { messages: [{ type: 'bot', message: text }], done: false });
}

test('a provider that does not answer within AI_TIMEOUT_MS is one call, cut at the budget', async () => {
  const sessionId = await h.session(botId);
  h.standIn.script({ kind: 'delay', ms: 20_000 });
  const { ms, calls } = await measured(() => h.expectModelError(botId, sessionId, 'timeout'));
  assert.is(calls, 1, 'a timeout spent the budget: no retry');
  assert.ok(ms >= BUDGET_MS - 50 && ms < BUDGET_MS + 2000, `took ${ms} ms`);
  assert.match((await h.one(sessionId, 'AgentFailed')).detail, /did not answer within 3 seconds/);
});

test('a stream that stalls after a few tokens is cut at the budget; done carries the calm message', async () => {
  const sessionId = await h.session(botId);
  h.standIn.script({ kind: 'stall', afterChunks: 3, reply: { kind: 'text', text: 'This answer never ends' } });
  const { ms } = await measured(() => h.expectModelError(botId, sessionId, 'timeout', { streamed: true }));
  assert.ok(ms >= BUDGET_MS - 50 && ms < BUDGET_MS + 2000, `took ${ms} ms`);
});

test('a 429 with Retry-After in seconds is waited for, then answered', async () => {
  const sessionId = await h.session(botId);
  h.standIn.script({ kind: 'error', status: 429, retryAfterSeconds: 1 }, { kind: 'text', text: 'After the wait.' });
  const { ms, calls } = await measured(() => expectAnswered(sessionId, 'After the wait.'));
  assert.is(calls, 2);
  assert.ok(ms >= 1000, `waited ${ms} ms`);
});

test('a 429 with Retry-After as an HTTP date is waited for, then answered', async () => {
  const sessionId = await h.session(botId);
  // An HTTP date has whole seconds: two seconds ahead is a wait of one to two.
  const at = new Date(Date.now() + 2000).toUTCString();
  h.standIn.script({ kind: 'error', status: 429, retryAfter: at }, { kind: 'text', text: 'Dated wait over.' });
  const { ms, calls } = await measured(() => expectAnswered(sessionId, 'Dated wait over.'));
  assert.is(calls, 2);
  assert.ok(ms >= 950, `waited ${ms} ms`);
});

test('a Retry-After longer than the budget is not waited for', async () => {
  const sessionId = await h.session(botId);
  h.standIn.script({ kind: 'error', status: 429, retryAfterSeconds: 60 }, { kind: 'text', text: 'Never asked for' });
  const { ms, calls } = await measured(() => h.expectModelError(botId, sessionId, 'rate_limited'));
  assert.is(calls, 1);
  assert.ok(ms < 1500, `gave up at once, not after ${ms} ms`);
  assert.match((await h.one(sessionId, 'AgentFailed')).detail, /429.*asked to wait 60 s, longer than the time left/);
  h.standIn.script(); // the unused reply is taken by the next test's first call
  await expectAnswered(await h.session(botId), 'Never asked for');
});

test('5xx answers are tried again at most twice (backing off without Retry-After), then answered', async () => {
  const sessionId = await h.session(botId);
  h.standIn.script(
    { kind: 'error', status: 503 },
    { kind: 'error', status: 500 },
    { kind: 'text', text: 'Third time.' },
  );
  const { ms, calls } = await measured(() => expectAnswered(sessionId, 'Third time.'));
  assert.is(calls, 3);
  assert.ok(ms >= 1500, `backed off 0.5 s then 1 s, took ${ms} ms`);
});

test('a malformed answer, JSON or streamed, is a model error', async () => {
  h.standIn.script({ kind: 'malformed' });
  await h.expectModelError(botId, await h.session(botId), 'malformed_answer');
  h.standIn.script({ kind: 'malformed' });
  const failed = await h.expectModelError(botId, await h.session(botId), 'malformed_answer', { streamed: true });
  assert.not.match(failed.detail, /sk-/);
});

test('a stream cut mid-way is not asked again: the visitor saw pieces of it', async () => {
  const sessionId = await h.session(botId);
  h.standIn.script({ kind: 'cutStream', afterChunks: 3, reply: { kind: 'text', text: 'Half an answer here' } });
  const { calls } = await measured(() => h.expectModelError(botId, sessionId, 'stream_cut', { streamed: true }));
  assert.is(calls, 1);
});

test('a JSON answer cut mid-body is asked again (the visitor saw nothing yet), at most twice', async () => {
  const cut = { kind: 'cutStream', afterChunks: 0 } as const;
  h.standIn.script(cut, { kind: 'text', text: 'Whole this time.' });
  const { calls } = await measured(async () => expectAnswered(await h.session(botId), 'Whole this time.'));
  assert.is(calls, 2);
  h.standIn.script(cut, cut, cut);
  const failed = await h.expectModelError(botId, await h.session(botId), 'unreachable');
  assert.match(failed.detail, /127\.0\.0\.1/);
});

test('a refused connection, streamed, is tried at most twice more and passes the visitor on', async () => {
  const refused = await h.ext('POST', '/model-connections', {
    name: 'Nothing listens here',
    baseUrl: 'http://127.0.0.1:9/v1',
    apiKey: 'sk-refused-key-123456',
    chatModel: 'gpt-4o-mini',
  });
  assert.is(refused.status, 201, JSON.stringify(refused.body));
  const bot = await h.agentBot({}, refused.body.data.id);
  const failed = await h.expectModelError(bot, await h.session(bot), 'unreachable', { streamed: true });
  assert.match(failed.detail, /connection was refused/);
});

test('an unknown tool and bad tool arguments, streamed, are model errors and nothing is acted on', async () => {
  h.standIn.script({ kind: 'toolCalls', calls: [{ name: 'issue_refund', arguments: { amount: 500 } }] });
  const unknown = await h.expectModelError(botId, await h.session(botId), 'unknown_tool', { streamed: true });
  assert.match(unknown.detail, /issue_refund/);
  h.standIn.script({
    kind: 'toolCalls',
    calls: [{ name: 'handoff', arguments: { reason: 'visitor_request', summary: 'x', refund: true } }],
  });
  await h.expectModelError(botId, await h.session(botId), 'bad_tool_arguments', { streamed: true });
});

test('the calm message is what the visitor reads even after some pieces streamed', async () => {
  const sessionId = await h.session(botId);
  h.standIn.script({ kind: 'cutStream', afterChunks: 4, reply: { kind: 'text', text: 'Partial words that stop' } });
  const r = await h.sayStreamed(botId, sessionId, 'Hello');
  const tokens = r.events.filter((e) => e.event === 'token');
  assert.ok(tokens.length > 0, 'some pieces came first');
  assert.equal(JSON.parse(r.events.at(-1)!.data).messages, [{ type: 'bot', message: MODEL_ERROR_MESSAGE }]);
});

test.run();
