/**
 * The delivery log of one webhook (the last 30 days, newest first, 25 per page): status code,
 * response time, error, and the payload on demand; admins may resend a delivery while the
 * webhook is active.
 */
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, type ApiError, DASHBOARD_API, query } from '../../api.js';
import { Badge, Button, EmptyState, ErrorState, Icon, Skeleton, formatDateTime, useToast } from '../../ui/index.js';
import type { DeliveryEntry, DeliveryPage, Webhook } from './types.js';

function StatusBadge({ entry }: { entry: DeliveryEntry }) {
  if (entry.success) return <Badge tone="success">{entry.statusCode}</Badge>;
  return <Badge tone="danger">{entry.statusCode ?? 'No answer'}</Badge>;
}

function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

function EntryDetail({ entry }: { entry: DeliveryEntry }) {
  return (
    <div class="log-detail">
      {entry.error && (
        <div class="callout callout-danger">
          <div>
            <h3>Error</h3>
            <p class="small">{entry.error}</p>
          </div>
        </div>
      )}
      <div>
        <h4>Payload</h4>
        <pre class="code-block" tabIndex={0} aria-label="Payload">
          {pretty(entry.payload)}
        </pre>
      </div>
      {entry.response && (
        <div>
          <h4>Response body</h4>
          <pre class="code-block" tabIndex={0} aria-label="Response body">
            {entry.response}
          </pre>
        </div>
      )}
      <div>
        <h4>Request</h4>
        <dl class="kv">
          <dt>URL</dt>
          <dd>{entry.requestUrl}</dd>
          <dt>Delivery id</dt>
          <dd>{entry.deliveryId}</dd>
          {entry.resentFrom && (
            <>
              <dt>Resends</dt>
              <dd>{entry.resentFrom}</dd>
            </>
          )}
          {Object.entries(entry.requestHeaders).map(([k, v]) => (
            <Fragment key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
    </div>
  );
}

export function DeliveryLog({ webhook, canWrite }: { webhook: Webhook; canWrite: boolean }) {
  const toast = useToast();
  const [rows, setRows] = useState<DeliveryEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError | null>(null);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [resending, setResending] = useState<string | null>(null);
  const [seq, setSeq] = useState(0);

  const load = async (cursor: string | null) => {
    setLoading(true);
    setError(null);
    try {
      const page = await api.get<DeliveryPage>(
        `${DASHBOARD_API}/webhooks/${encodeURIComponent(webhook.id)}/deliveries${query({ cursor })}`,
      );
      setRows((r) => (cursor ? [...r, ...page.data] : page.data));
      setNext(page.nextCursor);
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    setOpen(new Set());
    void load(null);
  }, [webhook.id, seq]);

  const toggle = (id: string) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const resend = async (entry: DeliveryEntry) => {
    setResending(entry.id);
    try {
      await api.send(
        'POST',
        `${DASHBOARD_API}/webhooks/${encodeURIComponent(webhook.id)}/deliveries/${encodeURIComponent(entry.deliveryId)}/resend`,
      );
      toast('Resend queued. It shows in the log once sent.');
      // The dispatcher sends within a second or so; refresh a moment later.
      setTimeout(() => setSeq((n) => n + 1), 1500);
    } catch (err) {
      toast((err as ApiError).message, 'error');
    } finally {
      setResending(null);
    }
  };
  const resendBlocked =
    webhook.status === 'failed'
      ? 'Reactivate the webhook to resend'
      : webhook.status === 'paused'
        ? 'Resume the webhook to resend'
        : null;

  return (
    <section aria-label="Delivery log">
      <div class="pagination log-head">
        <p class="small muted">
          Every attempt of the last 30 days, newest first.{resendBlocked && canWrite ? ` ${resendBlocked}.` : ''}
        </p>
        <Button size="sm" onClick={() => setSeq((n) => n + 1)} busy={loading && rows.length > 0}>
          Refresh
        </Button>
      </div>
      {error && (
        <div class="card-body">
          <ErrorState error={error} onRetry={() => setSeq((n) => n + 1)} title="The log could not load" />
        </div>
      )}
      {!error && loading && rows.length === 0 && (
        <div class="card-body">
          <Skeleton lines={4} label="Loading the delivery log" />
        </div>
      )}
      {!error && !loading && rows.length === 0 && (
        <EmptyState title="No deliveries yet" icon={<Icon name="inbox" size={26} />}>
          <p>
            Deliveries appear here when a subscribed event happens in {webhook.chatbot.name ?? 'the chatbot'}'s
            conversations.
          </p>
        </EmptyState>
      )}
      {rows.length > 0 && (
        <ul class="log-list">
          {rows.map((entry) => {
            const expanded = open.has(entry.id);
            return (
              <li key={entry.id} class="log-item">
                <div class="log-row">
                  <button
                    type="button"
                    class="log-toggle"
                    aria-expanded={expanded}
                    aria-controls={`log-${entry.id}`}
                    aria-label={`Details of ${entry.event} at ${formatDateTime(entry.createdAt)}`}
                    onClick={() => toggle(entry.id)}
                  >
                    <Icon name="right" size={16} />
                  </button>
                  <span class="log-status">
                    <StatusBadge entry={entry} />
                  </span>
                  <span class="log-main">
                    <span class="log-event mono">{entry.event}</span>
                    <span class="log-meta">
                      {' '}
                      · attempt {entry.attempt}
                      {entry.resentFrom ? ' · resend' : ''}
                    </span>
                    {entry.error && <span class="cell-sub">{entry.error}</span>}
                  </span>
                  <span class="log-when log-meta">{formatDateTime(entry.createdAt)}</span>
                  <span class="log-ms">{entry.responseMs} ms</span>
                  <span class="log-action">
                    {canWrite && (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={!!resendBlocked}
                        title={resendBlocked ?? undefined}
                        busy={resending === entry.id}
                        onClick={() => resend(entry)}
                        aria-label={`Resend ${entry.event} delivery ${entry.deliveryId}`}
                      >
                        Resend
                      </Button>
                    )}
                  </span>
                </div>
                {expanded && (
                  <div id={`log-${entry.id}`}>
                    <EntryDetail entry={entry} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {next && (
        <div class="pagination">
          <span class="small muted">{rows.length} attempts shown</span>
          <Button size="sm" busy={loading} onClick={() => load(next)}>
            Load older
          </Button>
        </div>
      )}
    </section>
  );
}
