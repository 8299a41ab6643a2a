/** The invite budgets: per admin across their workspaces, per workspace across its admins, and refunds. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { INVITES_PER_ADMIN, INVITES_PER_WORKSPACE, inviteThrottle } from '../../../api/dashboard/inviteThrottle.js';
import { TooManyRequestsError } from '../../../domain/errors.js';
import { createRateLimiterFactory } from '../../../infrastructure/rateLimit/rateLimiter.js';

async function refusal(run: () => Promise<unknown>): Promise<TooManyRequestsError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof TooManyRequestsError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

test("an admin's hourly budget covers all their workspaces; a refund gives the invite back", async () => {
  const throttle = inviteThrottle(createRateLimiterFactory());
  const who = { workspaceId: 'w1', userId: 'alice' };
  for (let i = 0; i < INVITES_PER_ADMIN - 1; i++) await throttle(who);
  const unsent = await throttle(who);
  await unsent.refund();
  await throttle(who);
  const refused = await refusal(() => throttle(who));
  assert.is(refused.code, 'INVITE_RATE_LIMIT');
  assert.ok(refused.retryAfterSeconds > 0 && refused.retryAfterSeconds <= 3600);
  const elsewhere = await refusal(() => throttle({ workspaceId: 'w2', userId: 'alice' }));
  assert.is(elsewhere.code, 'INVITE_RATE_LIMIT');
  await throttle({ workspaceId: 'w1', userId: 'bob' });
});

test("a workspace's admins share a daily budget", async () => {
  const throttle = inviteThrottle(createRateLimiterFactory());
  const admins = Math.ceil(INVITES_PER_WORKSPACE / INVITES_PER_ADMIN);
  let sent = 0;
  for (let a = 0; sent < INVITES_PER_WORKSPACE; a++)
    for (let i = 0; i < INVITES_PER_ADMIN && sent < INVITES_PER_WORKSPACE; i++, sent++)
      await throttle({ workspaceId: 'w1', userId: `admin-${a}` });
  const fresh = { workspaceId: 'w1', userId: `admin-${admins}` };
  const refused = await refusal(() => throttle(fresh));
  assert.is(refused.code, 'INVITE_RATE_LIMIT');
  assert.match(refused.message, /workspace/);
  assert.ok(refused.retryAfterSeconds > 3600);
  await throttle({ workspaceId: 'w2', userId: fresh.userId });
});

test.run();
