/**
 * A what-if row's way to the conversation it replayed. The report names the chat session; the
 * conversation page is addressed by its response, so the link finds that response among the
 * chatbot's responses of the day the conversation started, when it is followed.
 */
import { useState } from 'preact/hooks';
import { useLocation } from 'wouter-preact';
import type { ApiError } from '../../../api.js';
import { formatDateTime } from '../../../ui/index.js';
import { PAGE_SIZE, responseApi } from '../../responses/responseApi.js';

/** Enough pages for a busy day; past them the row says it could not find the conversation. */
const MAX_PAGES = 25;

async function responseIdOf(chatbotId: string, chatSessionId: string, startedAt: string): Promise<string | null> {
  const day = startedAt.slice(0, 10);
  const filters = { chatbotId, startDate: day, endDate: day, resolution: '' as const, visitorId: '' };
  for (let page = 1; page <= MAX_PAGES; page++) {
    const rows = (await responseApi.list(filters, page)).data;
    const found = rows.find((r) => r.chatSessionId === chatSessionId);
    if (found) return found._id;
    if (rows.length < PAGE_SIZE) return null;
  }
  return null;
}

export function ConversationLink({
  chatbotId,
  chatSessionId,
  startedAt,
}: {
  chatbotId: string;
  chatSessionId: string;
  startedAt: string;
}) {
  const [, navigate] = useLocation();
  const [state, setState] = useState<'idle' | 'finding' | 'missing' | string>('idle');
  const open = async () => {
    setState('finding');
    try {
      const id = await responseIdOf(chatbotId, chatSessionId, startedAt);
      if (id) navigate(`/responses/${encodeURIComponent(id)}`);
      else setState('missing');
    } catch (err) {
      setState((err as ApiError).message);
    }
  };
  return (
    <span class="conversation-link">
      <button
        type="button"
        class="link-button"
        aria-busy={state === 'finding' || undefined}
        onClick={() => void open()}
      >
        {formatDateTime(startedAt)}
      </button>
      {state === 'missing' && <span class="field-hint">No record of this conversation was found.</span>}
      {state !== 'idle' && state !== 'finding' && state !== 'missing' && <span class="field-error">{state}</span>}
    </span>
  );
}
