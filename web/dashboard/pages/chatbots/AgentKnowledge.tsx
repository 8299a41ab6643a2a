/**
 * The Agent tab's knowledge: which of the workspace's sources the agent searches before it
 * answers, and whether it may answer without one. With "answer only from knowledge" on, a
 * question nothing is found for gets a request to rephrase or a person, never a guess.
 */
import { Link } from 'wouter-preact';
import { CheckboxGroup, Select, Switch, formatNumber } from '../../ui/index.js';
import type { Source } from '../knowledge/knowledgeApi.js';
import type { Agent } from './agentApi.js';

export type AgentKnowledgeSettings = NonNullable<Agent['knowledge']>;
type OnNoAnswer = AgentKnowledgeSettings['onNoAnswer'];

const ON_NO_ANSWER: { value: OnNoAnswer; label: string }[] = [
  { value: 'clarify', label: 'Ask the visitor to rephrase' },
  { value: 'handoff', label: 'Pass the visitor to a person' },
];

/** What the form edits: never null (no source chosen is the same as none). */
export const knowledgeDraftOf = (k: Agent['knowledge'] | undefined): AgentKnowledgeSettings => ({
  sourceIds: k?.sourceIds ?? [],
  answerOnlyFromKnowledge: k?.answerOnlyFromKnowledge ?? false,
  onNoAnswer: k?.onNoAnswer ?? 'clarify',
});

/** The body's field: null when no source is chosen (the model alone). */
export const knowledgeBodyOf = (k: AgentKnowledgeSettings): AgentKnowledgeSettings | null =>
  k.sourceIds.length ? k : null;

export const sameKnowledge = (a: AgentKnowledgeSettings, b: AgentKnowledgeSettings) =>
  JSON.stringify(knowledgeBodyOf(a)) === JSON.stringify(knowledgeBodyOf(b));

function sourceHint(s: Source): string {
  if (s.status === 'ready') return `Ready · ${formatNumber(s.chunks)} ${s.chunks === 1 ? 'passage' : 'passages'}`;
  if (s.status === 'failed')
    return s.indexedAt ? 'Failed to re-index; the last index is searched' : 'Failed: nothing to search';
  return 'Being indexed';
}

export function AgentKnowledge({
  value,
  onChange,
  sources,
  error,
}: {
  value: AgentKnowledgeSettings;
  onChange: (k: AgentKnowledgeSettings) => void;
  /** null: the list could not be read. */
  sources: Source[] | null;
  error: string | null;
}) {
  const set = (patch: Partial<AgentKnowledgeSettings>) => onChange({ ...value, ...patch });
  // A source chosen before and deleted since stays listed, so it can be unticked.
  const known = new Set((sources ?? []).map((s) => s.id));
  const gone = value.sourceIds.filter((id) => !known.has(id));
  return (
    <fieldset class="agent-limits agent-knowledge">
      <legend>Knowledge</legend>
      {sources === null ? (
        <p class="small muted">The knowledge sources could not be read. Reload the page to choose them.</p>
      ) : sources.length === 0 && gone.length === 0 ? (
        <p class="small muted">
          No knowledge sources yet. <Link href="/knowledge">Add your FAQ, documents or help pages</Link> and the agent
          answers from them, citing each source.
        </p>
      ) : (
        <CheckboxGroup
          legend="Sources the agent answers from"
          hint="It searches them for every question and cites what it used. None chosen: the model alone."
          options={[
            ...sources.map((s) => ({ value: s.id, label: s.title, hint: sourceHint(s) })),
            ...gone.map((id) => ({ value: id, label: 'A deleted source', hint: 'Untick it to save' })),
          ]}
          value={value.sourceIds}
          onChange={(sourceIds) => set({ sourceIds })}
          error={error}
        />
      )}
      <Switch
        label="Answer only from knowledge"
        checked={value.answerOnlyFromKnowledge}
        disabled={value.sourceIds.length === 0}
        onChange={(answerOnlyFromKnowledge) => set({ answerOnlyFromKnowledge })}
        hint="Never an answer from the model's own memory: when nothing is found, it says so."
      />
      {value.answerOnlyFromKnowledge && value.sourceIds.length > 0 && (
        <Select
          label="When nothing is found"
          value={value.onNoAnswer}
          onChange={(onNoAnswer) => set({ onNoAnswer })}
          options={ON_NO_ANSWER}
          hint={
            value.onNoAnswer === 'handoff'
              ? 'A person takes over, with the reason low_confidence.'
              : 'The agent asks the visitor to say it another way.'
          }
        />
      )}
    </fieldset>
  );
}
