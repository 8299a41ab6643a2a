import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../domain/errors.js';
import {
  CUSTOM_LIMIT_MAX,
  PLAN_NAMES,
  hasApiAccess,
  limitsFor,
  parseCustomLimits,
  parsePlan,
  planAtLeast,
} from '../../domain/plans.js';

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

function refusal(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (err) {
    assert.instance(err, ValidationError);
    return err as ValidationError;
  }
  assert.unreachable('accepted');
  throw new Error('unreachable');
}

test('custom limits: enterprise only; a standard plan refuses them instead of recording what never applies', () => {
  assert.equal(parseCustomLimits('enterprise', { monthlyCalls: '5', chatbots: 1 }), { monthlyCalls: 5, chatbots: 1 });
  assert.is(parseCustomLimits('enterprise', {}), undefined);
  assert.is(parseCustomLimits('pro', { monthlyCalls: undefined }), undefined, 'nothing given is no custom limit');
  for (const plan of ['free', 'starter', 'pro', 'business'] as const) {
    const e = refusal(() => parseCustomLimits(plan, { monthlyCalls: '5', chatbots: '1' }));
    assert.match(e.message, `apply only to the enterprise plan; the ${plan} plan's limits are fixed`);
    assert.is(e.field, 'monthlyCalls');
  }
});

test('custom limits: positive safe integers up to a documented maximum', () => {
  assert.equal(
    parseCustomLimits('enterprise', {
      monthlyCalls: String(CUSTOM_LIMIT_MAX.monthlyCalls),
      webhooks: CUSTOM_LIMIT_MAX.webhooks,
    }),
    { monthlyCalls: 1_000_000_000, webhooks: 100_000 },
  );
  for (const bad of [
    '99999999999999999999999',
    '1000000001',
    '0',
    '-1',
    '1.5',
    '1e3',
    'ten',
    '',
    0,
    2.5,
    Number.MAX_SAFE_INTEGER + 1,
    NaN,
    null,
    true,
  ]) {
    const e = refusal(() => parseCustomLimits('enterprise', { monthlyCalls: bad }));
    assert.match(e.message, 'the monthly calls limit must be a whole number from 1 to 1000000000', String(bad));
  }
  assert.match(
    refusal(() => parseCustomLimits('enterprise', { chatbots: '100001' })).message,
    'the chatbots limit must be a whole number from 1 to 100000',
  );
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
