/**
 * Webhooks: endpoints with their status and health, create (secret shown once),
 * pause/resume, reactivate, delete, and the delivery log with resend. The route needs Starter
 * (`minPlan` in routes.ts): the Free plan, which has no webhook access, gets the shell's upgrade
 * notice instead of this page.
 */
import './webhooks/webhooks.css';
import { useEffect, useState } from 'preact/hooks';
import { api, type ApiError, DASHBOARD_API } from '../api.js';
import { isAdmin, useSession } from '../SessionProvider.js';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  Icon,
  PageHeader,
  listGate,
  useConfirmedAction,
  useLoad,
  useToast,
} from '../ui/index.js';
import { CreateWebhookModal } from './webhooks/CreateWebhookModal.js';
import { DeliveryLog } from './webhooks/DeliveryLog.js';
import { statusOf, WebhookActions, WebhookTable, type WebhookAction } from './webhooks/WebhookTable.js';
import type { Webhook, WebhookList } from './webhooks/types.js';

const STATUS_FOR: Partial<Record<WebhookAction, { status: 'active' | 'paused'; done: string }>> = {
  pause: { status: 'paused', done: 'Webhook paused. No events are sent until you resume it.' },
  resume: { status: 'active', done: 'Webhook resumed.' },
  reactivate: { status: 'active', done: 'Webhook reactivated. Deliveries start again with the next event.' },
};

export function WebhooksPage() {
  const canWrite = isAdmin(useSession());
  const toast = useToast();
  const list = useLoad(() => api.get<WebhookList>(`${DASHBOARD_API}/webhooks`), []);
  const [creating, setCreating] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const deleting = useConfirmedAction(async (w: Webhook) => {
    await api.send('DELETE', `${DASHBOARD_API}/webhooks/${encodeURIComponent(w.id)}`);
    list.reload();
    return 'Webhook deleted.';
  });

  const webhooks = list.data?.data ?? [];
  useEffect(() => {
    if (webhooks.length && !webhooks.some((w) => w.id === selectedId)) setSelectedId(webhooks[0].id);
  }, [list.data]);
  const selected = webhooks.find((w) => w.id === selectedId) ?? null;
  const replace = (w: Webhook) =>
    list.data && list.set({ ...list.data, data: list.data.data.map((x) => (x.id === w.id ? w : x)) });

  const onAction = async (w: Webhook, action: WebhookAction) => {
    if (action === 'log') {
      setSelectedId(w.id);
      requestAnimationFrame(() =>
        document.getElementById('delivery-log')?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      );
      return;
    }
    if (action === 'delete') return deleting.ask(w);
    const change = STATUS_FOR[action]!;
    setBusyId(w.id);
    try {
      const r = await api.send<{ data: Webhook }>('PATCH', `${DASHBOARD_API}/webhooks/${encodeURIComponent(w.id)}`, {
        status: change.status,
      });
      replace(r.data);
      toast(change.done);
    } catch (err) {
      toast((err as ApiError).message, 'error');
    } finally {
      setBusyId(null);
    }
  };

  const limit = list.data?.limit;
  const full = limit !== null && limit !== undefined && webhooks.length >= limit;
  const noBots = list.data !== null && list.data.chatbots.length === 0;
  const addButton = canWrite && list.data && (
    <Button
      variant="primary"
      icon={<Icon name="plus" size={16} />}
      onClick={() => setCreating(true)}
      disabled={full || noBots}
      title={full ? "Your plan's webhook limit is reached" : noBots ? 'Create a chatbot first' : undefined}
    >
      Add endpoint
    </Button>
  );
  const usage = list.data ? `${webhooks.length}${limit === null ? '' : ` of ${limit}`} endpoints used.` : '';

  return (
    <>
      <PageHeader
        title="Webhooks"
        description={`Signed HTTP POST notifications to your servers when visitors chat. ${usage}`}
        actions={addButton}
      />
      {listGate(list, 'Webhooks', 4)}
      {list.data && webhooks.length === 0 && (
        <EmptyState title="No webhook endpoints yet" icon={<Icon name="webhook" size={28} />} action={addButton}>
          <p>
            {noBots
              ? "Create a chatbot first: a webhook sends the events of one chatbot's conversations."
              : 'Add an endpoint to receive conversation.started, response.created and other events as signed JSON POSTs.'}
          </p>
        </EmptyState>
      )}
      {webhooks.length > 0 && (
        <div class="stack">
          <Card title="Endpoints" padded={false}>
            <WebhookTable
              webhooks={webhooks}
              selectedId={selectedId}
              canWrite={canWrite}
              busyId={busyId}
              onAction={onAction}
            />
          </Card>
          {selected && (
            <div id="delivery-log">
              <Card
                title="Delivery log"
                description={<span class="mono">{selected.url}</span>}
                actions={
                  <span class="show-phone">
                    <WebhookActions
                      webhook={selected}
                      canWrite={canWrite}
                      busy={busyId === selected.id}
                      onAction={onAction}
                    />
                  </span>
                }
                padded={false}
              >
                {selected.status === 'failed' && (
                  <div class="card-body">
                    <div class="callout callout-danger" role="note">
                      <div>
                        <h3>{statusOf(selected).label}: no events are sent</h3>
                        <p class="small">
                          {statusOf(selected).detail}. Fix the receiver, then reactivate the webhook; resending is
                          possible once it is active again.
                        </p>
                      </div>
                      {canWrite && (
                        <Button
                          size="sm"
                          variant="primary"
                          busy={busyId === selected.id}
                          onClick={() => onAction(selected, 'reactivate')}
                        >
                          Reactivate
                        </Button>
                      )}
                    </div>
                  </div>
                )}
                <DeliveryLog webhook={selected} canWrite={canWrite} />
              </Card>
            </div>
          )}
        </div>
      )}
      {list.data && (
        <CreateWebhookModal
          open={creating}
          list={list.data}
          onClose={() => setCreating(false)}
          onCreated={(w) => {
            list.set({ ...list.data!, data: [w, ...list.data!.data] });
            setSelectedId(w.id);
          }}
        />
      )}
      <ConfirmDialog
        open={!!deleting.item}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        busy={deleting.busy}
        onCancel={deleting.cancel}
        onConfirm={deleting.confirm}
      >
        <p>
          <span class="mono">{deleting.item?.url}</span> stops receiving events, and its delivery log is deleted with
          it. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
