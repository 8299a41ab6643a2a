/**
 * API keys (the dashboard's API Keys tab): list with role, scopes, created and last used, create
 * with a role and scopes (the key shown once), revoke after a confirmation. Admins only.
 */
import './webhooks/webhooks.css';
import { useState } from 'preact/hooks';
import { api, DASHBOARD_API } from '../api.js';
import { useSession } from '../SessionProvider.js';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  Icon,
  PageHeader,
  Table,
  formatDate,
  formatDateTime,
  listGate,
  useConfirmedAction,
  useLoad,
  type Column,
} from '../ui/index.js';
import { CreateKeyModal } from './apiKeys/CreateKeyModal.js';
import type { ApiKey } from './apiKeys/types.js';

export function ApiKeysPage() {
  const session = useSession();
  const keys = useLoad(() => api.get<{ data: ApiKey[] }>(`${DASHBOARD_API}/api-keys`), []);
  const [creating, setCreating] = useState(false);
  const revoking = useConfirmedAction(async (key: ApiKey) => {
    const r = await api.send<{ data: ApiKey }>('DELETE', `${DASHBOARD_API}/api-keys/${encodeURIComponent(key.id)}`);
    keys.set({ data: (keys.data?.data ?? []).map((k) => (k.id === r.data.id ? r.data : k)) });
    return `Key ${key.prefix}… revoked.`;
  });

  const columns: Column<ApiKey>[] = [
    {
      key: 'key',
      header: 'Key',
      render: (k) => (
        <>
          <span class="url-cell">{k.prefix}…</span>
          <span class="cell-sub">Created {formatDate(k.createdAt)}</span>
          <span class="cell-sub show-phone">
            {k.role === 'admin' ? 'Admin' : 'Member'} · last used{' '}
            {k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'never'}
          </span>
        </>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      hideOnPhone: true,
      render: (k) => (
        <Badge tone={k.role === 'admin' ? 'info' : 'neutral'}>{k.role === 'admin' ? 'Admin' : 'Member'}</Badge>
      ),
    },
    {
      key: 'scopes',
      header: 'Scopes',
      hideOnPhone: true,
      render: (k) => (
        <span class="event-tags">
          {k.scopes.map((s) => (
            <Badge key={s} tone="neutral">
              {s}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      key: 'used',
      header: 'Last used',
      hideOnPhone: true,
      render: (k) => <span class="small">{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      render: (k) =>
        k.revoked ? (
          <>
            <Badge tone="danger">Revoked</Badge>
            <span class="cell-sub">{formatDate(k.revokedAt)}</span>
          </>
        ) : (
          <Badge tone="success">Active</Badge>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      unlabeled: true,
      render: (k) => (
        <span class="actions-cell">
          {!k.revoked && (
            <Button size="sm" variant="ghost" onClick={() => revoking.ask(k)} aria-label={`Revoke key ${k.prefix}`}>
              Revoke
            </Button>
          )}
        </span>
      ),
    },
  ];

  const createButton = (
    <Button variant="primary" icon={<Icon name="plus" size={16} />} onClick={() => setCreating(true)}>
      Create key
    </Button>
  );
  const list = keys.data?.data ?? [];
  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys authenticate calls to the External API in the x-api-key header. Keep them on your servers, never in a web page."
        actions={
          <>
            {/* A page of the service, not of the dashboard: on a workspace host too it is at /docs. */}
            <a href="/docs" class="btn btn-secondary">
              API reference
            </a>
            {createButton}
          </>
        }
      />
      <div class="stack">
        {session.workspace.plan === 'free' && (
          <div class="callout callout-warning" role="note">
            <div>
              <h3>The Free plan has no External API access</h3>
              <p class="small">Keys you create here answer 403 until the workspace moves to Starter or above.</p>
            </div>
          </div>
        )}
        {listGate(keys, 'API keys')}
        {keys.data && list.length === 0 && (
          <EmptyState title="No API keys yet" icon={<Icon name="key" size={28} />} action={createButton}>
            <p>Create a key to call the External API from your server or with the Node and Python SDKs.</p>
          </EmptyState>
        )}
        {list.length > 0 && (
          <Card title="Keys" description="Last used is updated about once a minute." padded={false}>
            <Table columns={columns} rows={list} rowKey={(k) => k.id} caption="API keys" />
          </Card>
        )}
      </div>
      <CreateKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(k) => keys.set({ data: [k, ...list] })}
      />
      <ConfirmDialog
        open={!!revoking.item}
        title="Revoke this API key?"
        confirmLabel="Revoke key"
        busy={revoking.busy}
        onCancel={revoking.cancel}
        onConfirm={revoking.confirm}
      >
        <p>
          Calls with <span class="mono">{revoking.item?.prefix}…</span> are refused with 401 from now on. Anything that
          uses it stops working. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
