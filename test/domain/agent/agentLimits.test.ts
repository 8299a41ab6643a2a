import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type AgentUsage, limitBeforeCall, limitDetail } from '../../../domain/agent/agentLimits.js';
import { handoffWithDefaults } from '../../../domain/agent/agentSettings.js';

const usage = (over: Partial<AgentUsage>): AgentUsage => ({
  monthlyTokens: 0,
  monthlyTokenLimit: 1000,
  conversationTokens: 0,
  answers: 0,
  ...over,
});
const handoff = handoffWithDefaults({ maxTurns: 3, maxTokens: 500 });

test('under every limit the call is made', () => {
  assert.is(limitBeforeCall(handoff, usage({ monthlyTokens: 999, conversationTokens: 499, answers: 2 })), null);
  assert.is(
    limitBeforeCall(handoffWithDefaults(null), usage({ monthlyTokenLimit: null, conversationTokens: 1e9 })),
    null,
  );
});

test('a limit is reached at or over it: a turn that started under it may end over it, the next is refused', () => {
  assert.equal(limitBeforeCall(handoff, usage({ monthlyTokens: 1000 })), {
    limit: 'monthly_tokens',
    used: 1000,
    max: 1000,
  });
  assert.equal(limitBeforeCall(handoff, usage({ monthlyTokens: 1700 })), {
    limit: 'monthly_tokens',
    used: 1700,
    max: 1000,
  });
  assert.equal(limitBeforeCall(handoff, usage({ conversationTokens: 612 })), {
    limit: 'conversation_tokens',
    used: 612,
    max: 500,
  });
  assert.equal(limitBeforeCall(handoff, usage({ answers: 3 })), { limit: 'turns', used: 3, max: 3 });
});

test('the Free plan (no tokens) is reached before the first call', () => {
  assert.equal(limitBeforeCall(handoffWithDefaults(null), usage({ monthlyTokenLimit: 0 })), {
    limit: 'monthly_tokens',
    used: 0,
    max: 0,
  });
});

test('the monthly budget is named first, then the conversation tokens, then the turns', () => {
  const all = usage({ monthlyTokens: 1000, conversationTokens: 500, answers: 3 });
  assert.is(limitBeforeCall(handoff, all)?.limit, 'monthly_tokens');
  assert.is(limitBeforeCall(handoff, { ...all, monthlyTokens: 0 })?.limit, 'conversation_tokens');
});

test('the recorded detail says what was reached in plain words', () => {
  assert.is(
    limitDetail({ limit: 'turns', used: 20, max: 20 }),
    'The agent reached its limit of 20 answers in a conversation',
  );
  assert.is(
    limitDetail({ limit: 'monthly_tokens', used: 1_000_250, max: 1_000_000 }),
    "The workspace used 1,000,250 AI tokens this month, its plan's budget is 1,000,000",
  );
  assert.is(
    limitDetail({ limit: 'conversation_tokens', used: 612, max: 500 }),
    'The conversation used 612 tokens, its limit is 500',
  );
});

test.run();
