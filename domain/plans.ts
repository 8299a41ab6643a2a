/**
 * Plans and their limits (seed: Limits → Plans). `null` means unlimited. Enterprise limits are
 * set per workspace by the operator and default to unlimited.
 */
import { ValidationError } from './errors.js';

export const PLAN_NAMES = ['free', 'starter', 'pro', 'business', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface PlanLimits {
  monthlyCalls: number | null;
  chatbots: number | null;
  webhooks: number | null;
}

const STANDARD: Record<Exclude<PlanName, 'enterprise'>, PlanLimits> = {
  free: { monthlyCalls: 0, chatbots: 0, webhooks: 0 },
  starter: { monthlyCalls: 10_000, chatbots: 5, webhooks: 5 },
  pro: { monthlyCalls: 50_000, chatbots: 15, webhooks: 15 },
  business: { monthlyCalls: 200_000, chatbots: 25, webhooks: 50 },
};

export function parsePlan(raw: unknown): PlanName {
  const value = typeof raw === 'string' ? raw.trim().toLowerCase() : raw;
  if (!PLAN_NAMES.includes(value as PlanName)) {
    throw new ValidationError(`plan must be one of ${PLAN_NAMES.join(', ')}`, 'plan');
  }
  return value as PlanName;
}

export function limitsFor(plan: PlanName, custom?: Partial<PlanLimits> | null): PlanLimits {
  if (plan === 'enterprise') {
    return { monthlyCalls: custom?.monthlyCalls ?? null, chatbots: custom?.chatbots ?? null, webhooks: custom?.webhooks ?? null };
  }
  return STANDARD[plan];
}

export const hasApiAccess = (plan: PlanName) => plan !== 'free';
/** Free has no webhook access (seed: Plans): its webhooks stay, but nothing is delivered to them. */
export const hasWebhookAccess = (plan: PlanName) => plan !== 'free';
const RANK: Record<PlanName, number> = { free: 0, starter: 1, pro: 2, business: 3, enterprise: 4 };
/** Ad analytics needs Pro or above; a custom subdomain needs Starter or above. */
export const planAtLeast = (plan: PlanName, minimum: PlanName) => RANK[plan] >= RANK[minimum];
