/**
 * Plans and their limits (docs/external-api.md). `null` means unlimited. Enterprise limits are
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

export type LimitName = keyof PlanLimits;
export const LIMIT_NAMES: readonly LimitName[] = ['monthlyCalls', 'chatbots', 'webhooks'];

/**
 * The largest custom enterprise limit per kind. Far above any real workspace, yet small enough
 * to stay an exact integer everywhere it travels (events, /usage, the X-Quota-Limit header).
 */
export const CUSTOM_LIMIT_MAX: Readonly<Record<LimitName, number>> = {
  monthlyCalls: 1_000_000_000,
  chatbots: 100_000,
  webhooks: 100_000,
};

const LIMIT_LABEL: Record<LimitName, string> = {
  monthlyCalls: 'monthly calls',
  chatbots: 'chatbots',
  webhooks: 'webhooks',
};

function limitValue(name: LimitName, raw: unknown): number {
  const text = typeof raw === 'string' ? raw.trim() : null;
  const n = typeof raw === 'number' ? raw : text !== null && /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > CUSTOM_LIMIT_MAX[name]) {
    throw new ValidationError(
      `the ${LIMIT_LABEL[name]} limit must be a whole number from 1 to ${CUSTOM_LIMIT_MAX[name]}, got ${JSON.stringify(raw)}`,
      name,
    );
  }
  return n;
}

/**
 * The custom limits a plan is given (numbers, or digit strings as typed), checked; undefined when
 * none is given. Only enterprise takes them: a standard plan's limits are fixed, and a
 * custom value recorded for it would never apply, so the log would disagree with /usage.
 */
export function parseCustomLimits(
  plan: PlanName,
  raw: Partial<Record<LimitName, unknown>> | null | undefined,
): Partial<PlanLimits> | undefined {
  const given = LIMIT_NAMES.filter((name) => raw?.[name] !== undefined);
  if (given.length === 0) return undefined;
  if (plan !== 'enterprise') {
    const fixed = STANDARD[plan];
    throw new ValidationError(
      `custom limits (${given.map((n) => LIMIT_LABEL[n]).join(', ')}) apply only to the enterprise plan; the ${plan} plan's limits are fixed ` +
        `(${fixed.monthlyCalls} monthly calls, ${fixed.chatbots} chatbots, ${fixed.webhooks} webhooks)`,
      given[0],
    );
  }
  return Object.fromEntries(given.map((name) => [name, limitValue(name, raw![name])]));
}

export function limitsFor(plan: PlanName, custom?: Partial<PlanLimits> | null): PlanLimits {
  if (plan === 'enterprise') {
    return {
      monthlyCalls: custom?.monthlyCalls ?? null,
      chatbots: custom?.chatbots ?? null,
      webhooks: custom?.webhooks ?? null,
    };
  }
  return STANDARD[plan];
}

export const hasApiAccess = (plan: PlanName) => plan !== 'free';
/** Free has no webhook access: its webhooks stay, but nothing is delivered to them. */
export const hasWebhookAccess = (plan: PlanName) => plan !== 'free';
const RANK: Record<PlanName, number> = { free: 0, starter: 1, pro: 2, business: 3, enterprise: 4 };
/** Ad analytics needs Pro or above; a custom subdomain needs Starter or above. */
export const planAtLeast = (plan: PlanName, minimum: PlanName) => RANK[plan] >= RANK[minimum];

/**
 * AI tokens a workspace's agents may spend in a UTC calendar month (docs/ai-agents.md, Budgets):
 * tokens in and out of every model call together. `null` means unlimited. Free has none, so its
 * agents hand off at once without calling a model; Enterprise is unlimited.
 */
const MONTHLY_AI_TOKENS: Record<PlanName, number | null> = {
  free: 0,
  starter: 1_000_000,
  pro: 5_000_000,
  business: 20_000_000,
  enterprise: null,
};

export const monthlyAiTokens = (plan: PlanName): number | null => MONTHLY_AI_TOKENS[plan];

// --- Knowledge sources (docs/knowledge.md, Limits) ---

export interface KnowledgeLimits {
  /** Sources a workspace may hold. */
  sources: number | null;
  /** Bytes of all its sources together (text, files, fetched pages). */
  totalBytes: number | null;
  /** Web pages fetched for it per UTC day (a sitemap's pages count one each, a reindex again). */
  pagesPerDay: number | null;
}

const MB = 1024 * 1024;
const KNOWLEDGE: Record<PlanName, KnowledgeLimits> = {
  free: { sources: 3, totalBytes: 5 * MB, pagesPerDay: 20 },
  starter: { sources: 25, totalBytes: 50 * MB, pagesPerDay: 500 },
  pro: { sources: 100, totalBytes: 200 * MB, pagesPerDay: 2_000 },
  business: { sources: 500, totalBytes: 1_000 * MB, pagesPerDay: 10_000 },
  enterprise: { sources: null, totalBytes: null, pagesPerDay: null },
};

export const knowledgeLimitsFor = (plan: PlanName): KnowledgeLimits => KNOWLEDGE[plan] ?? KNOWLEDGE.free;
