import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  completionOfOutcome,
  HANDOFF_MESSAGE,
  LIMIT_END_MESSAGE,
  limitOutcome,
  MODEL_ERROR_MESSAGE,
  type ModelAnswer,
  outcomeOfAnswer,
  visitorTextOf,
} from '../../../domain/agent/agentTurn.js';
import { handoffWithDefaults } from '../../../domain/agent/agentSettings.js';

const answer = (over: Partial<ModelAnswer>): ModelAnswer => ({
  text: '',
  toolCalls: [],
  model: 'm',
  tokensIn: 1,
  tokensOut: 1,
  latencyMs: 5,
  finishReason: 'stop',
  ...over,
});

test('text alone is a reply; the conversation goes on', () => {
  const o = outcomeOfAnswer(answer({ text: ' Hello ' }));
  assert.is(visitorTextOf(o), 'Hello');
  assert.is(completionOfOutcome(o), null);
});

test('handoff escalates with its reason; without words the visitor is told a person comes', () => {
  const o = outcomeOfAnswer(
    answer({
      toolCalls: [{ id: 'call_1', name: 'handoff', arguments: '{"reason":"policy","summary":"Legal question"}' }],
    }),
  );
  assert.is(visitorTextOf(o), HANDOFF_MESSAGE);
  assert.equal(completionOfOutcome(o), { resolution: 'escalated', reason: 'policy' });
});

test('end_conversation completes with its resolution', () => {
  const o = outcomeOfAnswer(
    answer({ toolCalls: [{ id: 'call_1', name: 'end_conversation', arguments: '{"resolution":"ended"}' }] }),
  );
  assert.equal(completionOfOutcome(o), { resolution: 'ended', reason: null });
  assert.is(visitorTextOf(o), '');
});

test('unknown tools and arguments outside the schema are failures: model_error', () => {
  for (const [call, error] of [
    [{ id: 'call_1', name: 'delete_all', arguments: '{}' }, 'unknown_tool'],
    [{ id: 'call_1', name: 'handoff', arguments: '{"reason":"policy"}' }, 'bad_tool_arguments'],
    [{ id: 'call_1', name: 'handoff', arguments: '{"reason":"policy","summary":"s","extra":1}' }, 'bad_tool_arguments'],
    [{ id: 'call_1', name: 'end_conversation', arguments: '{"resolution":"escalated"}' }, 'bad_tool_arguments'],
    [{ id: 'call_1', name: 'end_conversation', arguments: 'nope' }, 'bad_tool_arguments'],
    [{ id: 'call_1', name: 'toString', arguments: '{}' }, 'unknown_tool'],
  ] as const) {
    const o = outcomeOfAnswer(answer({ toolCalls: [call] }));
    assert.is(o.type === 'failure' && o.error, error, JSON.stringify(call));
    assert.is(visitorTextOf(o), MODEL_ERROR_MESSAGE);
    assert.equal(completionOfOutcome(o), { resolution: 'escalated', reason: 'model_error' });
  }
});

test('a limit that hands off escalates with turn_limit or budget, in calm standard words', () => {
  const handoff = handoffWithDefaults(null);
  const turns = limitOutcome(handoff, { limit: 'turns', used: 20, max: 20 });
  assert.equal(completionOfOutcome(turns), { resolution: 'escalated', reason: 'turn_limit' });
  assert.is(visitorTextOf(turns), HANDOFF_MESSAGE);
  for (const limit of ['monthly_tokens', 'conversation_tokens'] as const) {
    const o = limitOutcome(handoff, { limit, used: 10, max: 5 });
    assert.equal(completionOfOutcome(o), { resolution: 'escalated', reason: 'budget' });
    assert.is(visitorTextOf(o), HANDOFF_MESSAGE);
  }
});

test("onLimit message ends the conversation (resolution ended) with the agent's words or the standard ones", () => {
  const own = limitOutcome(handoffWithDefaults({ onLimit: 'message', limitMessage: 'Write to help@example.com.' }), {
    limit: 'monthly_tokens',
    used: 0,
    max: 0,
  });
  assert.equal(completionOfOutcome(own), { resolution: 'ended', reason: null });
  assert.is(visitorTextOf(own), 'Write to help@example.com.');
  const standard = limitOutcome(handoffWithDefaults({ onLimit: 'message' }), { limit: 'turns', used: 3, max: 3 });
  assert.is(visitorTextOf(standard), LIMIT_END_MESSAGE);
  const ownHandoff = limitOutcome(handoffWithDefaults({ limitMessage: 'A colleague takes over.' }), {
    limit: 'turns',
    used: 3,
    max: 3,
  });
  assert.is(visitorTextOf(ownHandoff), 'A colleague takes over.');
  assert.equal(completionOfOutcome(ownHandoff), { resolution: 'escalated', reason: 'turn_limit' });
});

test.run();
