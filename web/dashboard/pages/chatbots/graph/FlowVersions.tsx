/**
 * The published versions of a flow, newest first: each can be viewed, compared with the one
 * before it ("changes since"), and published again (a rollback: new conversations start on it,
 * running ones finish on theirs).
 */
import { useState } from 'preact/hooks';
import type { ApiError } from '../../../api.js';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Modal,
  Skeleton,
  Table,
  formatDateTime,
  useLoad,
  useToast,
} from '../../../ui/index.js';
import { ReadOnlyFlow, type ReadOnlyFlowProps } from '../ReadOnlyFlow.js';
import { type FlowVersion, type VersionDiff, flowApi } from './flowApi.js';

type Row = { version: number; publishedAt: string };

function DiffList({ diff }: { diff: VersionDiff }) {
  const groups: [string, string[]][] = [
    ['Added', diff.added],
    ['Changed', diff.changed],
    ['Removed', diff.removed],
  ];
  const none = groups.every(([, ids]) => ids.length === 0) && !diff.startChanged;
  if (none) return <p>No step changed.</p>;
  return (
    <dl class="answers diff-list">
      {groups
        .filter(([, ids]) => ids.length > 0)
        .map(([label, ids]) => (
          <div key={label} class="diff-group">
            <dt>{label}</dt>
            <dd>
              {ids.map((id, i) => (
                <span key={id}>
                  {i > 0 && ', '}
                  <code>{id}</code>
                </span>
              ))}
            </dd>
          </div>
        ))}
      {diff.startChanged && (
        <div class="diff-group">
          <dt>Start</dt>
          <dd>The flow starts at another step.</dd>
        </div>
      )}
    </dl>
  );
}

export function FlowVersions({
  chatbotId,
  refresh,
  onPublished,
}: {
  chatbotId: string;
  refresh: number;
  onPublished: () => void;
}) {
  const notify = useToast();
  const versions = useLoad(() => flowApi.versions(chatbotId), [chatbotId, refresh]);
  const [viewing, setViewing] = useState<FlowVersion | null>(null);
  const [diff, setDiff] = useState<VersionDiff | null>(null);
  const [rollback, setRollback] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(null);
    }
  };

  if (versions.loading && !versions.data) return <Skeleton lines={3} label="Loading the versions…" />;
  if (versions.error) return <ErrorState error={versions.error} onRetry={versions.reload} />;
  const rows: Row[] = versions.data?.data ?? [];
  if (rows.length === 0)
    return (
      <EmptyState title="Nothing published yet">
        Publish the draft to make it the version new conversations start on.
      </EmptyState>
    );
  const newest = rows[0]!.version;

  return (
    <>
      {error && (
        <p class="callout callout-danger" role="alert">
          {error}
        </p>
      )}
      <Table<Row>
        caption="Published versions, newest first"
        rows={rows}
        rowKey={(r) => String(r.version)}
        columns={[
          {
            key: 'version',
            header: 'Version',
            render: (r) => (
              <span class="row" style={{ gap: '8px' }}>
                <strong>Version {r.version}</strong>
                {r.version === newest && <Badge tone="success">Live</Badge>}
              </span>
            ),
          },
          { key: 'published', header: 'Published', render: (r) => formatDateTime(r.publishedAt) },
          {
            key: 'actions',
            header: 'Actions',
            unlabeled: true,
            render: (r) => (
              <span class="row version-actions">
                <Button
                  size="sm"
                  busy={busy === `view-${r.version}`}
                  aria-label={`View version ${r.version}`}
                  onClick={() =>
                    void act(`view-${r.version}`, async () =>
                      setViewing((await flowApi.version(chatbotId, r.version)).data),
                    )
                  }
                >
                  View
                </Button>
                {r.version > 1 && (
                  <Button
                    size="sm"
                    busy={busy === `diff-${r.version}`}
                    onClick={() =>
                      void act(`diff-${r.version}`, async () =>
                        setDiff((await flowApi.diff(chatbotId, r.version, r.version - 1)).data),
                      )
                    }
                  >
                    Changes since version {r.version - 1}
                  </Button>
                )}
                {r.version !== newest && (
                  <Button
                    size="sm"
                    aria-label={`Roll back to version ${r.version}`}
                    onClick={() => setRollback(r.version)}
                  >
                    Roll back
                  </Button>
                )}
              </span>
            ),
          },
        ]}
      />
      <Modal open={viewing !== null} title={`Version ${viewing?.version ?? ''}`} wide onClose={() => setViewing(null)}>
        {viewing && (
          <>
            <p class="muted" style={{ marginBottom: '12px' }}>
              Published {formatDateTime(viewing.publishedAt)}
            </p>
            <ReadOnlyFlow
              flow={viewing.flow as unknown as ReadOnlyFlowProps['flow']}
              label={`Steps of version ${viewing.version}`}
            />
          </>
        )}
      </Modal>
      <Modal
        open={diff !== null}
        title={diff ? `Changes in version ${diff.version} since version ${diff.against}` : ''}
        onClose={() => setDiff(null)}
      >
        {diff && <DiffList diff={diff} />}
      </Modal>
      <ConfirmDialog
        open={rollback !== null}
        title={`Roll back to version ${rollback ?? ''}?`}
        confirmLabel="Roll back"
        busy={busy === 'rollback'}
        onCancel={() => setRollback(null)}
        onConfirm={() =>
          void act('rollback', async () => {
            const published = (await flowApi.publish(chatbotId, rollback ?? undefined)).data;
            setRollback(null);
            notify(`Version ${rollback} published again as version ${published.version}`);
            onPublished();
          })
        }
      >
        <p>
          Version {rollback} is published again as a new version: new conversations start on it. Conversations already
          under way finish on the version they started on. Your draft is not changed.
        </p>
      </ConfirmDialog>
    </>
  );
}
