/**
 * AI budgets end to end (docs/ai-agents.md, Budgets) over the chat API against the OpenAI
 * stand-in: the plan's monthly AI tokens (none on Free), a conversation's own token and turn
 * limits, onLimit handoff or message, nothing reaching the model once a limit is reached, and
 * GET /usage/ai counting the month's tokens, a new month starting from zero.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { operatorContext } from '../../../commands/commandContext.js';
import { HANDOFF_MESSAGE, LIMIT_END_MESSAGE } from '../../../domain/agent/agentTurn.js';
import { monthlyAiTokens } from '../../../domain/plans.js';
import { toWebhookMessage } from '../../../domain/webhooks/webhookEvents.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/openAiStandIn.js';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { EXT, say, startConversation } from '../../support/visitorChat.js';

let app: TestApp;
let standIn: OpenAiStandIn;
/** Added to the real time: the month boundary test moves the service's clock. */
let shiftMs = 0;

const chatRequests = () => standIn.requests.filter((r) => r.path.endsWith('/chat/completions'));
const eventsOf = async (sessionId: string) =>
  (await app.services.events.readStream(`conversation-${sessionId}`)) as Array<{ type: string; data: any }>;
const one = async (sessionId: string, type: string) => {
  const found = (await eventsOf(sessionId)).filter((e) => e.type === type);
  assert.is(found.length, 1, `one ${type}`);
  return found[0]!.data;
};

/** A workspace (moved to `plan` once set up) with a chatbot answered by an agent. */
async function agentWorkspace(plan: string, agent: Record<string, unknown> = {}) {
  const { workspaceId, apiKey } = await app.createWorkspace('pro');
  const ext = (method: string, path: string, body?: unknown) => app.api(method, EXT + path, { apiKey, body });
  const c = await ext('POST', '/model-connections', {
    name: 'Stand-in',
    baseUrl: standIn.baseUrl,
    apiKey: standIn.apiKey,
    chatModel: 'gpt-4o-mini',
  });
  assert.is(c.status, 201, JSON.stringify(c.body));
  const botId = (await ext('POST', '/chatbots', { name: 'Shop bot' })).body.data.id;
  const put = await ext('PUT', `/chatbots/${botId}/agent`, {
    name: 'Ava',
    instructions: 'Help shoppers.',
    connectionId: c.body.data.id,
    ...agent,
  });
  assert.is(put.status, 200, JSON.stringify(put.body));
  if (plan !== 'pro') await app.services.workspaces.setPlan(workspaceId, plan, operatorContext());
  return { workspaceId, apiKey, botId, ext, put: put.body.data };
}

test.before(async () => {
  standIn = await startOpenAiStandIn();
  app = await startTestApp(
    { LLM_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' },
    { clock: () => new Date(Date.now() + shiftMs) },
  );
});
test.after(async () => {
  await app.close();
  await standIn.close();
});

test('on the Free plan the agent hands off at once with budget, and nothing reaches the model', async () => {
  const { botId } = await agentWorkspace('free', { greeting: 'Hi, I am Ava.' });
  const sessionId = await startConversation(app, botId);
  const calls = chatRequests().length;
  const r = await say(app, botId, sessionId, 'Do you ship abroad?');
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body, { messages: [{ type: 'bot', message: HANDOFF_MESSAGE }], done: true });
  assert.is(chatRequests().length, calls, 'no model call');
  const done = await one(sessionId, 'ConversationCompleted');
  assert.equal([done.resolution, done.escalationReason], ['escalated', 'budget']);
  const webhook = toWebhookMessage({ type: 'ConversationCompleted', data: done }, done.completedAt)!;
  assert.equal(
    [webhook.event, webhook.payload.resolution, webhook.payload.escalationReason],
    ['conversation.completed', 'escalated', 'budget'],
  );
  const failed = await one(sessionId, 'AgentFailed');
  assert.equal([failed.error, failed.model], ['monthly_token_budget', null]);
  assert.is((await say(app, botId, sessionId, 'Hello?')).status, 409, 'the bot sends nothing more');
});

test('a turn that starts under the monthly budget may end over it; the next turn is refused, /usage/ai says so', async () => {
  const limit = monthlyAiTokens('starter')!;
  const { botId, ext } = await agentWorkspace('starter');
  const first = await startConversation(app, botId);
  standIn.script({ kind: 'text', text: 'Yes, worldwide.', usage: { promptTokens: limit - 10, completionTokens: 30 } });
  const answered = await say(app, botId, first, 'Do you ship abroad?');
  assert.equal(answered.body, { messages: [{ type: 'bot', message: 'Yes, worldwide.' }], done: false });

  const usage = await ext('GET', '/usage/ai');
  assert.is(usage.status, 200, JSON.stringify(usage.body));
  assert.equal(usage.body.data, {
    month: new Date().toISOString().slice(0, 7),
    tokensUsed: limit + 20,
    tokenLimit: limit,
    remaining: 0,
  });

  const calls = chatRequests().length;
  const again = await say(app, botId, first, 'And to Canada?');
  assert.equal(again.body, { messages: [{ type: 'bot', message: HANDOFF_MESSAGE }], done: true });
  const other = await startConversation(app, botId);
  assert.is((await say(app, botId, other, 'Hi')).body.done, true, 'every conversation of the workspace is refused');
  assert.is(chatRequests().length, calls, 'no model call after the budget is reached');
  assert.is((await one(other, 'ConversationCompleted')).escalationReason, 'budget');
  // The seed's usage object (API calls) is not touched by AI tokens.
  const apiUsage = await ext('GET', '/usage');
  assert.equal(Object.keys(apiUsage.body.data).sort(), ['limit', 'month', 'plan', 'remaining', 'used']);
  assert.is(apiUsage.body.data.plan, 'starter');
});

test("handoff.maxTokens limits one conversation's tokens; other conversations go on", async () => {
  const { botId } = await agentWorkspace('pro', { handoff: { maxTokens: 100 } });
  const sessionId = await startConversation(app, botId);
  standIn.script({ kind: 'text', text: 'First answer.', usage: { promptTokens: 80, completionTokens: 30 } });
  assert.is((await say(app, botId, sessionId, 'One')).body.done, false);
  const calls = chatRequests().length;
  const r = await say(app, botId, sessionId, 'Two');
  assert.equal(r.body, { messages: [{ type: 'bot', message: HANDOFF_MESSAGE }], done: true });
  assert.is(chatRequests().length, calls, 'no model call');
  assert.is((await one(sessionId, 'ConversationCompleted')).escalationReason, 'budget');
  const failed = await one(sessionId, 'AgentFailed');
  assert.is(failed.error, 'conversation_token_limit');
  assert.is(failed.detail, 'The conversation used 110 tokens, its limit is 100');

  const fresh = await startConversation(app, botId);
  standIn.script({ kind: 'text', text: 'Still here.', usage: { promptTokens: 10, completionTokens: 5 } });
  assert.equal((await say(app, botId, fresh, 'Hi')).body, {
    messages: [{ type: 'bot', message: 'Still here.' }],
    done: false,
  });
});

test('onLimit message: the visitor reads limitMessage and the conversation ends, nobody is escalated to', async () => {
  const limitMessage = 'Thanks for chatting! For more, write to help@example.com.';
  const { botId, put } = await agentWorkspace('pro', { handoff: { maxTurns: 1, onLimit: 'message', limitMessage } });
  assert.equal(put.handoff, { maxTurns: 1, maxTokens: null, onLimit: 'message', limitMessage });
  const sessionId = await startConversation(app, botId);
  standIn.script({ kind: 'text', text: 'We open at nine.' });
  await say(app, botId, sessionId, 'When do you open?');
  const calls = chatRequests().length;
  const r = await say(app, botId, sessionId, 'And close?');
  assert.equal(r.body, { messages: [{ type: 'bot', message: limitMessage }], done: true });
  assert.is(chatRequests().length, calls);
  const done = await one(sessionId, 'ConversationCompleted');
  assert.equal([done.resolution, done.escalationReason], ['ended', null]);
  assert.is((await one(sessionId, 'AgentFailed')).error, 'turn_limit');

  // Without words of its own the agent says the standard ones.
  const plain = await agentWorkspace('free', { handoff: { onLimit: 'message' } });
  const s2 = await startConversation(app, plain.botId);
  assert.equal((await say(app, plain.botId, s2, 'Hi')).body.messages, [{ type: 'bot', message: LIMIT_END_MESSAGE }]);
});

test('bad handoff settings are a 400 naming the field; GET answers the defaults filled in', async () => {
  const { botId, ext, put } = await agentWorkspace('pro');
  assert.equal(put.handoff, { maxTurns: 20, maxTokens: null, onLimit: 'handoff', limitMessage: null });
  const got = await ext('GET', `/chatbots/${botId}/agent`);
  assert.equal(got.body.data.handoff, put.handoff);
  const base = { name: 'Ava', instructions: 'Help.', connectionId: put.connectionId };
  for (const [handoff, field] of [
    [{ maxTokens: 0 }, 'handoff.maxTokens'],
    [{ maxTokens: 1.5 }, 'handoff.maxTokens'],
    [{ maxTokens: '100' }, 'handoff.maxTokens'],
    [{ maxTokens: 10_000_001 }, 'handoff.maxTokens'],
    [{ onLimit: 'stop' }, 'handoff.onLimit'],
    [{ onLimit: 3 }, 'handoff.onLimit'],
    [{ limitMessage: '' }, 'handoff.limitMessage'],
    [{ limitMessage: '   ' }, 'handoff.limitMessage'],
    [{ limitMessage: 'x'.repeat(2001) }, 'handoff.limitMessage'],
    [{ limitMessage: 42 }, 'handoff.limitMessage'],
    [{ limitMessage: 'bell\u0007' }, 'handoff.limitMessage'],
    [{ budget: 5 }, 'handoff.budget'],
    ['all', 'handoff'],
  ] as const) {
    const r = await ext('PUT', `/chatbots/${botId}/agent`, { ...base, handoff });
    assert.is(r.status, 400, `${JSON.stringify(handoff)}: ${JSON.stringify(r.body)}`);
    assert.ok(String(r.body.error).includes(field), `"${r.body.error}" names ${field}`);
  }
  const ok = await ext('PUT', `/chatbots/${botId}/agent`, {
    ...base,
    handoff: { maxTokens: 5000, onLimit: 'handoff' },
  });
  assert.equal(ok.body.data.handoff, { maxTurns: 20, maxTokens: 5000, onLimit: 'handoff', limitMessage: null });
});

test('/usage/ai counts every model call of the month; a new UTC month starts from zero', async () => {
  const { botId, ext } = await agentWorkspace('pro');
  const limit = monthlyAiTokens('pro')!;
  const at = (iso: string) => {
    shiftMs = Date.parse(iso) - Date.now();
  };
  try {
    at('2031-01-31T23:59:00.000Z');
    const sessionId = await startConversation(app, botId);
    standIn.script(
      { kind: 'text', text: 'One.', usage: { promptTokens: 40, completionTokens: 2 } },
      { kind: 'text', text: 'Two.', usage: { promptTokens: 60, completionTokens: 3 } },
      {
        kind: 'toolCalls',
        calls: [{ name: 'end_conversation', arguments: { resolution: 'resolved' } }],
        usage: { promptTokens: 70, completionTokens: 9 },
      },
    );
    await say(app, botId, sessionId, 'a');
    await say(app, botId, sessionId, 'b');
    assert.equal((await ext('GET', '/usage/ai')).body.data, {
      month: '2031-01',
      tokensUsed: 105,
      tokenLimit: limit,
      remaining: limit - 105,
    });
    at('2031-02-01T00:00:05.000Z');
    assert.equal((await ext('GET', '/usage/ai')).body.data, {
      month: '2031-02',
      tokensUsed: 0,
      tokenLimit: limit,
      remaining: limit,
    });
    // The same conversation goes on into February: its call counts in February.
    assert.is((await say(app, botId, sessionId, 'c')).body.done, true);
    assert.is((await ext('GET', '/usage/ai')).body.data.tokensUsed, 79);
  } finally {
    shiftMs = 0;
  }
});

test.run();
