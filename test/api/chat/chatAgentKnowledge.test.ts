/**
 * Agents that answer from knowledge sources (docs/knowledge.md, Cited answers, No source no
 * guess, Provenance), end to end over the chat API against the OpenAI stand-in: the passages
 * the model is given, search_knowledge, numbered citations in the answer and the record, the
 * provenance endpoint, and what happens when nothing is found.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLARIFY_MESSAGE, HANDOFF_MESSAGE } from '../../../domain/agent/agentTurn.js';
import { type AgentChat, startAgentChat } from '../../support/agentChat.js';
import { eventually } from '../../support/waiting.js';

let h: AgentChat;
let returnsId: string;
let warrantyId: string;

const RETURNS = `# Returns

Items can be returned within 30 days of delivery for a full refund. Return shipping is free for
members. Sale items can be exchanged but not refunded.`;
const WARRANTY = `# Warranty

Every kettle and toaster carries a two year warranty against manufacturing defects. Keep the
receipt: the warranty claim needs proof of purchase.`;

async function source(title: string, text: string): Promise<string> {
  const r = await h.ext('POST', '/knowledge/sources', { type: 'text', title, text });
  assert.is(r.status, 202, JSON.stringify(r.body));
  const id: string = r.body.data.id;
  await eventually(
    async () => (await h.ext('GET', `/knowledge/sources/${id}`)).body.data?.status === 'ready',
    20_000,
    `${title} indexed`,
  );
  return id;
}

test.before(async () => {
  h = await startAgentChat({ AI_TIMEOUT_MS: '3000' });
  returnsId = await source('Returns policy', RETURNS);
  warrantyId = await source('Warranty', WARRANTY);
});
test.after(() => h.close());

const systemOf = (request: any): string => request.body.messages[0].content;
const toolNames = (request: any): string[] => request.body.tools.map((t: any) => t.function.name);

test('the passages found for the question reach the model numbered, and the answer cites them in the chat answer, the record and the provenance', async () => {
  const botId = await h.agentBot({ knowledge: { sourceIds: [returnsId, warrantyId] } });
  const sessionId = await h.session(botId);
  h.standIn.script({
    kind: 'text',
    text: 'You can return items within 30 days for a full refund [1].',
    usage: { promptTokens: 300, completionTokens: 15 },
  });
  const r = await h.say(botId, sessionId, 'Can I return items for a refund?');
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.messages, [
    {
      type: 'bot',
      message: 'You can return items within 30 days for a full refund [1].',
      sources: [{ ref: 1, sourceId: returnsId, title: 'Returns policy', url: null }],
    },
  ]);

  const request = h.chatRequests().at(-1)!;
  const system = systemOf(request);
  assert.ok(system.startsWith('You are Ava'), 'the instructions come first');
  assert.match(system, /\[1\] Returns policy › Returns\nItems can be returned within 30 days/);
  assert.ok(toolNames(request).includes('search_knowledge'));

  const answered = await h.one(sessionId, 'AgentAnswered');
  assert.equal(answered.provenance.searches, ['Can I return items for a refund?']);
  assert.equal(answered.provenance.citedSourceIds, [returnsId]);
  assert.ok(answered.provenance.chunks.length >= 1);
  assert.is(answered.provenance.chunks[0].sourceId, returnsId);
  assert.match(answered.provenance.instructionsVersion, /^[0-9a-f]{16}$/);
  assert.is(answered.messageIndex, 1);

  const { responseId } = answered;
  const record = await h.ext('GET', `/chatbots/${botId}/responses/${responseId}`);
  assert.equal(record.body.data.record[1].sources, [
    { ref: 1, sourceId: returnsId, title: 'Returns policy', url: null },
  ]);
  assert.not.ok('sources' in record.body.data.record[0], 'the visitor entry cites nothing');

  const provenance = await h.ext('GET', `/chatbots/${botId}/responses/${responseId}/provenance`);
  assert.is(provenance.status, 200, JSON.stringify(provenance.body));
  const [entry] = provenance.body.data;
  assert.is(provenance.body.data.length, 1);
  assert.is(entry.messageIndex, 1);
  assert.is(entry.model, 'gpt-4o-mini');
  assert.equal([entry.tokens, entry.tokensIn, entry.tokensOut], [315, 300, 15]);
  assert.equal(entry.chunks, answered.provenance.chunks);
  assert.equal(entry.sources, [{ ref: 1, sourceId: returnsId, title: 'Returns policy', url: null }]);

  const missing = await h.ext('GET', `/chatbots/${botId}/responses/nope/provenance`);
  assert.is(missing.status, 404);
});

test('the model may search again with words of its own: the passages come back as the tool answer, tokens add up, and both searches are provenance', async () => {
  const botId = await h.agentBot({ knowledge: { sourceIds: [returnsId, warrantyId] } });
  const sessionId = await h.session(botId);
  h.standIn.script(
    {
      kind: 'toolCalls',
      calls: [{ id: 'call_w', name: 'search_knowledge', arguments: { query: 'warranty defects proof of purchase' } }],
      usage: { promptTokens: 100, completionTokens: 10 },
    },
    { kind: 'text', text: 'Two years, with the receipt [2].', usage: { promptTokens: 200, completionTokens: 9 } },
  );
  const before = h.chatRequests().length;
  const r = await h.say(botId, sessionId, 'Can I return a broken toaster for a refund?');
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(h.chatRequests().length, before + 2, 'one more call after the search');
  const second = h.chatRequests().at(-1)!.body.messages;
  const toolAnswer = second.at(-1);
  assert.is(toolAnswer.role, 'tool');
  assert.is(toolAnswer.tool_call_id, 'call_w');
  assert.match(toolAnswer.content, /two year warranty/);
  assert.is(second.at(-2).tool_calls[0].function.name, 'search_knowledge');

  const answered = await h.one(sessionId, 'AgentAnswered');
  assert.equal(answered.provenance.searches, [
    'Can I return a broken toaster for a refund?',
    'warranty defects proof of purchase',
  ]);
  assert.equal([answered.tokensIn, answered.tokensOut], [300, 19]);
  const cited = r.body.messages[0].sources;
  assert.equal(
    cited.map((s: any) => s.sourceId),
    [warrantyId],
  );
  assert.is(cited[0].ref, 2);
});

test('a number the model was never given is not a citation', async () => {
  const botId = await h.agentBot({ knowledge: { sourceIds: [returnsId] } });
  const sessionId = await h.session(botId);
  h.standIn.script({ kind: 'text', text: 'Refunds take 30 days [7].' });
  const r = await h.say(botId, sessionId, 'How do refunds on returns work?');
  assert.equal(r.body.messages[0].sources, []);
  const answered = await h.one(sessionId, 'AgentAnswered');
  assert.equal(answered.provenance.citedSourceIds, []);
});

test('answering only from knowledge, a question that finds nothing is never sent to the model: the visitor is asked to rephrase, and it is listed', async () => {
  const botId = await h.agentBot({ knowledge: { sourceIds: [returnsId], answerOnlyFromKnowledge: true } });
  const sessionId = await h.session(botId);
  const before = h.chatRequests().length;
  const r = await h.say(botId, sessionId, 'What is the capital of Peru?');
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body, { messages: [{ type: 'bot', message: CLARIFY_MESSAGE }], done: false });
  assert.is(h.chatRequests().length, before, 'no model call');
  const gap = await h.one(sessionId, 'KnowledgeNotFound');
  assert.equal([gap.question, gap.action], ['What is the capital of Peru?', 'clarified']);
  assert.equal(
    (await h.eventsOf(sessionId)).filter((e) => e.type === 'AgentAnswered' || e.type === 'AgentFailed'),
    [],
  );
});

test('answering only from knowledge with onNoAnswer handoff: the conversation escalates with low_confidence', async () => {
  const botId = await h.agentBot({
    knowledge: { sourceIds: [returnsId], answerOnlyFromKnowledge: true, onNoAnswer: 'handoff' },
  });
  const sessionId = await h.session(botId);
  const r = await h.say(botId, sessionId, 'What is the capital of Peru?');
  assert.equal(r.body, { messages: [{ type: 'bot', message: HANDOFF_MESSAGE }], done: true });
  const done = await h.one(sessionId, 'ConversationCompleted');
  assert.equal([done.resolution, done.escalationReason], ['escalated', 'low_confidence']);
  assert.is((await h.one(sessionId, 'KnowledgeNotFound')).action, 'handed_off');
});

test('without answerOnlyFromKnowledge, the model answers a question that found nothing, and the question is listed', async () => {
  const botId = await h.agentBot({ knowledge: { sourceIds: [returnsId] } });
  const sessionId = await h.session(botId);
  h.standIn.script({ kind: 'text', text: 'Lima.' });
  const r = await h.say(botId, sessionId, 'What is the capital of Peru?');
  assert.equal(r.body.messages, [{ type: 'bot', message: 'Lima.', sources: [] }]);
  assert.match(systemOf(h.chatRequests().at(-1)!), /No passage of the documents matches/);
  assert.is((await h.one(sessionId, 'KnowledgeNotFound')).action, 'answered_without_source');
});

test('a streamed answer carries its sources in the done event', async () => {
  const botId = await h.agentBot({ knowledge: { sourceIds: [warrantyId] } });
  const sessionId = await h.session(botId);
  h.standIn.script({ kind: 'text', text: 'Two years [1].' });
  const r = await h.sayStreamed(botId, sessionId, 'How long is the warranty on a kettle?');
  assert.is(r.status, 200);
  const tokens = r.events.filter((e) => e.event === 'token').map((e) => JSON.parse(e.data).text);
  assert.is(tokens.join(''), 'Two years [1].');
  const done = JSON.parse(r.events.at(-1)!.data);
  assert.equal(done.messages[0].sources, [{ ref: 1, sourceId: warrantyId, title: 'Warranty', url: null }]);
});

test('an agent without knowledge is offered no search, and its answers name no sources', async () => {
  const botId = await h.agentBot();
  const sessionId = await h.session(botId);
  h.standIn.script({ kind: 'text', text: 'Hello!' });
  const r = await h.say(botId, sessionId, 'Hi');
  assert.equal(r.body.messages, [{ type: 'bot', message: 'Hello!' }]);
  assert.not.ok(toolNames(h.chatRequests().at(-1)!).includes('search_knowledge'));
  assert.is((await h.one(sessionId, 'AgentAnswered')).provenance, undefined);
});

test('knowledge settings are checked: unknown fields and values are 400 naming them; a source not of the workspace is 404', async () => {
  const bot = await h.ext('POST', '/chatbots', { name: 'Checks' });
  const put = (knowledge: unknown) =>
    h.ext('PUT', `/chatbots/${bot.body.data.id}/agent`, {
      name: 'Ava',
      instructions: 'Help.',
      connectionId: h.connectionId,
      knowledge,
    });
  for (const [knowledge, field] of [
    [{}, 'knowledge.sourceIds'],
    [{ sourceIds: 'x' }, 'knowledge.sourceIds'],
    [{ sourceIds: [returnsId], onNoAnswer: 'guess' }, 'knowledge.onNoAnswer'],
    [{ sourceIds: [returnsId], answerOnlyFromKnowledge: 'yes' }, 'knowledge.answerOnlyFromKnowledge'],
    [{ sourceIds: [returnsId], extra: 1 }, 'knowledge'],
    [{ sourceIds: [''] }, 'knowledge.sourceIds'],
  ] as const) {
    const r = await put(knowledge);
    assert.is(r.status, 400, JSON.stringify(knowledge));
    assert.ok(JSON.stringify(r.body).includes(field), `${JSON.stringify(r.body)} names ${field}`);
  }
  const unknown = await put({ sourceIds: ['no-such-source'] });
  assert.is(unknown.status, 404);
  assert.is(unknown.body.code, 'KNOWLEDGE_SOURCE_NOT_FOUND');
  const ok = await put({ sourceIds: [returnsId, returnsId] });
  assert.is(ok.status, 200, JSON.stringify(ok.body));
  assert.equal(ok.body.data.knowledge, {
    sourceIds: [returnsId],
    answerOnlyFromKnowledge: false,
    onNoAnswer: 'clarify',
  });
});

test('the playground answers from knowledge too, with the sources cited, and records nothing', async () => {
  const botId = await h.agentBot({ knowledge: { sourceIds: [warrantyId] } });
  h.standIn.script({ kind: 'text', text: 'Two years [1].' });
  const r = await h.ext('POST', `/chatbots/${botId}/agent/preview`, {
    messages: [{ role: 'user', text: 'How long is the kettle warranty?' }],
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.data.text, 'Two years [1].');
  assert.equal(r.body.data.sources, [{ ref: 1, sourceId: warrantyId, title: 'Warranty', url: null }]);
  assert.match(systemOf(h.chatRequests().at(-1)!), /\[1\] Warranty › Warranty\nEvery kettle/);
});

test.run();
