/**
 * The Agent tab's Analytics card (docs/ai-analytics.md): what the agent did over the last 30 days:
 * conversations and how they ended, the top handoff reasons, the share of answers with a source,
 * unanswered questions, tokens and answer times. Shown while the chatbot has an agent, or when an
 * agent it had (or its flow's AI steps) left numbers in the period.
 */
import { ErrorState, Card, Skeleton, formatNumber, useLoad } from '../../ui/index.js';
import { type AgentAnalytics, agentAnalyticsApi } from './agentAnalyticsApi.js';
import './agentAnalytics.css';

const TOP_REASONS = 3;

/** How a handoff reason reads on the card. */
const REASONS: Record<string, string> = {
  visitor_request: 'The visitor asked for a person',
  low_confidence: 'Not sure of the answer',
  out_of_scope: 'Out of scope',
  policy: 'Policy',
  turn_limit: 'Answer limit reached',
  budget: 'AI token budget spent',
  model_error: 'The model failed',
  unspecified: 'No reason given',
  other: 'Other reasons',
};
const reasonText = (reason: string) => (Object.hasOwn(REASONS, reason) ? REASONS[reason]! : reason.replace(/_/g, ' '));

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '—');
const seconds = (ms: number | null) => (ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
const day = (date: string) =>
  new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

function Figure({ label, value, sub }: { label: string; value: string; sub: string }) {
  return (
    <div class="agent-figure">
      <dt class="stat-label">{label}</dt>
      <dd>
        <span class="stat-value">{value}</span>
        <span class="stat-sub">{sub}</span>
      </dd>
    </div>
  );
}

export function AgentAnalyticsCard({ chatbotId, hasAgent }: { chatbotId: string; hasAgent: boolean }) {
  const report = useLoad(() => agentAnalyticsApi.get(chatbotId).then((r) => r.data), [chatbotId]);
  const a = report.data;
  if (!hasAgent && (!a || a.conversations === 0)) return null;
  const period = a ? `${day(a.startDate)} – ${day(a.endDate)}, UTC` : 'Last 30 days';
  return (
    <Card title="Analytics · last 30 days" description={period} class="agent-analytics">
      {report.error && !a ? (
        <ErrorState error={report.error} onRetry={report.reload} title="The analytics could not load" />
      ) : !a ? (
        <Skeleton lines={4} label="Loading the analytics" />
      ) : (
        <AnalyticsFigures a={a} />
      )}
    </Card>
  );
}

function AnalyticsFigures({ a }: { a: AgentAnalytics }) {
  const reasons = Object.entries(a.handoffReasons)
    .sort(([x, m], [y, n]) => n - m || x.localeCompare(y))
    .slice(0, TOP_REASONS);
  const outcomes = [
    { key: 'resolved', label: 'Resolved', n: a.resolved },
    { key: 'escalated', label: 'Handed off', n: a.escalated },
    { key: 'ended', label: 'Ended', n: a.ended },
  ];
  const open = Math.max(0, a.conversations - a.resolved - a.escalated - a.ended);
  return (
    <>
      <dl class="agent-figures">
        <Figure
          label="Conversations"
          value={formatNumber(a.conversations)}
          sub={`${formatNumber(a.answers)} answers`}
        />
        <Figure
          label="Answers with a source"
          value={a.sourcedShare === null ? '—' : `${Math.round(a.sourcedShare * 100)}%`}
          sub={`${formatNumber(a.answersWithSource)} of ${formatNumber(a.answers)}`}
        />
        <Figure
          label="Answer time"
          value={seconds(a.latencyMs.p50)}
          sub={a.latencyMs.p95 === null ? 'No answers yet' : `95% within ${seconds(a.latencyMs.p95)}`}
        />
        <Figure
          label="Tokens"
          value={formatNumber(a.tokens.in + a.tokens.out)}
          sub={`${formatNumber(a.tokens.in)} in · ${formatNumber(a.tokens.out)} out`}
        />
      </dl>
      <div class="agent-breakdown">
        <section aria-labelledby="agent-outcomes">
          <h3 id="agent-outcomes" class="agent-subtitle">
            How conversations ended
          </h3>
          <div class="outcome-bar" aria-hidden="true">
            {outcomes.map(
              (o) =>
                o.n > 0 && <span key={o.key} class={`outcome-${o.key}`} style={{ flexGrow: o.n }} title={o.label} />,
            )}
            {open > 0 && <span class="outcome-open" style={{ flexGrow: open }} />}
          </div>
          <ul class="outcome-list">
            {outcomes.map((o) => (
              <li key={o.key}>
                <span class={`outcome-dot outcome-${o.key}`} aria-hidden="true" />
                {o.label}
                <span class="outcome-count">
                  {formatNumber(o.n)} <span class="muted">({percent(o.n, a.conversations)})</span>
                </span>
              </li>
            ))}
            {open > 0 && (
              <li>
                <span class="outcome-dot outcome-open" aria-hidden="true" />
                Still open
                <span class="outcome-count">{formatNumber(open)}</span>
              </li>
            )}
          </ul>
        </section>
        <section aria-labelledby="agent-reasons">
          <h3 id="agent-reasons" class="agent-subtitle">
            Top handoff reasons
          </h3>
          {reasons.length ? (
            <ol class="reason-list">
              {reasons.map(([reason, n]) => (
                <li key={reason}>
                  <span>{reasonText(reason)}</span>
                  <span class="outcome-count">{formatNumber(n)}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p class="small muted">No handoffs in this period.</p>
          )}
          <p class="small agent-unanswered">
            <strong>{formatNumber(a.unansweredQuestions)}</strong>{' '}
            {a.unansweredQuestions === 1 ? 'question' : 'questions'} found nothing in the agent's knowledge.
          </p>
        </section>
      </div>
    </>
  );
}
