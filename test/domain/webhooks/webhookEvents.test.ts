/** Public event names, their validation, and the payload mapping (docs/events.md). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toWebhookMessage, validateEventNames } from '../../../domain/webhooks/webhookEvents.js';
import { nextRetryDelay, parseRetryAfter } from '../../../domain/webhooks/retryPolicy.js';
import { ValidationError } from '../../../domain/errors.js';

test('event names: known, deduplicated; unknown listed with the valid ones', () => {
  assert.equal(validateEventNames(['response.created', 'response.created']), ['response.created']);
  try {
    validateEventNames(['response.created', 'order.paid']);
    assert.unreachable();
  } catch (err) {
    assert.instance(err, ValidationError);
    assert.match(
      (err as Error).message,
      /"order\.paid".*response\.created, response\.updated, conversation\.started, conversation\.completed/,
    );
  }
  for (const bad of [[], 'response.created', [null], undefined]) assert.throws(() => validateEventNames(bad));
});

test('timestamps are ISO 8601 with milliseconds whatever the source spelling', () => {
  const m = toWebhookMessage(
    {
      type: 'ResponseUpdated',
      data: { sessionId: 's', responseId: 'r', chatbotId: 'b', workspaceId: 'w', updatedAt: '' },
    },
    '2026-03-01T10:00:00Z',
  );
  assert.is(m!.payload.timestamp, '2026-03-01T10:00:00.000Z');
});

test('duration and turnCount are integers; other events map to nothing', () => {
  const m = toWebhookMessage(
    {
      type: 'ConversationCompleted',
      data: {
        sessionId: 's',
        chatbotId: 'b',
        workspaceId: 'w',
        responseId: null,
        resolution: 'resolved',
        escalationReason: 'ignored',
        duration: 12.6,
        turnCount: 2,
        completedAt: '',
      },
    },
    '2026-03-01T10:00:00.000Z',
  );
  assert.equal(m!.payload, {
    event: 'conversation.completed',
    chatSessionId: 's',
    botId: 'b',
    resolution: 'resolved',
    duration: 13,
    turnCount: 2,
    timestamp: '2026-03-01T10:00:00.000Z',
  });
  assert.is(toWebhookMessage({ type: 'MessagesRecorded', data: {} }, '2026-03-01T10:00:00.000Z'), null);
  assert.is(toWebhookMessage({ type: 'ChatbotCreated', data: {} }, '2026-03-01T10:00:00.000Z'), null);
});

test('retry policy: planned delays, then give up; Retry-After only on 429/503 and only when longer; 410 is final', () => {
  const delays = [30_000, 120_000, 480_000];
  assert.equal(
    [1, 2, 3, 4].map((n) => nextRetryDelay(n, delays, 500, null)),
    [30_000, 120_000, 480_000, null],
  );
  assert.is(nextRetryDelay(1, delays, 429, 90_000), 90_000);
  assert.is(nextRetryDelay(1, delays, 503, 5_000), 30_000);
  assert.is(nextRetryDelay(1, delays, 500, 90_000), 30_000);
  assert.is(nextRetryDelay(1, delays, 429, 10 ** 12), 24 * 3600 * 1000);
  assert.is(nextRetryDelay(1, delays, 410, null), null);
  assert.is(parseRetryAfter('120', 0), 120_000);
  assert.is(parseRetryAfter(new Date(60_000).toUTCString(), 0), 60_000);
  assert.is(parseRetryAfter('soon', 0), null);
  assert.is(parseRetryAfter(undefined, 0), null);
});

test.run();
