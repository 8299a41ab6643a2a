/** Analytics: responses per day for one chatbot or all, over 7, 30 or 90 days, with totals. */
import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { api, DASHBOARD_API, query } from '../api.js';
import {
  Card,
  EmptyState,
  ErrorState,
  Icon,
  PageHeader,
  Select,
  Skeleton,
  formatNumber,
  useLoad,
} from '../ui/index.js';
import { chatbotApi } from './chatbots/chatbotApi.js';
import { DailyChart, DailyTable } from './analytics/DailyChart.js';
import type { Answer } from '../apiTypes.js';

type Analytics = Answer<'/api/v1/dashboard/analytics', 'get'>['data'];

const PERIODS = [7, 30, 90] as const;

function Stat({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <Card>
      <p class="stat-label">{label}</p>
      <p class="stat-value">{value}</p>
      {sub && <p class="stat-sub">{sub}</p>}
    </Card>
  );
}

export function AnalyticsPage() {
  const [chatbotId, setChatbotId] = useState('');
  const [days, setDays] = useState<number>(30);
  const bots = useLoad(() => chatbotApi.list(), []);
  const report = useLoad(
    () => api.get<{ data: Analytics }>(`${DASHBOARD_API}/analytics${query({ chatbotId, days })}`),
    [chatbotId, days],
  );
  const a = report.data?.data;
  const botName = chatbotId
    ? (bots.data?.data.find((b) => b.id === chatbotId)?.name ?? 'this chatbot')
    : 'all chatbots';
  const busiest = a?.dailyCounts.reduce((m, d) => (d.count > m.count ? d : m), { date: '', count: 0 });
  const noBots = bots.data && bots.data.data.length === 0;

  return (
    <>
      <PageHeader title="Analytics" description="Responses per day: conversations in which a visitor answered." />
      <div class="row row-between" style={{ marginBottom: '20px', alignItems: 'flex-end' }}>
        <div style={{ minWidth: '220px', flex: '0 1 320px' }}>
          <Select
            label="Chatbot"
            value={chatbotId}
            onChange={setChatbotId}
            options={[
              { value: '', label: 'All chatbots' },
              ...(bots.data?.data ?? []).map((b) => ({ value: b.id, label: b.name })),
            ]}
          />
        </div>
        <div class="segmented" role="group" aria-label="Period">
          {PERIODS.map((p) => (
            <button key={p} type="button" aria-pressed={days === p} onClick={() => setDays(p)}>
              {p} days
            </button>
          ))}
        </div>
      </div>
      {noBots ? (
        <EmptyState
          title="No chatbots yet"
          icon={<Icon name="chart" size={28} />}
          action={
            <Link href="/chatbots" class="btn btn-primary">
              Create a chatbot
            </Link>
          }
        >
          Analytics appear once a chatbot has conversations.
        </EmptyState>
      ) : report.error && !a ? (
        <ErrorState error={report.error} onRetry={report.reload} />
      ) : !a ? (
        <Card>
          <Skeleton lines={6} label="Loading analytics…" />
        </Card>
      ) : (
        <div class="stack" aria-busy={report.loading}>
          <div class="grid grid-3">
            <Stat
              label={`Responses · last ${days} days`}
              value={formatNumber(a.recentResponses)}
              sub={`${(a.recentResponses / days).toFixed(1)} a day on average`}
            />
            <Stat
              label="Busiest day"
              value={busiest && busiest.count > 0 ? formatNumber(busiest.count) : '—'}
              sub={
                busiest && busiest.count > 0
                  ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
                      new Date(`${busiest.date}T00:00:00Z`),
                    )
                  : 'No responses in this period'
              }
            />
            <Stat label="All time" value={formatNumber(a.totalResponses)} sub={`Responses of ${botName}`} />
          </div>
          <Card
            title="Responses per day"
            description={`${botName[0]!.toUpperCase()}${botName.slice(1)}, last ${days} days (UTC)`}
          >
            <DailyChart
              days={a.dailyCounts}
              emptyText={`No responses in the last ${days} days yet`}
              description={`Bar chart: responses per day of ${botName} over the last ${days} days, ${a.recentResponses} in total.`}
            />
            <DailyTable days={a.dailyCounts} />
          </Card>
        </div>
      )}
    </>
  );
}
