/**
 * The questions visitors asked that found nothing in the knowledge sources, newest first, per
 * chatbot or all: what the agent did instead, and a link to the conversation. Each one is a gap
 * to fill with a source.
 */
import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import type { ApiError } from '../../api.js';
import {
  Badge,
  Button,
  Card,
  type Column,
  EmptyState,
  Icon,
  Select,
  Table,
  formatShortDateTime,
  listGate,
  useLoad,
} from '../../ui/index.js';
import type { ChatbotListItem } from '../chatbots/chatbotApi.js';
import { knowledgeApi, type UnansweredPage, type UnansweredQuestion } from './knowledgeApi.js';

const PAGE = 50;
const ACTION: Record<UnansweredQuestion['action'], { tone: 'info' | 'warning' | 'danger'; label: string }> = {
  clarified: { tone: 'info', label: 'Asked to rephrase' },
  handed_off: { tone: 'warning', label: 'Passed to a person' },
  answered_without_source: { tone: 'danger', label: 'Answered without a source' },
};

export function UnansweredPanel({ chatbots }: { chatbots: ChatbotListItem[] }) {
  const [chatbotId, setChatbotId] = useState('');
  const list = useLoad(() => knowledgeApi.unanswered({ chatbotId, limit: PAGE }), [chatbotId]);
  const [more, setMore] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const names = new Map(chatbots.map((c) => [c.id, c.name]));

  const loadMore = async (page: UnansweredPage) => {
    setMore({ busy: true, error: null });
    try {
      const next = await knowledgeApi.unanswered({ chatbotId, limit: PAGE, cursor: page.nextCursor ?? undefined });
      list.set({ ...next, data: [...page.data, ...next.data] });
      setMore({ busy: false, error: null });
    } catch (err) {
      setMore({ busy: false, error: (err as ApiError).message });
    }
  };

  const columns: Column<UnansweredQuestion>[] = [
    {
      key: 'question',
      header: 'Question',
      render: (q) => (
        <>
          <span class="cell-text cell-text-wide">{q.question}</span>
          <span class="cell-sub">{names.get(q.chatbotId) ?? 'A deleted chatbot'}</span>
        </>
      ),
    },
    {
      key: 'action',
      header: 'What the agent did',
      render: (q) => <Badge tone={ACTION[q.action].tone}>{ACTION[q.action].label}</Badge>,
    },
    {
      key: 'asked',
      header: 'Asked',
      render: (q) => <span class="small nowrap">{formatShortDateTime(q.askedAt)}</span>,
    },
    {
      key: 'open',
      header: 'Conversation',
      align: 'right',
      unlabeled: true,
      render: (q) => (
        <Link
          href={`/responses/${q.responseId}`}
          class="row-link nowrap"
          aria-label={`Open the conversation: ${q.question}`}
        >
          Open
        </Link>
      ),
    },
  ];

  const filter = (
    <div class="knowledge-filter">
      <Select
        label="Chatbot"
        value={chatbotId}
        onChange={setChatbotId}
        options={[{ value: '', label: 'All chatbots' }, ...chatbots.map((c) => ({ value: c.id, label: c.name }))]}
      />
    </div>
  );
  const gate = listGate(list, 'Unanswered questions');
  const page = list.data;
  return (
    <div class="stack">
      {filter}
      {gate}
      {page && page.data.length === 0 && (
        <EmptyState title="No unanswered questions" icon={<Icon name="question" size={28} />}>
          <p>
            When an agent finds nothing in its sources for a question, the question is listed here so you can add what
            was missing.
          </p>
        </EmptyState>
      )}
      {page && page.data.length > 0 && (
        <Card
          title="Questions with no source found"
          description="Newest first. Add a source that answers them, then ask again in the playground."
          padded={false}
        >
          <Table columns={columns} rows={page.data} rowKey={(q) => q.id} caption="Unanswered questions" />
          {(page.nextCursor || more.error) && (
            <div class="pagination">
              {more.error && (
                <span class="small field-error" role="alert">
                  {more.error}
                </span>
              )}
              {page.nextCursor && (
                <Button size="sm" busy={more.busy} onClick={() => void loadMore(page)}>
                  Show more
                </Button>
              )}
            </div>
          )}
        </Card>
      )}
    </div>
  );
}
