import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  completionOfOutcome,
  HANDOFF_MESSAGE,
  MODEL_ERROR_MESSAGE,
  type ModelAnswer,
  outcomeOfAnswer,
  visitorTextOf,
} from '../../../domain/agent/agentTurn.js';

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
    answer({ toolCalls: [{ name: 'handoff', arguments: '{"reason":"policy","summary":"Legal question"}' }] }),
  );
  assert.is(visitorTextOf(o), HANDOFF_MESSAGE);
  assert.equal(completionOfOutcome(o), { resolution: 'escalated', reason: 'policy' });
});

test('end_conversation completes with its resolution', () => {
  const o = outcomeOfAnswer(answer({ toolCalls: [{ name: 'end_conversation', arguments: '{"resolution":"ended"}' }] }));
  assert.equal(completionOfOutcome(o), { resolution: 'ended', reason: null });
  assert.is(visitorTextOf(o), '');
});

test('unknown tools and arguments outside the schema are failures: model_error', () => {
  for (const [call, error] of [
    [{ name: 'delete_all', arguments: '{}' }, 'unknown_tool'],
    [{ name: 'handoff', arguments: '{"reason":"policy"}' }, 'bad_tool_arguments'],
    [{ name: 'handoff', arguments: '{"reason":"policy","summary":"s","extra":1}' }, 'bad_tool_arguments'],
    [{ name: 'end_conversation', arguments: '{"resolution":"escalated"}' }, 'bad_tool_arguments'],
    [{ name: 'end_conversation', arguments: 'nope' }, 'bad_tool_arguments'],
    [{ name: 'toString', arguments: '{}' }, 'unknown_tool'],
  ] as const) {
    const o = outcomeOfAnswer(answer({ toolCalls: [call] }));
    assert.is(o.type === 'failure' && o.error, error, JSON.stringify(call));
    assert.is(visitorTextOf(o), MODEL_ERROR_MESSAGE);
    assert.equal(completionOfOutcome(o), { resolution: 'escalated', reason: 'model_error' });
  }
});

test('the turn limit hands off with turn_limit', () => {
  assert.equal(completionOfOutcome({ type: 'turn_limit' }), { resolution: 'escalated', reason: 'turn_limit' });
});

test.run();
