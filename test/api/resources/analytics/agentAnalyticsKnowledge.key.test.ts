// Agent analytics and the unanswered questions end to end: an agent answering only from a
// knowledge source, over the chat API against the model stand-in. A question its source answers
// is a sourced answer; one it has nothing for is handed off with low_confidence, counted as an
// unanswered question and listed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type AgentChat, startAgentChat } from '../../../support/agentChat.js';
import { eventually } from '../../../support/waiting.js';

let h: AgentChat;

/** Waits until the views have every event of the session. */
async function projected(sessionId: string): Promise<void> {
  const events = await h.app.services.events.readStream(`conversation-${sessionId}`);
  await h.app.services.projections.waitFor(events.at(-1)!.position);
}

test.before(async () => {
  h = await startAgentChat();
});
test.after(() => h.close());

test('a sourced answer and a question the knowledge has nothing for, as the analytics and the list show them', async () => {
  const source = await h.ext('POST', '/knowledge/sources', {
    type: 'text',
    title: 'Returns policy',
    text: 'Returns are accepted within 30 days of delivery, in the original packaging.',
  });
  assert.is(source.status, 202, JSON.stringify(source.body));
  const sourceId: string = source.body.data.id;
  await eventually(
    async () => (await h.ext('GET', `/knowledge/sources/${sourceId}`)).body.data.status === 'ready' || null,
    20_000,
    'the source indexed',
  );
  const botId = await h.agentBot({
    knowledge: { sourceIds: [sourceId], answerOnlyFromKnowledge: true, onNoAnswer: 'handoff' },
  });

  const answered = await h.session(botId);
  h.standIn.script({
    kind: 'text',
    text: 'Returns are accepted within 30 days of delivery [1].',
    usage: { promptTokens: 300, completionTokens: 12 },
  });
  const reply = await h.say(botId, answered, 'How many days do I have for returns?');
  assert.is(reply.status, 200, JSON.stringify(reply.body));
  const unanswered = await h.session(botId);
  const calls = h.chatRequests().length;
  assert.is((await h.say(botId, unanswered, 'Do you sell submarines?')).status, 200);
  assert.is(h.chatRequests().length, calls, 'nothing found: no model call');
  await projected(answered);
  await projected(unanswered);

  const d = (await h.ext('GET', `/chatbots/${botId}/agent/analytics`)).body.data;
  assert.equal([d.conversations, d.escalated, d.answers, d.answersWithSource, d.sourcedShare], [2, 1, 1, 1, 1]);
  assert.equal(d.handoffReasons, { low_confidence: 1 });
  assert.is(d.unansweredQuestions, 1);
  assert.equal(d.tokens, { in: 300, out: 12 });

  const list = await h.ext('GET', `/knowledge/unanswered?chatbotId=${botId}`);
  assert.is(list.status, 200, JSON.stringify(list.body));
  assert.equal(
    list.body.data.map((q: any) => [q.question, q.action, q.sessionId]),
    [['Do you sell submarines?', 'handed_off', unanswered]],
  );
  const done = await h.one(unanswered, 'ConversationCompleted');
  assert.is(list.body.data[0].responseId, done.responseId, 'the question opens its conversation');
});

test.run();
