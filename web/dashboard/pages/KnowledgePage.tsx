/**
 * Knowledge: the documents the workspace's AI agents answer from. Sources (add, status, re-index,
 * delete), the questions agents found nothing for, and evaluation runs, each under its tab.
 */
import './knowledge/knowledge.css';
import { useState } from 'preact/hooks';
import { PageHeader, Tabs, useLoad } from '../ui/index.js';
import { chatbotApi, type ChatbotListItem } from './chatbots/chatbotApi.js';
import { EvaluationPanel } from './knowledge/EvaluationPanel.js';
import { knowledgeApi } from './knowledge/knowledgeApi.js';
import { SourcesPanel } from './knowledge/SourcesPanel.js';
import { UnansweredPanel } from './knowledge/UnansweredPanel.js';

type Tab = 'sources' | 'unanswered' | 'evaluation';
const TABS: { key: Tab; label: string }[] = [
  { key: 'sources', label: 'Sources' },
  { key: 'unanswered', label: 'Unanswered questions' },
  { key: 'evaluation', label: 'Evaluation' },
];

export function KnowledgePage() {
  const [tab, setTab] = useState<Tab>('sources');
  const sources = useLoad(() => knowledgeApi.list(), []);
  // Names for the filters and rows; a failed read leaves them empty rather than the page.
  const chatbots = useLoad<ChatbotListItem[]>(
    () =>
      chatbotApi.list().then(
        (r) => r.data,
        () => [],
      ),
    [],
  );
  const bots = chatbots.data ?? [];
  return (
    <>
      <PageHeader
        title="Knowledge"
        description="The documents your AI agents answer from. Each answer cites the sources it used."
      />
      <Tabs label="Knowledge sections" tabs={TABS} active={tab} onChange={setTab}>
        {tab === 'sources' && <SourcesPanel list={sources} />}
        {tab === 'unanswered' && <UnansweredPanel chatbots={bots} />}
        {tab === 'evaluation' && <EvaluationPanel sources={sources.data?.data ?? []} chatbots={bots} />}
      </Tabs>
    </>
  );
}
