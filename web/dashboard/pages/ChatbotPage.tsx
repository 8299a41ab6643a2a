/**
 * One chatbot: its flow (editor + preview), its AI agent (settings + playground), settings, embed code; enable/disable, duplicate,
 * delete. The Flow, Agent and Settings panels stay mounted while another tab is shown, so a draft in one
 * survives a look at the others; leaving the page with one unsaved asks first.
 */
import { useState } from 'preact/hooks';
import { useLocation } from 'wouter-preact';
import { Badge, BackLink, Button, PageHeader, Tabs, loadGate, useLoad } from '../ui/index.js';
import { chatbotApi } from './chatbots/chatbotApi.js';
import { useChatbotActions } from './chatbots/ChatbotActions.js';
import { FlowPanel } from './chatbots/FlowPanel.js';
import { SettingsPanel } from './chatbots/SettingsPanel.js';
import { EmbedPanel } from './chatbots/EmbedPanel.js';
import { AgentPanel } from './chatbots/AgentPanel.js';
import { discardUnsavedChanges } from '../shell/unsavedChanges.js';

type Tab = 'flow' | 'agent' | 'settings' | 'embed';
const TABS: { key: Tab; label: string }[] = [
  { key: 'flow', label: 'Flow' },
  { key: 'agent', label: 'Agent' },
  { key: 'settings', label: 'Settings' },
  { key: 'embed', label: 'Embed' },
];

const back = <BackLink href="/chatbots">Chatbots</BackLink>;

export function ChatbotPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<Tab>('flow');
  const detail = useLoad(() => chatbotApi.get(id), [id]);
  const actions = useChatbotActions((what, changed) => {
    if (what === 'deleted') {
      // The drafts belonged to the chatbot that is gone: nothing is left to lose.
      discardUnsavedChanges();
      navigate('/chatbots');
    } else if (what === 'duplicated' && changed) navigate(`/chatbots/${changed.data.id}`);
    else if (changed) detail.set(changed);
  });

  const gate = loadGate(detail, {
    title: 'Chatbot',
    listHref: '/chatbots',
    listTitle: 'Chatbots',
    loadingLabel: 'Loading the chatbot…',
    notFound: { title: 'Chatbot not found', text: 'It was deleted, or it belongs to another workspace.' },
  });
  if (gate || !detail.data) return <>{gate}</>;
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
        <div hidden={tab !== 'flow'}>
          <FlowPanel key={c.id} detail={d} onSaved={detail.set} />
        </div>
        <div hidden={tab !== 'agent'}>
          <AgentPanel key={c.id} chatbotId={c.id} />
        </div>
        <div hidden={tab !== 'settings'}>
          <SettingsPanel
            key={c.id}
            detail={d}
            onSaved={detail.set}
            onToggle={() => void actions.toggle(c)}
            toggling={actions.busy === `toggle-${c.id}`}
          />
        </div>
        {tab === 'embed' && <EmbedPanel detail={d} />}
      </Tabs>
      {actions.deleteDialog}
    </>
  );
}
