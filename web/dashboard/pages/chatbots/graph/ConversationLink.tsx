/**
 * A what-if row's way to the conversation it replayed: its response record. A conversation whose
 * visitor never wrote has no record, so its start time shows as plain text.
 */
import { Link } from 'wouter-preact';
import { formatDateTime } from '../../../ui/index.js';

export function ConversationLink({ responseId, startedAt }: { responseId: string | null; startedAt: string }) {
  const when = formatDateTime(startedAt);
  if (!responseId) return <span title="The visitor never wrote: there is no response record">{when}</span>;
  return (
    <Link class="conversation-link" href={`/responses/${encodeURIComponent(responseId)}`}>
      {when}
    </Link>
  );
}
