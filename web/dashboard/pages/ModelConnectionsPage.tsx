/**
 * Model connections: the workspace's OpenAI-compatible providers its AI agents answer with.
 * Admins add, edit, test and delete them (routes.ts `adminOnly`: a connection spends the
 * workspace's money at the provider). The key is never shown after it is typed.
 */
import './modelConnections/modelConnections.css';
import { useState } from 'preact/hooks';
import type { ApiError } from '../api.js';
import {
  Badge,
  Button,
  Card,
  type Column,
  ConfirmDialog,
  EmptyState,
  Icon,
  PageHeader,
  Table,
  listGate,
  useConfirmedAction,
  useLoad,
  useToast,
} from '../ui/index.js';
import { ConnectionModal } from './modelConnections/ConnectionModal.js';
import {
  type ConnectionTest,
  type ModelConnection,
  modelConnectionApi,
} from './modelConnections/modelConnectionApi.js';

type Tested = Record<string, ConnectionTest | 'testing'>;

function TestResult({ result }: { result: ConnectionTest | 'testing' | undefined }) {
  if (!result) return <span class="muted small">Not tested yet</span>;
  if (result === 'testing') return <span class="muted small">Asking the provider…</span>;
  if (result.ok)
    return (
      <span role="status">
        <Badge tone="success">Works</Badge>
        <span class="cell-sub">The provider answered with the chat model.</span>
      </span>
    );
  return (
    <span role="status" class="test-failure">
      <Badge tone="danger">Failed</Badge>
      <span class="cell-sub cell-sub-wrap">{result.error}</span>
    </span>
  );
}

export function ModelConnectionsPage() {
  const toast = useToast();
  const list = useLoad(() => modelConnectionApi.list(), []);
  const [editing, setEditing] = useState<ModelConnection | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const deleting = useConfirmedAction(async (c: ModelConnection) => {
    await modelConnectionApi.remove(c.id);
    list.reload();
    return 'Model connection deleted.';
  });
  const [tested, setTested] = useState<Tested>({});

  const connections = list.data?.data ?? [];
  const full = list.data ? connections.length >= list.data.limit : false;
  const openModal = (c: ModelConnection | null) => {
    setEditing(c);
    setModalOpen(true);
  };
  const test = async (c: ModelConnection) => {
    setTested((t) => ({ ...t, [c.id]: 'testing' }));
    try {
      const r = await modelConnectionApi.test(c.id);
      setTested((t) => ({ ...t, [c.id]: r.data }));
    } catch (err) {
      setTested((t) => ({ ...t, [c.id]: { ok: false, error: (err as ApiError).message } }));
    }
  };
  const addButton = list.data && (
    <Button
      variant="primary"
      icon={<Icon name="plus" size={16} />}
      onClick={() => openModal(null)}
      disabled={full}
      title={full ? `A workspace has at most ${list.data.limit} connections` : undefined}
    >
      Add connection
    </Button>
  );

  const columns: Column<ModelConnection>[] = [
    {
      key: 'name',
      header: 'Connection',
      render: (c) => (
        <>
          <span class="cell-text">{c.name}</span>
          <span class="cell-sub mono">{c.baseUrl}</span>
        </>
      ),
    },
    {
      key: 'models',
      header: 'Models',
      render: (c) => (
        <>
          <span class="mono">{c.chatModel}</span>
          <span class="cell-sub">{c.embeddingModel ? `Embeddings: ${c.embeddingModel}` : 'No embedding model'}</span>
        </>
      ),
    },
    { key: 'test', header: 'Test', render: (c) => <TestResult result={tested[c.id]} /> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      unlabeled: true,
      render: (c) => (
        <span class="actions-cell">
          <Button
            size="sm"
            busy={tested[c.id] === 'testing'}
            onClick={() => void test(c)}
            aria-label={`Test connection ${c.name}`}
          >
            Test connection
          </Button>
          <Button size="sm" onClick={() => openModal(c)} aria-label={`Edit ${c.name}`}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={() => deleting.ask(c)} aria-label={`Delete ${c.name}`}>
            Delete
          </Button>
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Model connections"
        description="The OpenAI-compatible providers your AI agents answer with: OpenAI, Azure, Mistral, a self-hosted Ollama or vLLM. Your key, your bill."
        actions={addButton}
      />
      {listGate(list, 'Model connections')}
      {list.data && (
        <div class="stack">
          {list.data.platform && (
            <div class="callout" role="note">
              <Icon name="sparkle" />
              <p class="small">
                Your operator provides a default model, <span class="mono">{list.data.platform.chatModel}</span> at{' '}
                <span class="mono">{list.data.platform.baseUrl}</span>. Add your own connection to use your own key and
                models.
              </p>
            </div>
          )}
          {connections.length === 0 ? (
            <EmptyState title="No model connections yet" icon={<Icon name="sparkle" size={28} />} action={addButton}>
              <p>
                Add a connection with your provider's base URL and API key, then make a chatbot an AI agent on its Agent
                tab.
              </p>
            </EmptyState>
          ) : (
            <Card
              title="Connections"
              description={`${connections.length} of ${list.data.limit} connections. Keys are encrypted and never shown again.`}
              padded={false}
              class="model-connections"
            >
              <Table columns={columns} rows={connections} rowKey={(c) => c.id} caption="Model connections" />
            </Card>
          )}
        </div>
      )}
      <ConnectionModal
        open={modalOpen}
        editing={editing}
        onClose={() => setModalOpen(false)}
        onSaved={(c, created) => {
          toast(created ? 'Model connection added. Test it to be sure the key works.' : 'Model connection saved.');
          setTested(({ [c.id]: _stale, ...rest }) => rest);
          list.reload();
        }}
      />
      <ConfirmDialog
        open={!!deleting.item}
        title="Delete this model connection?"
        confirmLabel="Delete connection"
        busy={deleting.busy}
        onCancel={deleting.cancel}
        onConfirm={deleting.confirm}
      >
        <p>
          <strong>{deleting.item?.name}</strong> and its stored key are deleted. Agents that use it stop answering:
          their visitors are passed to a person until you pick another connection. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
