// GET /chatbots/{id}/agent/analytics and GET /knowledge/unanswered on the External API: real agent
// chats against the model stand-in, knowledge events appended to the log where the turn code does
// not make them yet, the period's bounds, and every bad input a 400 naming the field.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { systemContext } from '../../../../commands/commandContext.js';
import { addDays, dayOf } from '../../../../domain/conversation/utcDays.js';
import { CHATBOTS } from '../../../../projections/views/chatbotsView.js';
import { assertRefused } from '../../../support/badInput.js';
import { type AgentChat, startAgentChat } from '../../../support/agentChat.js';

let h: AgentChat;
let botId: string;
let workspaceId: string;
const today = dayOf(new Date());

const analytics = (id: string, query = '') => h.ext('GET', `/chatbots/${id}/agent/analytics${query}`);
const unanswered = (query = '') => h.ext('GET', `/knowledge/unanswered${query}`);

/** Waits until the views have every event of the session. */
async function projected(sessionId: string): Promise<void> {
  const events = await h.app.services.events.readStream(`conversation-${sessionId}`);
  await h.app.services.projections.waitFor(events.at(-1)!.position);
}

/** Appends knowledge events to a session as the turn code will: a sourced answer, then two questions with none. */
async function knowledgeTurns(sessionId: string, chatbotId: string, at: string[]): Promise<string[]> {
  const ids = { sessionId, chatbotId, workspaceId, responseId: `r-${sessionId}` };
  const metadata = (occurredAt: string) => ({ ...systemContext('test', workspaceId), occurredAt }) as never;
  const { position } = await h.app.services.events.append(`conversation-${sessionId}`, [
    {
      type: 'AgentAnswered',
      data: {
        ...ids,
        model: 'gpt-4o-mini',
        tokensIn: 500,
        tokensOut: 50,
        latencyMs: 2000,
        finishReason: 'stop',
        toolCall: null,
        provenance: { instructionsVersion: 'v', searches: ['returns'], chunks: [], citedSourceIds: ['src-1'] },
      },
      metadata: metadata(at[0]!),
    },
    ...at.slice(1).map((askedAt, i) => ({
      type: 'KnowledgeNotFound',
      data: { ...ids, question: `Question ${i + 1}?`, action: i ? 'handed_off' : 'clarified', askedAt },
      metadata: metadata(askedAt),
    })),
  ]);
  await h.app.services.projections.waitFor(position);
  const events = await h.app.services.events.readStream(`conversation-${sessionId}`);
  return events.filter((e) => e.type === 'KnowledgeNotFound').map((e) => e.id);
}

test.before(async () => {
  h = await startAgentChat();
  botId = await h.agentBot();
  workspaceId = (await h.app.services.views.get(CHATBOTS, botId))!.workspaceId;
});
test.after(() => h.close());

test('a chatbot that never had an agent answers zeros over the last 30 days', async () => {
  const bot = await h.ext('POST', '/chatbots', { name: 'Flow bot' });
  const r = await analytics(bot.body.data.id);
  assert.is(r.status, 200, JSON.stringify(r.body));
  const d = r.body.data;
  assert.equal([d.chatbotId, d.startDate, d.endDate], [bot.body.data.id, addDays(today, -29), today]);
  assert.equal([d.conversations, d.answers, d.sourcedShare, d.latencyMs], [0, 0, null, { p50: null, p95: null }]);
  assert.equal(d.handoffReasons, {});
  assert.equal(d.tokens, { in: 0, out: 0 });
  assert.is(d.days.length, 30);
  assert.equal(d.days[29], { date: today, conversations: 0, answers: 0, tokens: 0 });
});

test('real agent chats: conversations, outcomes, handoff reasons, tokens and latency', async () => {
  const resolvedSession = await h.session(botId);
  h.standIn.script({ kind: 'text', text: 'We ship in 2 days.', usage: { promptTokens: 100, completionTokens: 20 } });
  assert.is((await h.say(botId, resolvedSession, 'When do you ship?')).status, 200);
  h.standIn.script({
    kind: 'toolCalls',
    calls: [{ name: 'end_conversation', arguments: { resolution: 'resolved' } }],
    usage: { promptTokens: 130, completionTokens: 5 },
  });
  assert.is((await h.say(botId, resolvedSession, 'Thanks!')).status, 200);
  const handedOff = await h.session(botId);
  h.standIn.script({
    kind: 'toolCalls',
    calls: [{ name: 'handoff', arguments: { reason: 'visitor_request', summary: 'Wants a person' } }],
    usage: { promptTokens: 90, completionTokens: 10 },
  });
  assert.is((await h.say(botId, handedOff, 'A human please')).status, 200);
  await projected(resolvedSession);
  await projected(handedOff);

  const d = (await analytics(botId)).body.data;
  assert.equal([d.conversations, d.resolved, d.escalated, d.ended], [2, 1, 1, 0]);
  assert.equal(d.handoffReasons, { visitor_request: 1 });
  assert.equal([d.answers, d.answersWithSource, d.sourcedShare], [3, 0, 0]);
  assert.equal(d.tokens, { in: 320, out: 35 });
  assert.type(d.latencyMs.p50, 'number');
  assert.ok(d.latencyMs.p95 >= d.latencyMs.p50);
  assert.equal(d.days.at(-1), { date: today, conversations: 2, answers: 3, tokens: 355 });
});

test('sourced answers and unanswered questions; the period bounds what counts', async () => {
  const sessionId = await h.session(botId);
  await projected(sessionId);
  const now = new Date().toISOString();
  await knowledgeTurns(sessionId, botId, [now, now]);
  const d = (await analytics(botId)).body.data;
  assert.equal([d.conversations, d.answers, d.answersWithSource, d.unansweredQuestions], [3, 4, 1, 1]);
  assert.is(d.sourcedShare, 0.25);
  assert.ok(d.latencyMs.p95 >= 1800, `the 2 s answer is the slowest: p95 ${d.latencyMs.p95}`);

  const yesterday = addDays(today, -1);
  const before = (await analytics(botId, `?startDate=${addDays(today, -10)}&endDate=${yesterday}`)).body.data;
  assert.equal([before.startDate, before.endDate, before.days.length], [addDays(today, -10), yesterday, 10]);
  assert.equal([before.conversations, before.answers, before.tokens.in], [0, 0, 0]);
  const one = (await analytics(botId, `?startDate=${today}&endDate=${today}`)).body.data;
  assert.equal([one.conversations, one.days.length], [3, 1]);
  const fromStart = (await analytics(botId, `?startDate=${addDays(today, -365)}`)).body.data;
  assert.equal([fromStart.endDate, fromStart.days.length, fromStart.conversations], [today, 366, 3]);
});

test('analytics: bad dates and periods are 400s naming the field; another workspace is 404', async () => {
  for (const [query, field] of [
    ['?startDate=2026-02-30', 'startDate'],
    ['?endDate=yesterday', 'endDate'],
    ['?startDate=2026-03-02&endDate=2026-03-01', 'startDate'],
    ['?startDate=2025-01-01&endDate=2026-01-02', 'startDate'],
    ['?days=30', 'days'],
  ] as const) {
    assertRefused(await analytics(botId, query), 400, field, query);
  }
  assert.is((await analytics(botId, '?startDate=2025-01-01&endDate=2026-01-01')).status, 200, '366 days');
  const other = await h.app.createWorkspace('pro');
  const theirs = await h.app.api('POST', `/api/v1/external/v1/chatbots`, { apiKey: other.apiKey, body: { name: 'X' } });
  assertRefused(await analytics(theirs.body.data.id), 404, 'Chatbot');
  assertRefused(await analytics('no-such-bot'), 404, 'Chatbot');
  const theirList = await h.app.api('GET', `/api/v1/external/v1/knowledge/unanswered?chatbotId=${botId}`, {
    apiKey: other.apiKey,
  });
  assertRefused(theirList, 404, 'Chatbot');
  const theirAll = await h.app.api('GET', '/api/v1/external/v1/knowledge/unanswered', { apiKey: other.apiKey });
  assert.equal(theirAll.body, { data: [], nextCursor: null }, "no other workspace's questions");
});

test('unanswered questions: newest first, a page at a time, by chatbot and day', async () => {
  const otherBot = await h.agentBot();
  const sessionId = await h.session(otherBot);
  await projected(sessionId);
  const t = (s: number) => new Date(Date.now() - 3_600_000 + s * 1000).toISOString();
  const ids = await knowledgeTurns(sessionId, otherBot, [t(0), t(1), t(2), t(3)]);
  const all = await unanswered();
  assert.is(all.status, 200, JSON.stringify(all.body));
  assert.is(all.body.data.length, 4);
  assert.equal(
    all.body.data.slice(1).map((q: any) => q.id),
    [...ids].reverse(),
    'newest first, after the one asked just now',
  );
  assert.equal(Object.keys(all.body.data[1]).sort(), [
    'action',
    'askedAt',
    'chatbotId',
    'id',
    'question',
    'responseId',
    'sessionId',
  ]);
  assert.is(all.body.nextCursor, null);

  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await unanswered(`?chatbotId=${otherBot}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    assert.is(page.status, 200, JSON.stringify(page.body));
    assert.ok(page.body.data.length <= 2);
    seen.push(...page.body.data.map((q: any) => q.id));
    cursor = page.body.nextCursor;
  } while (cursor);
  assert.equal(seen, [...ids].reverse(), 'the pages together: each question once, in order');

  assert.equal((await unanswered(`?endDate=${addDays(today, -1)}`)).body.data, []);
  assert.is((await unanswered(`?startDate=${today}&endDate=${today}`)).body.data.length, 4);
  for (const [query, field] of [
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?cursor=bm9wZQ', 'cursor'],
    ['?startDate=2026-13-01', 'startDate'],
    ['?startDate=2026-03-02&endDate=2026-03-01', 'startDate'],
    ['?chatbot=x', 'chatbot'],
  ] as const) {
    assertRefused(await unanswered(query), 400, field, query);
  }
});

test.run();
