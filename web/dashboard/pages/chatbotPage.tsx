/** One chatbot: its flow (editor + preview), settings, embed code; enable/disable, duplicate, delete. */
import { useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { Badge, Button, EmptyState, ErrorState, Icon, PageHeader, Skeleton, Tabs, Card, useLoad } from '../ui/index.js';
import { chatbotApi } from './chatbots/chatbotApi.js';
import { useChatbotActions } from './chatbots/chatbotActions.js';
import { FlowPanel } from './chatbots/flowPanel.js';
import { SettingsPanel } from './chatbots/settingsPanel.js';
import { EmbedPanel } from './chatbots/embedPanel.js';

type Tab = 'flow' | 'settings' | 'embed';
const TABS: { key: Tab; label: string }[] = [
  { key: 'flow', label: 'Flow' },
  { key: 'settings', label: 'Settings' },
  { key: 'embed', label: 'Embed' },
];

const back = (
  <Link href="/chatbots" class="back-link">
    <Icon name="left" size={16} /> Chatbots
  </Link>
);

export function ChatbotPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<Tab>('flow');
  const detail = useLoad(() => chatbotApi.get(id), [id]);
  const actions = useChatbotActions((what, changed) => {
    if (what === 'deleted') navigate('/chatbots');
    else if (what === 'duplicated' && changed) navigate(`/chatbots/${changed.data.id}`);
    else if (changed) detail.set(changed);
  });

  if (detail.error && !detail.data) {
    return (
      <>
        <PageHeader title="Chatbot" back={back} />
        {detail.error.status === 404 ? (
          <EmptyState title="Chatbot not found" action={<Link href="/chatbots" class="btn btn-secondary">Back to chatbots</Link>}>
            It was deleted, or it belongs to another workspace.
          </EmptyState>
        ) : (
          <ErrorState error={detail.error} onRetry={detail.reload} />
        )}
      </>
    );
  }
  if (!detail.data) {
    return (
      <>
        <PageHeader title="Chatbot" back={back} />
        <Card padded={false}>
          <Skeleton lines={6} label="Loading the chatbot…" />
        </Card>
      </>
    );
  }
  const d = detail.data;
  const c = d.data;
  return (
    <>
      <PageHeader
        back={back}
        title={
          <span class="row" style={{ gap: '10px' }}>
            {c.name} {c.disabled ? <Badge>Disabled</Badge> : <Badge tone="success">Active</Badge>}
          </span>
        }
        description={c.description || undefined}
        actions={
          <>
            <Button busy={actions.busy === `toggle-${c.id}`} onClick={() => void actions.toggle(c)}>
              {c.disabled ? 'Enable' : 'Disable'}
            </Button>
            <Button busy={actions.busy === `dup-${c.id}`} onClick={() => void actions.duplicate(c)}>
              Duplicate
            </Button>
            <Button variant="danger" onClick={() => actions.askDelete(c)}>
              Delete
            </Button>
          </>
        }
      />
      <Tabs label="Chatbot sections" tabs={TABS} active={tab} onChange={setTab}>
        {tab === 'flow' && <FlowPanel key={c.id} detail={d} onSaved={detail.set} />}
        {tab === 'settings' && <SettingsPanel key={c.id} detail={d} onSaved={detail.set} onToggle={() => void actions.toggle(c)} toggling={actions.busy === `toggle-${c.id}`} />}
        {tab === 'embed' && <EmbedPanel detail={d} />}
      </Tabs>
      {actions.deleteDialog}
    </>
  );
}
