/** A source's status as a badge, with the reason under it when indexing failed. */
import { Badge } from '../../ui/index.js';
import type { Source, SourceStatus as Status } from './knowledgeApi.js';

const LOOK: Record<Status, { tone: 'neutral' | 'info' | 'success' | 'danger'; label: string }> = {
  queued: { tone: 'neutral', label: 'Queued' },
  processing: { tone: 'info', label: 'Processing' },
  ready: { tone: 'success', label: 'Ready' },
  failed: { tone: 'danger', label: 'Failed' },
};

export function SourceStatus({ source }: { source: Source }) {
  const look = LOOK[source.status];
  return (
    <>
      <Badge tone={look.tone}>
        {source.status === 'processing' && <span class="spinner spinner-sm" aria-hidden="true" />}
        {look.label}
      </Badge>
      {source.status === 'failed' && source.error && <span class="cell-sub cell-sub-wrap">{source.error}</span>}
    </>
  );
}
