/** Resending a past delivery: only the owner's workspace, only while the webhook is active. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  decideWebhook,
  evolveWebhook,
  initialWebhookState,
  type WebhookCommand,
  type WebhookState,
} from '../../../domain/webhooks/webhook.js';
import { ConflictError, NotFoundError } from '../../../domain/errors.js';

const create: WebhookCommand = {
  type: 'CreateWebhook',
  webhookId: 'w1',
  workspaceId: 'ws',
  chatbotId: 'c1',
  secret: 'a'.repeat(64),
  url: 'https://x.example/',
  events: ['response.created'],
  description: '',
};
const resend = (workspaceId = 'ws'): WebhookCommand => ({
  type: 'ResendDelivery',
  workspaceId,
  sourceDeliveryId: 'dlv_a',
  deliveryId: 'dlv_b',
});
const apply = (state: WebhookState, command: WebhookCommand) =>
  decideWebhook(command, state).reduce(evolveWebhook, state);
const active = () => apply(initialWebhookState, create);
const code = (c: string) => (e: unknown) => e instanceof ConflictError && e.code === c;

test('an active webhook records the request, with the new delivery id; the state is unchanged', () => {
  const s = active();
  const events = decideWebhook(resend(), s);
  assert.equal(events, [
    {
      type: 'WebhookDeliveryResendRequested',
      data: { webhookId: 'w1', workspaceId: 'ws', sourceDeliveryId: 'dlv_a', deliveryId: 'dlv_b' },
    },
  ]);
  assert.equal(events.reduce(evolveWebhook, s), s);
});

test('another workspace gets not found; a deleted webhook too', () => {
  assert.throws(
    () => decideWebhook(resend('other'), active()),
    (e: unknown) => e instanceof NotFoundError,
  );
  const deleted = apply(active(), { type: 'DeleteWebhook', reason: 'requested' });
  assert.throws(
    () => decideWebhook(resend(), deleted),
    (e: unknown) => e instanceof NotFoundError,
  );
});

test('refused while failed (until reactivated) and while paused', () => {
  let s = active();
  for (let i = 0; i < 10; i++)
    s = apply(s, {
      type: 'RecordDeliveryFailure',
      deliveryId: `d${i}`,
      at: '2026-01-01T00:00:00.000Z',
      statusCode: 500,
      error: 'x',
      gone: false,
    });
  assert.is(s.status, 'failed');
  assert.throws(() => decideWebhook(resend(), s), code('WEBHOOK_DISABLED'));
  s = apply(s, { type: 'UpdateWebhook', changes: {}, status: 'active' });
  assert.is(decideWebhook(resend(), s).length, 1);
  s = apply(s, { type: 'UpdateWebhook', changes: {}, status: 'paused' });
  assert.throws(() => decideWebhook(resend(), s), code('WEBHOOK_PAUSED'));
});

test.run();
