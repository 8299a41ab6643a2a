import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fold } from '../../../domain/event.js';
import { ConflictError, NotFoundError, PlanLimitError, ValidationError } from '../../../domain/errors.js';
import type { PlanName } from '../../../domain/plans.js';
import {
  currentLimits,
  decideWorkspace,
  evolveWorkspace,
  initialWorkspaceState,
  type WorkspaceCommand,
  type WorkspaceState,
} from '../../../domain/workspace/workspace.js';

function run(commands: WorkspaceCommand[], state: WorkspaceState = initialWorkspaceState): WorkspaceState {
  return commands.reduce((s, c) => fold(evolveWorkspace, s, decideWorkspace(c, s)), state);
}
const created = (plan: PlanName, limits?: { chatbots?: number; webhooks?: number; monthlyCalls?: number }) =>
  run([{ type: 'CreateWorkspace', workspaceId: 'w1', name: 'W', plan, ownerId: 'u1', ...(limits ? { limits } : {}) }]);
const takeBots = (s: WorkspaceState, n: number, from = 0) =>
  run(
    Array.from({ length: n }, (_, i) => ({ type: 'TakeChatbotSlot' as const, chatbotId: `c${from + i}` })),
    s,
  );

function throws(fn: () => unknown, cls: Function, code?: string) {
  try {
    fn();
  } catch (err) {
    assert.instance(err, cls);
    if (code) assert.is((err as { code?: string }).code, code);
    return err as Error;
  }
  assert.unreachable('did not throw');
}

test('create emits WorkspaceCreated and folds plan and limits', () => {
  const events = decideWorkspace(
    {
      type: 'CreateWorkspace',
      workspaceId: 'w1',
      name: 'W',
      plan: 'enterprise',
      ownerId: 'u1',
      limits: { monthlyCalls: 3 },
    },
    initialWorkspaceState,
  );
  assert.equal(events, [
    {
      type: 'WorkspaceCreated',
      data: { workspaceId: 'w1', name: 'W', plan: 'enterprise', ownerId: 'u1', limits: { monthlyCalls: 3 } },
    },
  ]);
  const s = fold(evolveWorkspace, initialWorkspaceState, events);
  assert.is(s.exists, true);
  assert.equal(currentLimits(s), { monthlyCalls: 3, chatbots: null, webhooks: null });
});

test('creating twice is a conflict; commands on a missing workspace are not found', () => {
  throws(
    () =>
      decideWorkspace(
        { type: 'CreateWorkspace', workspaceId: 'w1', name: 'W', plan: 'pro', ownerId: 'u' },
        created('pro'),
      ),
    ConflictError,
  );
  throws(() => decideWorkspace({ type: 'TakeChatbotSlot', chatbotId: 'c' }, initialWorkspaceState), NotFoundError);
});

for (const [plan, cap] of [
  ['starter', 5],
  ['pro', 15],
  ['business', 25],
] as const) {
  test(`${plan}: ${cap} chatbots, the next is refused with PLAN_LIMIT`, () => {
    const full = takeBots(created(plan), cap);
    assert.is(full.chatbots.length, cap);
    const err = throws(
      () => decideWorkspace({ type: 'TakeChatbotSlot', chatbotId: 'x' }, full),
      PlanLimitError,
      'PLAN_LIMIT',
    );
    assert.match(err!.message, String(cap));
  });
}

test('free plan takes no chatbot and no webhook', () => {
  const err = throws(
    () => decideWorkspace({ type: 'TakeChatbotSlot', chatbotId: 'x' }, created('free')),
    PlanLimitError,
    'PLAN_LIMIT',
  );
  assert.match(err!.message, 'does not include');
  throws(() => decideWorkspace({ type: 'TakeWebhookSlot', webhookId: 'x' }, created('free')), PlanLimitError);
});

test('enterprise is unlimited by default and capped by custom limits', () => {
  assert.is(takeBots(created('enterprise'), 40).chatbots.length, 40);
  const capped = takeBots(created('enterprise', { chatbots: 2 }), 2);
  throws(() => decideWorkspace({ type: 'TakeChatbotSlot', chatbotId: 'x' }, capped), PlanLimitError);
});

test('releasing a slot frees it; releasing an unknown one emits nothing', () => {
  const full = takeBots(created('starter'), 5);
  assert.equal(decideWorkspace({ type: 'ReleaseChatbotSlot', chatbotId: 'nope' }, full), []);
  const freed = run([{ type: 'ReleaseChatbotSlot', chatbotId: 'c2' }], full);
  assert.equal(freed.chatbots, ['c0', 'c1', 'c3', 'c4']);
  assert.is(decideWorkspace({ type: 'TakeChatbotSlot', chatbotId: 'y' }, freed).length, 1);
});

test('webhook slots follow the business cap of 50', () => {
  const s = run(
    Array.from({ length: 50 }, (_, i) => ({ type: 'TakeWebhookSlot' as const, webhookId: `h${i}` })),
    created('business'),
  );
  throws(() => decideWorkspace({ type: 'TakeWebhookSlot', webhookId: 'x' }, s), PlanLimitError, 'PLAN_LIMIT');
  const released = run([{ type: 'ReleaseWebhookSlot', webhookId: 'h0' }], s);
  assert.is(released.webhooks.length, 49);
  assert.equal(decideWorkspace({ type: 'ReleaseWebhookSlot', webhookId: 'h0' }, released), []);
});

test('a plan change moves the caps and replaces custom limits', () => {
  const s = takeBots(created('starter'), 5);
  const pro = run([{ type: 'ChangePlan', plan: 'pro' }], s);
  assert.is(pro.plan, 'pro');
  assert.is(decideWorkspace({ type: 'TakeChatbotSlot', chatbotId: 'x' }, pro).length, 1);
  const ent = run([{ type: 'ChangePlan', plan: 'enterprise', limits: { chatbots: 1 } }], pro);
  assert.equal(currentLimits(ent).chatbots, 1);
  const back = run([{ type: 'ChangePlan', plan: 'enterprise' }], ent);
  assert.is(back.customLimits, null);
  assert.equal(decideWorkspace({ type: 'ChangePlan', plan: 'pro' }, pro), [
    { type: 'WorkspacePlanChanged', data: { plan: 'pro' } },
  ]);
});

test('the decider refuses custom limits on a standard plan and out-of-range ones (pure: whatever the caller)', () => {
  const pro = created('pro');
  assert.throws(
    () => decideWorkspace({ type: 'ChangePlan', plan: 'pro', limits: { monthlyCalls: 5, chatbots: 1 } }, pro),
    (e: Error) => e instanceof ValidationError && /only to the enterprise plan/.test(e.message),
  );
  assert.throws(
    () =>
      decideWorkspace(
        {
          type: 'CreateWorkspace',
          workspaceId: 'w9',
          name: 'W',
          plan: 'starter',
          ownerId: 'u1',
          limits: { webhooks: 2 },
        },
        initialWorkspaceState,
      ),
    (e: Error) => e instanceof ValidationError,
  );
  assert.throws(
    () => decideWorkspace({ type: 'ChangePlan', plan: 'enterprise', limits: { monthlyCalls: 1e23 } }, pro),
    (e: Error) => e instanceof ValidationError && /from 1 to 1000000000/.test(e.message),
  );
  assert.equal(decideWorkspace({ type: 'ChangePlan', plan: 'enterprise', limits: { monthlyCalls: 5 } }, pro), [
    { type: 'WorkspacePlanChanged', data: { plan: 'enterprise', limits: { monthlyCalls: 5 } } },
  ]);
});

test.run();
