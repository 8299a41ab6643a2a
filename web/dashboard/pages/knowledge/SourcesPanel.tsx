/**
 * The workspace's knowledge sources: each with its status (and the reason when indexing failed),
 * what it held, and the plan's limits; add, re-index, delete after a confirmation. While a source
 * is queued or processing the list is read again, less often the longer it takes, and not while
 * the page is in a background tab; it stops once every source is ready or failed.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiError } from '../../api.js';
import {
  Button,
  Card,
  type Column,
  ConfirmDialog,
  EmptyState,
  Icon,
  Table,
  formatBytes,
  formatDateTime,
  formatNumber,
  listGate,
  useConfirmedAction,
  type Loaded,
  useToast,
} from '../../ui/index.js';
import { AddSourceModal } from './AddSourceModal.js';
import { inProgress, knowledgeApi, type Source, type SourceLimits, type SourceList } from './knowledgeApi.js';
import { SourceStatus } from './SourceStatus.js';

const FIRST_POLL_MS = 1500;
const MAX_POLL_MS = 15_000;

/** Reads the list again while a source is being indexed, backing off; none in progress: no timer. */
function usePolling(list: Loaded<SourceList>) {
  const indexing = !!list.data?.data.some(inProgress);
  const delay = useRef(FIRST_POLL_MS);
  // One read per list seen: each fresh list schedules the next read, a little later each time.
  useEffect(() => {
    if (!indexing) {
      delay.current = FIRST_POLL_MS;
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      if (document.hidden) return (timer = setTimeout(tick, delay.current));
      knowledgeApi.list().then(
        (fresh) => !stopped && list.set(fresh),
        () => !stopped && (timer = setTimeout(tick, delay.current)),
      );
    };
    timer = setTimeout(tick, delay.current);
    delay.current = Math.min(delay.current * 1.5, MAX_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [indexing, list.data]);
}

const FORMAT: Record<NonNullable<Source['format']>, string> = {
  text: 'Text file',
  markdown: 'Markdown',
  html: 'HTML',
  pdf: 'PDF',
  docx: 'Word',
};
function kindOf(s: Source): string {
  if (s.type === 'url') return s.sitemap ? 'Sitemap' : 'Web page';
  return s.type === 'file' ? FORMAT[s.format ?? 'text'] : 'Text';
}
const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

function SourceName({ s }: { s: Source }) {
  const detail = s.type === 'url' ? s.url : s.type === 'file' ? s.fileName : null;
  return (
    <>
      <span class="cell-text">{s.title}</span>
      <span class="cell-sub">
        {kindOf(s)}
        {detail ? ` · ${detail}` : ''}
      </span>
    </>
  );
}

function limitText(used: number, limit: number | null, unit: (n: number) => string) {
  return limit === null ? `${unit(used)} (no limit)` : `${unit(used)} of ${unit(limit)}`;
}

function Limits({ sources, limits }: { sources: Source[]; limits: SourceLimits }) {
  const bytes = sources.reduce((sum, s) => sum + s.sizeBytes, 0);
  return (
    <dl class="knowledge-limits">
      <div>
        <dt>Sources</dt>
        <dd>{limitText(sources.length, limits.sources, formatNumber)}</dd>
      </div>
      <div>
        <dt>Total size</dt>
        <dd>{limitText(bytes, limits.totalBytes, formatBytes)}</dd>
      </div>
      <div>
        <dt>Web pages a day</dt>
        <dd>{limits.pagesPerDay === null ? 'No limit' : formatNumber(limits.pagesPerDay)}</dd>
      </div>
    </dl>
  );
}

export function SourcesPanel({ list }: { list: Loaded<SourceList> }) {
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [reindexing, setReindexing] = useState<string | null>(null);
  usePolling(list);
  const deleting = useConfirmedAction(async (s: Source) => {
    await knowledgeApi.remove(s.id);
    if (list.data) list.set({ ...list.data, data: list.data.data.filter((x) => x.id !== s.id) });
    return `${s.title} deleted.`;
  });
  const replace = (s: Source) =>
    list.data && list.set({ ...list.data, data: list.data.data.map((x) => (x.id === s.id ? s : x)) });
  const reindex = async (s: Source) => {
    setReindexing(s.id);
    try {
      replace((await knowledgeApi.reindex(s.id)).data);
      toast(`${s.title} is being indexed again.`);
    } catch (err) {
      toast((err as ApiError).message, 'error');
    } finally {
      setReindexing(null);
    }
  };

  const gate = listGate(list, 'Knowledge sources');
  if (gate || !list.data) return <>{gate}</>;
  const sources = list.data.data;
  const { limits } = list.data;
  const full = limits.sources !== null && sources.length >= limits.sources;
  const addButton = (
    <Button
      variant="primary"
      icon={<Icon name="plus" size={16} />}
      onClick={() => setAdding(true)}
      disabled={full}
      title={full ? `Your plan holds ${limits.sources} sources: delete one or upgrade` : undefined}
    >
      Add source
    </Button>
  );

  const columns: Column<Source>[] = [
    { key: 'title', header: 'Source', render: (s) => <SourceName s={s} /> },
    { key: 'status', header: 'Status', render: (s) => <SourceStatus source={s} /> },
    {
      key: 'counts',
      header: 'Contents',
      render: (s) =>
        !s.indexedAt ? (
          <span class="muted small">{s.status === 'failed' ? 'Nothing indexed' : 'Counted once indexed'}</span>
        ) : (
          <>
            <span class="small nowrap">
              {plural(s.chunks, 'passage', 'passages')} · {plural(s.pages, 'page', 'pages')}
            </span>
            <span class="cell-sub">{formatBytes(s.sizeBytes)}</span>
          </>
        ),
    },
    {
      key: 'indexed',
      header: 'Indexed',
      hideOnPhone: true,
      render: (s) => <span class="small">{s.indexedAt ? formatDateTime(s.indexedAt) : 'Not yet'}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      unlabeled: true,
      render: (s) => (
        <span class="actions-cell">
          <Button
            size="sm"
            busy={reindexing === s.id}
            disabled={inProgress(s)}
            onClick={() => void reindex(s)}
            aria-label={`Re-index ${s.title}`}
          >
            Re-index
          </Button>
          <Button size="sm" variant="ghost" onClick={() => deleting.ask(s)} aria-label={`Delete ${s.title}`}>
            Delete
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div class="stack">
      {sources.length === 0 ? (
        <EmptyState title="No knowledge sources yet" icon={<Icon name="book" size={28} />} action={addButton}>
          <p>
            Paste your FAQ, upload a handbook or point to your help pages. Once indexed, choose them on a chatbot's
            Agent tab and its answers cite them.
          </p>
        </EmptyState>
      ) : (
        <Card
          title="Sources"
          description="An agent answers only from the sources chosen on its Agent tab."
          actions={addButton}
          padded={false}
          class="knowledge-sources"
        >
          <Table columns={columns} rows={sources} rowKey={(s) => s.id} caption="Knowledge sources" />
        </Card>
      )}
      <Card title="Your plan" description="What the workspace's sources may hold.">
        <Limits sources={sources} limits={limits} />
      </Card>
      <AddSourceModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(s) => {
          toast(`${s.title} added. It is indexed in the background.`);
          if (list.data) list.set({ ...list.data, data: [...list.data.data, s] });
        }}
      />
      <ConfirmDialog
        open={!!deleting.item}
        title="Delete this source?"
        confirmLabel="Delete source"
        busy={deleting.busy}
        onCancel={deleting.cancel}
        onConfirm={deleting.confirm}
      >
        <p>
          <strong>{deleting.item?.title}</strong> and its indexed passages are deleted. Agents stop citing it at once.
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
