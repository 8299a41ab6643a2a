import type { ComponentChildren } from 'preact';
/** Responses: every conversation of the workspace, filterable, newest first, one page at a time. */
import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  ErrorState,
  Icon,
  PageHeader,
  Select,
  Skeleton,
  Table,
  TextField,
  formatDateTime,
  formatShortDateTime,
  formatNumber,
  useLoad,
  type Column,
} from '../ui/index.js';
import { chatbotApi } from './chatbots/chatbotApi.js';
import {
  exportUrl,
  firstAnswer,
  outcomeOf,
  responseApi,
  type ResponseFilters,
  type ResponseRecord,
} from './responses/responseApi.js';

const EMPTY: ResponseFilters = { chatbotId: '', startDate: '', endDate: '', resolution: '', visitorId: '' };
const OUTCOMES = [
  { value: '', label: 'Any outcome' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'escalated', label: 'Escalated' },
  { value: 'ended', label: 'Ended by the visitor' },
  { value: 'active', label: 'In progress' },
] as const;

const columns: Column<ResponseRecord>[] = [
  {
    key: 'date',
    header: 'Date',
    render: (r) => (
      <Link href={`/responses/${r._id}`} class="row-link nowrap">
        {formatShortDateTime(r.chatDate)}
      </Link>
    ),
  },
  { key: 'bot', header: 'Chatbot', render: (r) => <span class="cell-text">{r.chatbotName}</span> },
  {
    key: 'visitor',
    header: 'Visitor',
    hideOnPhone: true,
    render: (r) => (
      <>
        <span class="cell-text">{firstAnswer(r) || '—'}</span>
        <span class="cell-sub mono">{r.visitorId}</span>
      </>
    ),
  },
  {
    key: 'turns',
    header: 'Messages',
    align: 'right',
    hideOnPhone: true,
    render: (r) => formatNumber(r.turnCount ?? 0),
  },
  {
    key: 'outcome',
    header: 'Outcome',
    render: (r) => {
      const o = outcomeOf(r);
      return <Badge tone={o.tone}>{o.label}</Badge>;
    },
  },
  {
    key: 'open',
    header: 'Conversation',
    align: 'right',
    hideOnPhone: true,
    unlabeled: true,
    render: (r) => (
      <Link
        href={`/responses/${r._id}`}
        class="btn btn-ghost btn-sm"
        aria-label={`Open the conversation of ${formatDateTime(r.chatDate)}`}
      >
        Open
      </Link>
    ),
  },
];

export function ResponsesPage() {
  const [draft, setDraft] = useState<ResponseFilters>(EMPTY);
  const [filters, setFilters] = useState<ResponseFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const bots = useLoad(() => chatbotApi.list(), []);
  const list = useLoad(() => responseApi.list(filters, page), [filters, page]);
  const filtered = JSON.stringify(filters) !== JSON.stringify(EMPTY);
  const set = (k: keyof ResponseFilters) => (v: string) => setDraft({ ...draft, [k]: v });
  // A reversed range can match nothing: say so at the dates and keep the list as it is.
  const rangeError =
    draft.startDate && draft.endDate && draft.endDate < draft.startDate ? 'Pick a date on or after “From”.' : null;
  const apply = (e?: Event) => {
    e?.preventDefault();
    if (rangeError) {
      document.querySelector<HTMLInputElement>('input[name="endDate"]')?.focus();
      return;
    }
    setFilters(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(EMPTY);
    setFilters(EMPTY);
    setPage(1);
  };
  const botOptions = [
    { value: '', label: 'All chatbots' },
    ...(bots.data?.data ?? []).map((b) => ({ value: b.id, label: b.name })),
  ];

  // A file holds one chatbot's conversations (its columns are that chatbot's answers).
  const exportActions = filters.chatbotId ? (
    <div class="row">
      <ButtonLink size="sm" href={exportUrl(filters, 'csv')} download>
        <Icon name="download" size={16} />
        Download CSV
      </ButtonLink>
      <ButtonLink size="sm" href={exportUrl(filters, 'ndjson')} download>
        <Icon name="download" size={16} />
        Download NDJSON
      </ButtonLink>
    </div>
  ) : (
    <span class="muted small">Choose a chatbot and apply to download its conversations</span>
  );

  let body: ComponentChildren;
  if (list.error) body = <ErrorState error={list.error} onRetry={list.reload} />;
  else if (!list.data) body = <Skeleton lines={6} label="Loading responses…" />;
  else if (list.data.data.length === 0)
    body = filtered ? (
      <EmptyState title="No responses match these filters" action={<Button onClick={clear}>Clear filters</Button>}>
        Try a wider date range or another outcome.
      </EmptyState>
    ) : (
      <EmptyState
        title="No responses yet"
        icon={<Icon name="inbox" size={28} />}
        action={
          <Link href="/chatbots" class="btn btn-secondary">
            Get the embed code
          </Link>
        }
      >
        A response is stored when a visitor answers your chatbot for the first time.
      </EmptyState>
    );
  else
    body = (
      <>
        <Table caption="Responses" columns={columns} rows={list.data.data} rowKey={(r) => r._id} />
        <nav class="pagination" aria-label="Pages of responses">
          <span class="muted small">
            {formatNumber(list.data.total)} response{list.data.total === 1 ? '' : 's'} · page {list.data.page} of{' '}
            {Math.max(1, list.data.totalPages)}
          </span>
          <div class="row">
            <Button size="sm" disabled={page <= 1 || list.loading} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button size="sm" disabled={page >= list.data.totalPages || list.loading} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        </nav>
      </>
    );

  return (
    <>
      <PageHeader title="Responses" description="Every conversation in which a visitor answered, newest first." />
      <Card title="Filters" padded>
        {/* noValidate: the dates' min/max only guide the pickers; the range is judged (and said) here. */}
        <form class="filters" onSubmit={apply} aria-label="Filter responses" noValidate>
          <Select label="Chatbot" value={draft.chatbotId} options={botOptions} onChange={set('chatbotId')} />
          <TextField
            label="From"
            type="date"
            value={draft.startDate}
            onInput={set('startDate')}
            inputProps={{ max: draft.endDate || undefined }}
          />
          <TextField
            label="To"
            type="date"
            value={draft.endDate}
            onInput={set('endDate')}
            error={rangeError}
            name="endDate"
            inputProps={{ min: draft.startDate || undefined }}
          />
          <Select
            label="Outcome"
            value={draft.resolution}
            options={OUTCOMES as unknown as { value: ResponseFilters['resolution']; label: string }[]}
            onChange={set('resolution')}
          />
          <TextField label="Visitor ID" value={draft.visitorId} onInput={set('visitorId')} placeholder="Exact ID" />
          <div class="row filters-actions">
            <Button variant="primary" type="submit" icon={<Icon name="search" size={16} />}>
              Apply
            </Button>
            {filtered && (
              <Button variant="ghost" onClick={clear}>
                Clear
              </Button>
            )}
          </div>
        </form>
      </Card>
      <Card padded={false} title="Conversations" actions={exportActions}>
        {body}
      </Card>
    </>
  );
}
