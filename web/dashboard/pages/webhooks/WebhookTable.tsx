/** The webhooks of the workspace: endpoint, events, status and health, and what an admin may do. */
import { Badge, Button, Table, formatDateTime, type Column } from '../../ui/index.js';
import type { Webhook } from './types.js';

export function statusOf(w: Webhook): { tone: 'success' | 'neutral' | 'danger'; label: string; detail: string | null } {
  if (w.status === 'active') return { tone: 'success', label: 'Active', detail: null };
  if (w.status === 'paused') return { tone: 'neutral', label: 'Paused', detail: 'No events are sent' };
  if (w.disabledReason === 'gone')
    return { tone: 'danger', label: 'Disabled', detail: 'The receiver answered 410 Gone' };
  return { tone: 'danger', label: 'Failed', detail: 'Stopped after 10 failed deliveries in a row' };
}

export type WebhookAction = 'log' | 'pause' | 'resume' | 'reactivate' | 'delete';

/** Pause/Resume/Reactivate and Delete of one webhook (in its row; above its log on a phone). */
export function WebhookActions({
  webhook: w,
  canWrite,
  busy,
  onAction,
}: {
  webhook: Webhook;
  canWrite: boolean;
  busy: boolean;
  onAction: (w: Webhook, action: WebhookAction) => void;
}) {
  if (!canWrite) return null;
  return (
    <span class="actions-cell">
      {w.status === 'active' && (
        <Button size="sm" busy={busy} onClick={() => onAction(w, 'pause')} aria-label={`Pause ${w.url}`}>
          Pause
        </Button>
      )}
      {w.status === 'paused' && (
        <Button size="sm" busy={busy} onClick={() => onAction(w, 'resume')} aria-label={`Resume ${w.url}`}>
          Resume
        </Button>
      )}
      {w.status === 'failed' && (
        <Button
          size="sm"
          variant="primary"
          busy={busy}
          onClick={() => onAction(w, 'reactivate')}
          aria-label={`Reactivate ${w.url}`}
        >
          Reactivate
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={() => onAction(w, 'delete')} aria-label={`Delete ${w.url}`}>
        Delete
      </Button>
    </span>
  );
}

export function WebhookTable({
  webhooks,
  selectedId,
  canWrite,
  busyId,
  onAction,
}: {
  webhooks: Webhook[];
  selectedId: string | null;
  canWrite: boolean;
  busyId: string | null;
  onAction: (w: Webhook, action: WebhookAction) => void;
}) {
  const columns: Column<Webhook>[] = [
    {
      key: 'url',
      header: 'Endpoint',
      render: (w) => (
        <>
          <button
            type="button"
            class={`url-cell url-button cell-text cell-text-wide${selectedId === w.id ? ' url-button-current' : ''}`}
            aria-pressed={selectedId === w.id}
            title="Show its delivery log"
            onClick={() => onAction(w, 'log')}
          >
            {w.url}
          </button>
          <span class="cell-sub">
            {w.chatbot.name ?? 'Chatbot'}
            {w.description ? ` · ${w.description}` : ''}
          </span>
          <span class="event-tags hide-phone">
            {w.events.map((e) => (
              <Badge key={e} tone="info">
                {e}
              </Badge>
            ))}
          </span>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (w) => {
        const s = statusOf(w);
        return (
          <>
            <Badge tone={s.tone}>{s.label}</Badge>
            {s.detail && <span class="cell-sub status-detail">{s.detail}</span>}
            {w.failureCount > 0 && <span class="cell-sub show-phone">{w.failureCount} failed in a row</span>}
          </>
        );
      },
    },
    {
      key: 'health',
      header: 'Health',
      hideOnPhone: true,
      render: (w) => (
        <>
          <span class={w.failureCount ? 'fail-count' : 'muted'}>
            {w.failureCount ? `${w.failureCount} failed in a row` : 'No failures'}
          </span>
          <span class="cell-sub">
            {w.lastDeliveryAt ? `Last delivered ${formatDateTime(w.lastDeliveryAt)}` : 'Nothing delivered yet'}
          </span>
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      hideOnPhone: true,
      unlabeled: true,
      render: (w) => <WebhookActions webhook={w} canWrite={canWrite} busy={busyId === w.id} onAction={onAction} />,
    },
  ];
  return <Table columns={columns} rows={webhooks} rowKey={(w) => w.id} caption="Webhook endpoints" />;
}
