/**
 * The what-if run: the latest recorded conversations replayed against the saved draft, and what
 * would change: how many take another path, how many would end otherwise (before → after per
 * outcome), and each changed conversation with the step where it leaves its recorded path.
 */
import { useState } from 'preact/hooks';
import type { ApiError } from '../../../api.js';
import { Badge, Button, EmptyState, Table, TextField, formatNumber } from '../../../ui/index.js';
import { ConversationLink } from './ConversationLink.js';
import { type SimulatedConversation, type SimulationReport, flowApi } from './flowApi.js';
import { OUTCOME_LABEL, type OutcomeRow, outcomeRows } from './whatIfSummary.js';

const MAX_LIMIT = 1000;

function Delta({ n }: { n: number }) {
  if (n === 0) return <span class="muted">no change</span>;
  return <Badge tone={n > 0 ? 'info' : 'neutral'}>{n > 0 ? `+${n}` : String(n)}</Badge>;
}

export function WhatIfReport({
  chatbotId,
  beforeRun,
}: {
  chatbotId: string;
  /** Saves unsaved changes first (the run replays the saved draft); false: it could not. */
  beforeRun: () => Promise<boolean>;
}) {
  const [limit, setLimit] = useState('100');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [report, setReport] = useState<SimulationReport | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const n = Number(limit);
  const limitProblem =
    Number.isInteger(n) && n >= 1 && n <= MAX_LIMIT ? null : `Enter a whole number from 1 to ${MAX_LIMIT}.`;
  const rangeProblem = startDate && endDate && endDate < startDate ? 'Pick a date on or after “From”.' : null;

  const run = async () => {
    if (limitProblem || rangeProblem) return;
    setRunning(true);
    setError(null);
    try {
      if (!(await beforeRun())) return;
      const body = { limit: n, ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) };
      setReport((await flowApi.simulate(chatbotId, body)).data);
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setRunning(false);
    }
  };

  const changed = report?.conversations.filter((c) => !c.same) ?? [];
  return (
    <div class="what-if">
      <p class="muted what-if-intro">
        Replays what visitors really answered in recent conversations against your draft. Nothing is sent, stored or
        called.
      </p>
      <form
        class="what-if-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <TextField
          label="Conversations"
          type="number"
          value={limit}
          inputProps={{ min: 1, max: MAX_LIMIT }}
          onInput={setLimit}
          error={limitProblem}
          hint={`The latest ones, up to ${MAX_LIMIT}.`}
        />
        <TextField label="From" aside="optional" type="date" value={startDate} onInput={setStartDate} />
        <TextField label="To" aside="optional" type="date" value={endDate} onInput={setEndDate} error={rangeProblem} />
        <Button variant="primary" type="submit" busy={running}>
          Run what-if
        </Button>
      </form>
      {error && (
        <p class="callout callout-danger" role="alert">
          {error}
        </p>
      )}
      {report && <ReportView report={report} changed={changed} />}
    </div>
  );
}

function ReportView({ report, changed }: { report: SimulationReport; changed: SimulatedConversation[] }) {
  if (report.total === 0)
    return (
      <EmptyState title="No recorded conversations">
        There is nothing to replay in this range yet. Conversations appear here once visitors have talked to the bot.
      </EmptyState>
    );
  return (
    <section class="what-if-report" aria-label="What-if report">
      <div class="stat-row">
        <div class="stat">
          <span class="stat-value">{formatNumber(report.total)}</span>
          <span class="stat-label">conversations replayed</span>
        </div>
        <div class="stat">
          <span class="stat-value">{formatNumber(report.changed)}</span>
          <span class="stat-label">take another path</span>
        </div>
        <div class="stat">
          <span class="stat-value">{formatNumber(report.outcomeChanged)}</span>
          <span class="stat-label">would end otherwise</span>
        </div>
        {report.unknown > 0 && (
          <div class="stat">
            <span class="stat-value">{formatNumber(report.unknown)}</span>
            <span class="stat-label">stop at an HTTP call with no recorded answer</span>
          </div>
        )}
      </div>
      {report.skipped > 0 && (
        <p class="muted">
          {formatNumber(report.skipped)} older conversations were recorded before paths were kept and are not replayed.
        </p>
      )}
      <Table<OutcomeRow>
        caption="Outcomes before and after"
        rows={outcomeRows(report)}
        rowKey={(r) => r.outcome}
        columns={[
          { key: 'outcome', header: 'Outcome', render: (r) => OUTCOME_LABEL[r.outcome] },
          { key: 'before', header: 'As recorded', align: 'right', render: (r) => formatNumber(r.before) },
          { key: 'after', header: 'With the draft', align: 'right', render: (r) => formatNumber(r.after) },
          { key: 'delta', header: 'Change', align: 'right', render: (r) => <Delta n={r.delta} /> },
        ]}
      />
      <h3 class="section-title">Changed conversations</h3>
      {changed.length === 0 ? (
        <p class="muted">Every replayed conversation takes the same path and ends the same way.</p>
      ) : (
        <Table<SimulatedConversation>
          caption="Conversations that would go otherwise"
          rows={changed}
          rowKey={(c) => c.chatSessionId}
          columns={[
            {
              key: 'conversation',
              header: 'Conversation',
              render: (c) => <ConversationLink responseId={c.responseId} startedAt={c.startedAt} />,
            },
            {
              key: 'diverged',
              header: 'Leaves its path at',
              render: (c) => (c.divergedAt ? <code>{c.divergedAt}</code> : <span class="muted">same path</span>),
            },
            {
              key: 'outcome',
              header: 'Outcome',
              render: (c) =>
                c.unknownAt ? (
                  <span>
                    Unknown: stops at <code>{c.unknownAt}</code>, an HTTP call with no recorded answer
                  </span>
                ) : c.before === c.after ? (
                  OUTCOME_LABEL[c.after]
                ) : (
                  <span>
                    {OUTCOME_LABEL[c.before]} → <strong>{OUTCOME_LABEL[c.after]}</strong>
                  </span>
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
