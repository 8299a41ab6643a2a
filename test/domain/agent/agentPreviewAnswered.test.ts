// What a playground call records for the monthly AI token budget: the tokens of a call that
// answered (a reply or a tool call alike), nothing for a failed call or one never made.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { agentPreviewStream, previewAnsweredOf } from '../../../domain/agent/agentPreviewAnswered.js';
import { noKnowledgeOutcome, outcomeOfAnswer } from '../../../domain/agent/agentTurn.js';

const ids = { workspaceId: 'w1', chatbotId: 'c1' };
const answer = { model: 'gpt-4o-mini', tokensIn: 31, tokensOut: 7, latencyMs: 400, finishReason: 'stop' };

test('a call that answered records its model and tokens', () => {
  assert.equal(previewAnsweredOf(ids, outcomeOfAnswer({ ...answer, text: 'We ship in 3 days.', toolCalls: [] })), {
    ...ids,
    model: 'gpt-4o-mini',
    tokensIn: 31,
    tokensOut: 7,
  });
  const handoff = outcomeOfAnswer({
    ...answer,
    text: '',
    toolCalls: [{ id: 't1', name: 'handoff', arguments: '{"reason":"visitor_request","summary":"Wants a person"}' }],
  });
  assert.is(handoff.type, 'answer');
  assert.is(previewAnsweredOf(ids, handoff)?.tokensIn, 31, 'a handoff the model asked for spent its tokens too');
});

test('a failed call and a question the knowledge had nothing for record nothing', () => {
  const failed = outcomeOfAnswer({
    ...answer,
    text: '',
    toolCalls: [{ id: 't1', name: 'no_such_tool', arguments: '{}' }],
  });
  assert.is(failed.type, 'failure');
  assert.is(previewAnsweredOf(ids, failed), null);
  assert.is(previewAnsweredOf(ids, noKnowledgeOutcome('clarify', 'Where is my order?')), null);
});

test('each call is a stream of its own', () => {
  assert.is(agentPreviewStream('abc'), 'agent-preview-abc');
});

test.run();
