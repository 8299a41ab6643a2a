/**
 * What an AI agent did on one UTC day for one chatbot (docs/ai-analytics.md), and the period
 * report summed from those days. Pure: the view stores the days, the endpoint sums them.
 */
import type { Resolution } from '../conversation/conversationEvents.js';
import { type LatencyHistogram, latencyPercentile, sumHistograms, withLatency } from './latencyHistogram.js';

export interface AgentDayStats {
  /** Conversations the agent took part in, counted on the day it first did. */
  conversations: number;
  /** How those conversations ended (on the day they were counted, so they never outnumber them). */
  resolved: number;
  escalated: number;
  ended: number;
  /** Escalated conversations by the handoff's reason. */
  handoffReasons: Record<string, number>;
  answers: number;
  /** Answers citing at least one knowledge source. */
  answersWithSource: number;
  /** Visitor questions the agent's knowledge had nothing for. */
  unansweredQuestions: number;
  tokensIn: number;
  tokensOut: number;
  /** Model latency of the answers. */
  latency: LatencyHistogram;
}

export const emptyAgentDay = (): AgentDayStats => ({
  conversations: 0,
  resolved: 0,
  escalated: 0,
  ended: 0,
  handoffReasons: {},
  answers: 0,
  answersWithSource: 0,
  unansweredQuestions: 0,
  tokensIn: 0,
  tokensOut: 0,
  latency: {},
});

/** The reason an escalation without one is counted under. */
export const UNSPECIFIED_REASON = 'unspecified';
/**
 * Where reasons that are no code are counted: a visitor's or a flow's own words (the chat API's
 * escalate takes free text), and new codes once a day holds MAX_REASONS_PER_DAY, so a day's
 * document stays small whatever visitors send.
 */
export const OTHER_REASON = 'other';
export const MAX_REASONS_PER_DAY = 20;
/** A reason code as the model's handoff tool and the service write them (low_confidence, turn_limit…). */
const REASON_CODE = /^[a-z][a-z0-9_]{0,39}$/;

/** A count by key, 0 when absent; never a property every object inherits ("constructor"). */
const countOf = (counts: Record<string, number>, key: string): number =>
  Object.hasOwn(counts, key) ? counts[key]! : 0;

/** The key an escalation's reason is counted under on a day that already counts `counts`. */
export function reasonKey(counts: Record<string, number>, reason: string | null): string {
  if (!reason) return UNSPECIFIED_REASON;
  if (!REASON_CODE.test(reason)) return OTHER_REASON;
  return Object.hasOwn(counts, reason) || Object.keys(counts).length < MAX_REASONS_PER_DAY ? reason : OTHER_REASON;
}

export function withConversation(day: AgentDayStats): AgentDayStats {
  return { ...day, conversations: day.conversations + 1 };
}

export function withAnswer(
  day: AgentDayStats,
  answer: { tokensIn: number; tokensOut: number; latencyMs: number; citedSources: number },
): AgentDayStats {
  return {
    ...day,
    answers: day.answers + 1,
    answersWithSource: day.answersWithSource + (answer.citedSources > 0 ? 1 : 0),
    tokensIn: day.tokensIn + answer.tokensIn,
    tokensOut: day.tokensOut + answer.tokensOut,
    latency: withLatency(day.latency, answer.latencyMs),
  };
}

export function withUnansweredQuestion(day: AgentDayStats): AgentDayStats {
  return { ...day, unansweredQuestions: day.unansweredQuestions + 1 };
}

export function withOutcome(day: AgentDayStats, resolution: Resolution, reason: string | null): AgentDayStats {
  const next = { ...day, [resolution]: day[resolution] + 1 };
  if (resolution !== 'escalated') return next;
  const key = reasonKey(day.handoffReasons, reason);
  return { ...next, handoffReasons: { ...day.handoffReasons, [key]: countOf(day.handoffReasons, key) + 1 } };
}

export interface AgentAnalytics {
  conversations: number;
  resolved: number;
  escalated: number;
  ended: number;
  handoffReasons: Record<string, number>;
  answers: number;
  answersWithSource: number;
  /** answersWithSource / answers; null without answers. */
  sourcedShare: number | null;
  unansweredQuestions: number;
  tokens: { in: number; out: number };
  latencyMs: { p50: number | null; p95: number | null };
  days: { date: string; conversations: number; answers: number; tokens: number }[];
}

/** The period's report: `days` lists every day of the period in order, missing ones as zeros. */
export function agentAnalyticsOf(period: string[], stored: Map<string, AgentDayStats>): AgentAnalytics {
  const days = period.map((date) => ({ date, stats: stored.get(date) ?? emptyAgentDay() }));
  const total = (field: keyof Omit<AgentDayStats, 'handoffReasons' | 'latency'>) =>
    days.reduce((n, d) => n + d.stats[field], 0);
  const handoffReasons: Record<string, number> = {};
  for (const { stats } of days)
    for (const [reason, n] of Object.entries(stats.handoffReasons))
      handoffReasons[reason] = countOf(handoffReasons, reason) + n;
  const answers = total('answers');
  const answersWithSource = total('answersWithSource');
  const latency = sumHistograms(days.map((d) => d.stats.latency));
  return {
    conversations: total('conversations'),
    resolved: total('resolved'),
    escalated: total('escalated'),
    ended: total('ended'),
    handoffReasons,
    answers,
    answersWithSource,
    sourcedShare: answers ? answersWithSource / answers : null,
    unansweredQuestions: total('unansweredQuestions'),
    tokens: { in: total('tokensIn'), out: total('tokensOut') },
    latencyMs: { p50: latencyPercentile(latency, 0.5), p95: latencyPercentile(latency, 0.95) },
    days: days.map(({ date, stats }) => ({
      date,
      conversations: stats.conversations,
      answers: stats.answers,
      tokens: stats.tokensIn + stats.tokensOut,
    })),
  };
}
