/** The webhook aggregate: status rules, failure streak, auto-disable, reactivation, throttled successes. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  MAX_CONSECUTIVE_FAILURES,
  SUCCESS_RECORD_INTERVAL_MS,
  decideWebhook,
  evolveWebhook,
  initialWebhookState,
  validateRequestedStatus,
  type WebhookCommand,
  type WebhookState,
} from '../../../domain/webhooks/webhook.js';
import { ConflictError, NotFoundError, ValidationError } from '../../../domain/errors.js';

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
function run(state: WebhookState, command: WebhookCommand): { state: WebhookState; types: string[] } {
  const events = decideWebhook(command, state);
  return { state: events.reduce(evolveWebhook, state), types: events.map((e) => e.type) };
}
const fail = (at = '2026-01-01T00:00:00.000Z', gone = false): WebhookCommand => ({
  type: 'RecordDeliveryFailure',
  deliveryId: 'd',
  at,
  statusCode: gone ? 410 : 500,
  error: 'x',
  gone,
});
const created = () => run(initialWebhookState, create).state;

test('create once; a second create conflicts', () => {
  const s = created();
  assert.is(s.status, 'active');
  assert.throws(
    () => decideWebhook(create, s),
    (e: unknown) => e instanceof ConflictError,
  );
});

test('no-op updates append nothing; status changes are events', () => {
  const s = created();
  assert.equal(
    decideWebhook({ type: 'UpdateWebhook', changes: { url: 'https://x.example/', events: ['response.created'] } }, s),
    [],
  );
  assert.equal(run(s, { type: 'UpdateWebhook', changes: {}, status: 'paused' }).types, ['WebhookPaused']);
  const paused = run(s, { type: 'UpdateWebhook', changes: {}, status: 'paused' }).state;
  assert.equal(run(paused, { type: 'UpdateWebhook', changes: {}, status: 'active' }).types, ['WebhookActivated']);
});

test(`${MAX_CONSECUTIVE_FAILURES} consecutive failures disable; reactivation resets the count`, () => {
  let s = created();
  for (let i = 1; i < MAX_CONSECUTIVE_FAILURES; i++) {
    const r = run(s, fail());
    assert.equal(r.types, ['WebhookDeliveryFailed']);
    s = r.state;
  }
  assert.is(s.failureCount, MAX_CONSECUTIVE_FAILURES - 1);
  const last = run(s, fail());
  assert.equal(last.types, ['WebhookDeliveryFailed', 'WebhookDisabled']);
  assert.is(last.state.status, 'failed');
  const back = run(last.state, { type: 'UpdateWebhook', changes: {}, status: 'active' });
  assert.equal(back.types, ['WebhookReactivated']);
  assert.is(back.state.failureCount, 0);
  assert.is(back.state.status, 'active');
});

test(`failures recorded after the webhook was disabled leave the streak at ${MAX_CONSECUTIVE_FAILURES}`, () => {
  let s = created();
  for (let i = 0; i < MAX_CONSECUTIVE_FAILURES; i++) s = run(s, fail()).state;
  assert.equal([s.status, s.failureCount], ['failed', MAX_CONSECUTIVE_FAILURES]);
  // Deliveries that were in flight when the tenth failure disabled the webhook end after it.
  for (let i = 0; i < 3; i++) {
    assert.equal(decideWebhook(fail(), s), []);
    assert.equal(decideWebhook(fail(undefined, true), s), []);
  }
  // A 410 disables below the threshold; a later failure does not count on top of it either.
  const gone = run(run(created(), fail()).state, fail(undefined, true)).state;
  assert.equal([gone.status, gone.failureCount], ['failed', 2]);
  assert.equal(decideWebhook(fail(), gone), []);
  // Nor does a success in flight reset the streak of a webhook that stays failed.
  assert.equal(
    decideWebhook({ type: 'RecordDeliverySuccess', deliveryId: 'late', at: '2026-01-01T00:00:09.000Z' }, s),
    [],
  );
});

test('a success ends a streak; 410 disables at once', () => {
  let s = run(created(), fail()).state;
  s = run(s, fail()).state;
  const ok = run(s, { type: 'RecordDeliverySuccess', deliveryId: 'd', at: '2026-01-01T00:00:01.000Z' });
  assert.equal(ok.types, ['WebhookDeliverySucceeded']);
  assert.is(ok.state.failureCount, 0);
  assert.equal(run(created(), fail(undefined, true)).types, ['WebhookDeliveryFailed', 'WebhookDisabled']);
});

test('successes are recorded at most once per interval while nothing failed', () => {
  const first = run(created(), { type: 'RecordDeliverySuccess', deliveryId: 'd', at: '2026-01-01T00:00:00.000Z' });
  assert.equal(first.types, ['WebhookDeliverySucceeded']);
  assert.equal(
    decideWebhook({ type: 'RecordDeliverySuccess', deliveryId: 'd', at: '2026-01-01T00:00:30.000Z' }, first.state),
    [],
  );
  const later = new Date(Date.parse('2026-01-01T00:00:00.000Z') + SUCCESS_RECORD_INTERVAL_MS).toISOString();
  assert.equal(run(first.state, { type: 'RecordDeliverySuccess', deliveryId: 'd', at: later }).types, [
    'WebhookDeliverySucceeded',
  ]);
});

test('deleted: updates are 404, late delivery outcomes are ignored', () => {
  const gone = run(created(), { type: 'DeleteWebhook', reason: 'requested' }).state;
  assert.throws(
    () => decideWebhook({ type: 'UpdateWebhook', changes: {} }, gone),
    (e: unknown) => e instanceof NotFoundError,
  );
  assert.equal(decideWebhook(fail(), gone), []);
});

test('status accepted from clients: active or paused only', () => {
  assert.is(validateRequestedStatus('paused'), 'paused');
  assert.is(validateRequestedStatus(undefined), undefined);
  for (const bad of ['failed', 'ACTIVE', 1, null])
    assert.throws(
      () => validateRequestedStatus(bad),
      (e: unknown) => e instanceof ValidationError,
    );
});

test.run();
