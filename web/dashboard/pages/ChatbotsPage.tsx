import type { ComponentChildren } from 'preact';
/** Chatbots: the list with the plan cap, create, duplicate, disable/enable, delete. */
import { useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Icon,
  PageHeader,
  Skeleton,
  Table,
  formatAgo,
  formatDate,
  formatNumber,
  useLoad,
  type Column,
} from '../ui/index.js';
import { useSession } from '../SessionProvider.js';
import { chatbotApi, capReached, capText, type ChatbotListItem } from './chatbots/chatbotApi.js';
import { CreateChatbotModal, useChatbotActions } from './chatbots/ChatbotActions.js';
import { UpgradeCallout } from './overview/UpgradeCallout.js';

export function ChatbotsPage() {
  const s = useSession();
  const [, navigate] = useLocation();
  const list = useLoad(() => chatbotApi.list(), []);
  const [creating, setCreating] = useState(false);
  const actions = useChatbotActions(() => list.reload());
  const full = list.data ? capReached(list.data.cap) : false;

  const columns: Column<ChatbotListItem>[] = [
    {
      key: 'name',
      header: 'Chatbot',
      render: (c) => (
        <>
          <Link href={`/chatbots/${c.id}`} class="row-link cell-text">
            {c.name}
          </Link>
          {c.description && <span class="cell-sub">{c.description}</span>}
          {/* The responses and updated columns are hidden on a phone: their values, in one line. */}
          <span class="cell-sub show-phone">
            {formatNumber(c.responseCount)} {c.responseCount === 1 ? 'response' : 'responses'} · updated{' '}
            {formatAgo(c.updatedAt)}
          </span>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (c) => (c.disabled ? <Badge tone="neutral">Disabled</Badge> : <Badge tone="success">Active</Badge>),
    },
    {
      key: 'responses',
      header: 'Responses',
      align: 'right',
      hideOnPhone: true,
      render: (c) => formatNumber(c.responseCount),
    },
    {
      key: 'updated',
      header: 'Updated',
      hideOnPhone: true,
      render: (c) => <span class="nowrap">{formatDate(c.updatedAt)}</span>,
    },
    {
      // On a phone the row links to the chatbot's page, which has the same actions.
      key: 'actions',
      header: 'Actions',
      align: 'right',
      hideOnPhone: true,
      unlabeled: true,
      render: (c) => (
        <div class="row" style={{ justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
          <Button
            size="sm"
            variant="ghost"
            busy={actions.busy === `dup-${c.id}`}
            disabled={full}
            onClick={() => void actions.duplicate(c)}
            aria-label={`Duplicate ${c.name}`}
            title={full ? "Your plan's chatbot limit is reached" : undefined}
          >
            Duplicate
          </Button>
          <Button
            size="sm"
            variant="ghost"
            busy={actions.busy === `toggle-${c.id}`}
            onClick={() => void actions.toggle(c)}
            aria-label={`${c.disabled ? 'Enable' : 'Disable'} ${c.name}`}
          >
            {c.disabled ? 'Enable' : 'Disable'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => actions.askDelete(c)} aria-label={`Delete ${c.name}`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  const newButton = (
    <Button
      variant="primary"
      icon={<Icon name="plus" />}
      onClick={() => setCreating(true)}
      disabled={!list.data || full}
    >
      New chatbot
    </Button>
  );

  let body: ComponentChildren;
  if (list.error && !list.data) body = <ErrorState error={list.error} onRetry={list.reload} />;
  else if (!list.data)
    body = (
      <Card padded={false}>
        <Skeleton lines={5} label="Loading chatbots…" />
      </Card>
    );
  else if (list.data.data.length === 0)
    body = full ? (
      <UpgradeCallout plan={s.workspace.plan} reason="Chatbots come with a paid plan." />
    ) : (
      <EmptyState title="No chatbots yet" icon={<Icon name="bot" size={28} />} action={newButton}>
        Create your first chatbot, shape its conversation, and paste one line of code on your site.
      </EmptyState>
    );
  else
    body = (
      <Card padded={false} title="All chatbots" description={capText(list.data.cap)}>
        <Table caption="Chatbots" columns={columns} rows={list.data.data} rowKey={(c) => c.id} />
      </Card>
    );

  return (
    <>
      <PageHeader
        title="Chatbots"
        description="Each chatbot has its own conversation flow and embed code."
        actions={list.data && list.data.data.length > 0 ? newButton : undefined}
      />
      {full && list.data && list.data.data.length > 0 && (
        <div class="callout callout-warning" style={{ marginBottom: '20px' }}>
          <div>
            <h2>Your plan's chatbot limit is reached</h2>
            <p>{capText(list.data.cap)}. Delete a chatbot or upgrade your plan to create more.</p>
          </div>
        </div>
      )}
      {body}
      <CreateChatbotModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(c) => {
          setCreating(false);
          navigate(`/chatbots/${c.data.id}`);
        }}
      />
      {actions.deleteDialog}
    </>
  );
}
