import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../domain/errors.js';
import { PLAN_NAMES, hasApiAccess, limitsFor, parsePlan, planAtLeast } from '../../domain/plans.js';

test('standard plans carry the seed limits', () => {
  assert.equal(limitsFor('free'), { monthlyCalls: 0, chatbots: 0, webhooks: 0 });
  assert.equal(limitsFor('starter'), { monthlyCalls: 10_000, chatbots: 5, webhooks: 5 });
  assert.equal(limitsFor('pro'), { monthlyCalls: 50_000, chatbots: 15, webhooks: 15 });
  assert.equal(limitsFor('business'), { monthlyCalls: 200_000, chatbots: 25, webhooks: 50 });
});

test('custom limits apply to enterprise only; unset ones are unlimited', () => {
  assert.equal(limitsFor('enterprise'), { monthlyCalls: null, chatbots: null, webhooks: null });
  assert.equal(limitsFor('enterprise', { monthlyCalls: 3 }), { monthlyCalls: 3, chatbots: null, webhooks: null });
  assert.equal(limitsFor('starter', { chatbots: 99 }).chatbots, 5);
});

test('parsePlan accepts every plan name, trimmed and case-insensitive', () => {
  for (const p of PLAN_NAMES) assert.is(parsePlan(p), p);
  assert.is(parsePlan('  Pro '), 'pro');
});

test('parsePlan rejects unknown or non-string plans naming the field', () => {
  for (const bad of ['gold', '', 3, null, undefined, {}]) {
    try {
      parsePlan(bad);
      assert.unreachable(`accepted ${String(bad)}`);
    } catch (err) {
      assert.instance(err, ValidationError);
      assert.is((err as ValidationError).field, 'plan');
      assert.match((err as Error).message, 'free, starter, pro, business, enterprise');
    }
  }
});

test('only the free plan lacks API access', () => {
  assert.is(hasApiAccess('free'), false);
  for (const p of ['starter', 'pro', 'business', 'enterprise'] as const) assert.is(hasApiAccess(p), true);
});

test('planAtLeast orders the plans', () => {
  assert.is(planAtLeast('pro', 'pro'), true);
  assert.is(planAtLeast('business', 'pro'), true);
  assert.is(planAtLeast('starter', 'pro'), false);
  assert.is(planAtLeast('free', 'starter'), false);
  assert.is(planAtLeast('enterprise', 'business'), true);
});

test.run();
