/**
 * The Agent tab: make the chatbot an AI agent that answers every visitor message with a model,
 * change its settings, or make it a flow bot again. The server's refusals stand under the field
 * they name. Beside the form, the playground tries the settings as they are in the form, saved
 * or not.
 */
import { useState } from 'preact/hooks';
import type { ApiError } from '../../api.js';
import { isAdmin, useSession } from '../../SessionProvider.js';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Icon,
  Select,
  Skeleton,
  TextField,
  formatNumber,
  useFormSubmit,
  useLoad,
  useToast,
} from '../../ui/index.js';
import { useUnsavedChanges } from '../../shell/unsavedChanges.js';
import { modelConnectionApi } from '../modelConnections/modelConnectionApi.js';
import { type Agent, type AgentBody, agentApi } from './agentApi.js';
import { AgentPlayground } from './AgentPlayground.js';
import {
  AgentKnowledge,
  type AgentKnowledgeSettings,
  knowledgeBodyOf,
  knowledgeDraftOf,
  sameKnowledge,
} from './AgentKnowledge.js';
import { knowledgeApi, type Source } from '../knowledge/knowledgeApi.js';
import { AgentAnalyticsCard } from './AgentAnalyticsCard.js';
import { type AiUsage, aiTokensSpent, aiUsageApi, aiUsageText, noAiTokens } from '../usage/aiUsageApi.js';

const MAX_INSTRUCTIONS = 20_000;
const LABELS = {
  name: 'Agent name',
  instructions: 'Instructions',
  connectionId: 'Model connection',
  model: 'Model',
  temperature: 'Temperature',
  maxOutputTokens: 'Max output tokens',
  greeting: 'Greeting',
  'handoff.maxTurns': 'Answers before a person takes over',
  'handoff.maxTokens': 'Tokens per conversation',
  'handoff.onLimit': 'At a limit',
  'handoff.limitMessage': 'Message at a limit',
} as const;

type OnLimit = Agent['handoff']['onLimit'];
const ON_LIMIT: { value: OnLimit; label: string }[] = [
  { value: 'handoff', label: 'Pass the visitor to a person' },
  { value: 'message', label: 'Say the message and end the chat' },
];

/** The form's text, one string per field (numbers as typed). */
type Draft = Record<keyof typeof LABELS, string>;

const draftOf = (a: Agent | null, connectionId: string): Draft => ({
  name: a?.name ?? 'Assistant',
  instructions: a?.instructions ?? '',
  connectionId: a?.connectionId ?? connectionId,
  model: a?.model ?? '',
  temperature: a?.temperature === null || a?.temperature === undefined ? '' : String(a.temperature),
  maxOutputTokens: a?.maxOutputTokens ? String(a.maxOutputTokens) : '',
  greeting: a?.greeting ?? '',
  'handoff.maxTurns': String(a?.handoff.maxTurns ?? 20),
  'handoff.maxTokens': a?.handoff.maxTokens ? String(a.handoff.maxTokens) : '',
  'handoff.onLimit': a?.handoff.onLimit ?? 'handoff',
  'handoff.limitMessage': a?.handoff.limitMessage ?? '',
});

/** Empty: the default (null); otherwise the number, or the text itself so the server names the field. */
const numberOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));
const textOf = (text: string): string | null => text.trim() || null;

export function bodyOf(d: Draft, knowledge: AgentKnowledgeSettings): AgentBody {
  return {
    name: d.name.trim(),
    instructions: d.instructions,
    connectionId: d.connectionId,
    model: textOf(d.model),
    temperature: numberOf(d.temperature),
    maxOutputTokens: numberOf(d.maxOutputTokens),
    greeting: textOf(d.greeting),
    handoff: {
      maxTurns: numberOf(d['handoff.maxTurns']) ?? 20,
      maxTokens: numberOf(d['handoff.maxTokens']),
      onLimit: d['handoff.onLimit'] as OnLimit,
      limitMessage: textOf(d['handoff.limitMessage']),
    },
    knowledge: knowledgeBodyOf(knowledge),
  };
}

const spentText = (u: AiUsage) =>
  noAiTokens(u)
    ? 'The Free plan has no AI tokens.'
    : "This month's AI tokens are spent; more come on the 1st of next month (UTC) or with a larger plan.";

export function AgentPanel({ chatbotId }: { chatbotId: string }) {
  const admin = isAdmin(useSession());
  const agent = useLoad<Agent | null>(() => agentApi.get(chatbotId).then((r) => r.data), [chatbotId]);
  // Members may change the agent but not list connections (an admin's): they keep the one set.
  const connections = useLoad(() => (admin ? modelConnectionApi.list() : Promise.resolve(null)), [admin]);
  // Only informs: a failed read leaves the line out rather than the tab.
  const usage = useLoad(aiUsageApi.get, []);
  const sources = useLoad(() => knowledgeApi.list(), []);
  if (agent.error || connections.error)
    return (
      <ErrorState
        error={(agent.error ?? connections.error)!}
        onRetry={() => {
          agent.reload();
          connections.reload();
        }}
        title="The agent could not load"
      />
    );
  if (agent.loading || connections.loading || (sources.loading && !sources.data && !sources.error))
    return (
      <Card>
        <Skeleton lines={5} label="Loading the agent" />
      </Card>
    );
  return (
    <>
      <AgentEditor
        key={agent.data ? 'agent' : 'none'}
        chatbotId={chatbotId}
        saved={agent.data}
        onSaved={(a) => agent.set(a)}
        connections={connections.data?.data.map((c) => ({ value: c.id, label: `${c.name} · ${c.chatModel}` })) ?? null}
        admin={admin}
        usage={usage.data}
        onTokensSpent={usage.reload}
        sources={sources.data?.data ?? null}
      />
      <AgentAnalyticsCard chatbotId={chatbotId} hasAgent={agent.data !== null} />
    </>
  );
}

function AgentEditor({
  chatbotId,
  saved,
  onSaved,
  connections,
  admin,
  usage,
  onTokensSpent,
  sources,
}: {
  chatbotId: string;
  saved: Agent | null;
  onSaved: (a: Agent | null) => void;
  /** null: the viewer may not list them (a member). */
  connections: { value: string; label: string }[] | null;
  admin: boolean;
  /** The month's AI tokens; null while loading or when they could not be read. */
  usage: AiUsage | null;
  /** A playground answer spent tokens: the month's line is read again. */
  onTokensSpent: () => void;
  /** The workspace's knowledge sources; null when they could not be read. */
  sources: Source[] | null;
}) {
  const toast = useToast();
  const [settingUp, setSettingUp] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved, connections?.[0]?.value ?? ''));
  const [removing, setRemoving] = useState(false);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [knowledge, setKnowledge] = useState(() => knowledgeDraftOf(saved?.knowledge));
  const editing = saved !== null || settingUp;
  const initial = draftOf(saved, connections?.[0]?.value ?? '');
  const dirty =
    editing &&
    (!saved ||
      (Object.keys(draft) as (keyof Draft)[]).some((k) => draft[k] !== initial[k]) ||
      !sameKnowledge(knowledge, knowledgeDraftOf(saved.knowledge)));
  useUnsavedChanges(dirty, 'the agent settings');
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const form = useFormSubmit(
    async () => {
      const r = await agentApi.set(chatbotId, bodyOf(draft, knowledge));
      toast(saved ? 'Agent saved' : 'This chatbot is now an AI agent. Visitors get answers from the model.');
      setSettingUp(false);
      onSaved(r.data);
    },
    { ...LABELS, 'knowledge.sourceIds': 'Sources the agent answers from' },
    {
      name: draft.name.trim() ? null : `${LABELS.name} cannot be empty.`,
      instructions: draft.instructions.trim() ? null : `${LABELS.instructions} cannot be empty.`,
      connectionId: draft.connectionId ? null : 'Pick a model connection.',
    },
  );

  const remove = async () => {
    setRemoveBusy(true);
    try {
      await agentApi.remove(chatbotId);
      toast('The chatbot answers with its flow again.');
      setRemoving(false);
      onSaved(null);
    } catch (err) {
      toast((err as ApiError).message, 'error');
    } finally {
      setRemoveBusy(false);
    }
  };

  if (!editing) {
    const noConnection = connections !== null && connections.length === 0;
    return (
      <EmptyState
        title="Let an AI agent answer"
        icon={<Icon name="sparkle" size={28} />}
        action={
          <Button variant="primary" onClick={() => setSettingUp(true)} disabled={noConnection}>
            Make this chatbot an AI agent
          </Button>
        }
      >
        <p>
          An AI agent answers every visitor message with your model and your instructions, and passes the visitor to a
          person when it should. The flow stays: remove the agent to use it again.
        </p>
        {noConnection && (
          <p class="small">
            First <a href="../model-connections">add a model connection</a> with your provider's API key.
          </p>
        )}
        {connections === null && (
          <p class="small">Ask an admin to add a model connection if your workspace has none yet.</p>
        )}
      </EmptyState>
    );
  }

  const count = draft.instructions.length;
  const connectionField = connections ? (
    <Select
      label={LABELS.connectionId}
      value={draft.connectionId}
      onChange={set('connectionId')}
      options={
        connections.some((c) => c.value === draft.connectionId) || !draft.connectionId
          ? connections
          : [{ value: draft.connectionId, label: 'A deleted connection: pick another' }, ...connections]
      }
      error={form.fieldError('connectionId')}
      hint={admin ? 'Where the model is called, with whose key.' : undefined}
    />
  ) : (
    <p class="small muted form-gap">The agent keeps its model connection. Only admins see and change connections.</p>
  );

  return (
    <div class="grid grid-main-side agent-layout">
      <Card
        title={saved ? 'AI agent' : 'Set up the AI agent'}
        description="Every visitor message gets one model call with these settings."
        actions={
          saved && (
            <Button variant="ghost" size="sm" onClick={() => setRemoving(true)}>
              Remove agent
            </Button>
          )
        }
      >
        {usage && <p class="small muted agent-usage">{aiUsageText(usage)}</p>}
        <form onSubmit={form.submit} noValidate>
          {form.generalError && (
            <div class="callout callout-danger form-alert" role="alert">
              {form.generalError}
            </div>
          )}
          <TextField
            label={LABELS.name}
            value={draft.name}
            onInput={set('name')}
            maxLength={100}
            required
            error={form.fieldError('name')}
            hint="Visitors see it; conversation.started carries it as aiAgent."
            inputProps={{ onBlur: (e: FocusEvent) => form.touch('name', e) }}
          />
          <TextField
            label={LABELS.instructions}
            aside={`${formatNumber(count)} / ${formatNumber(MAX_INSTRUCTIONS)}`}
            value={draft.instructions}
            onInput={set('instructions')}
            multiline
            rows={8}
            maxLength={MAX_INSTRUCTIONS}
            required
            error={form.fieldError('instructions')}
            hint="Who the agent is, what it may talk about, when to pass the visitor to a person. Sent first, as the system message; visitors never see it."
          />
          {connectionField}
          <div class="grid grid-2 agent-numbers">
            <TextField
              label={LABELS.model}
              aside="optional"
              value={draft.model}
              onInput={set('model')}
              placeholder="The connection's chat model"
              error={form.fieldError('model')}
              inputProps={{ spellcheck: false }}
            />
            <TextField
              label={LABELS.temperature}
              aside="0 to 2"
              type="number"
              value={draft.temperature}
              onInput={set('temperature')}
              placeholder="Provider default"
              error={form.fieldError('temperature')}
              inputProps={{ step: '0.1', min: '0', max: '2', inputMode: 'decimal' }}
            />
            <TextField
              label={LABELS.maxOutputTokens}
              aside="1 to 8,192"
              type="number"
              value={draft.maxOutputTokens}
              onInput={set('maxOutputTokens')}
              placeholder="Provider default"
              error={form.fieldError('maxOutputTokens')}
              inputProps={{ step: '1', min: '1', max: '8192', inputMode: 'numeric' }}
            />
            <TextField
              label={LABELS['handoff.maxTurns']}
              aside="1 to 100"
              type="number"
              value={draft['handoff.maxTurns']}
              onInput={set('handoff.maxTurns')}
              error={form.fieldError('handoff.maxTurns')}
              hint="Then a person takes over (turn_limit)."
              inputProps={{ step: '1', min: '1', max: '100', inputMode: 'numeric' }}
            />
          </div>
          <fieldset class="agent-limits">
            <legend>Limits of one conversation</legend>
            <div class="grid grid-2 agent-numbers">
              <TextField
                label={LABELS['handoff.maxTokens']}
                aside="optional"
                type="number"
                value={draft['handoff.maxTokens']}
                onInput={set('handoff.maxTokens')}
                placeholder="No limit of its own"
                error={form.fieldError('handoff.maxTokens')}
                hint="Tokens in and out of the conversation's model calls, 1 to 10,000,000."
                inputProps={{ step: '1', min: '1', max: '10000000', inputMode: 'numeric' }}
              />
              <Select
                label={LABELS['handoff.onLimit']}
                value={draft['handoff.onLimit'] as OnLimit}
                onChange={set('handoff.onLimit')}
                options={ON_LIMIT}
                error={form.fieldError('handoff.onLimit')}
                hint="Also when the month's AI tokens are spent."
              />
            </div>
            <TextField
              label={LABELS['handoff.limitMessage']}
              aside="optional"
              value={draft['handoff.limitMessage']}
              onInput={set('handoff.limitMessage')}
              multiline
              rows={2}
              maxLength={2000}
              error={form.fieldError('handoff.limitMessage')}
              hint={
                draft['handoff.onLimit'] === 'message'
                  ? 'What the visitor reads before the chat ends. Empty: the standard words.'
                  : 'What the visitor reads before a person takes over. Empty: "I\'m passing you to a person who can help."'
              }
            />
          </fieldset>
          <AgentKnowledge
            value={knowledge}
            onChange={setKnowledge}
            sources={sources}
            error={form.fieldError('knowledge.sourceIds')}
          />
          <TextField
            label={LABELS.greeting}
            aside="optional"
            value={draft.greeting}
            onInput={set('greeting')}
            multiline
            rows={2}
            maxLength={2000}
            error={form.fieldError('greeting')}
            hint="The first message of every conversation. Empty: the agent waits for the visitor."
          />
          <div class="form-actions">
            {!saved && (
              <Button onClick={() => setSettingUp(false)} disabled={form.busy}>
                Cancel
              </Button>
            )}
            <Button variant="primary" type="submit" busy={form.busy} disabled={!dirty}>
              {saved ? 'Save changes' : 'Make it an AI agent'}
            </Button>
          </div>
        </form>
      </Card>
      <AgentPlayground
        chatbotId={chatbotId}
        agent={bodyOf(draft, knowledge)}
        unsaved={dirty}
        budgetNote={usage && aiTokensSpent(usage) ? spentText(usage) : null}
        onTokensSpent={onTokensSpent}
      />
      <ConfirmDialog
        open={removing}
        title="Remove the AI agent?"
        confirmLabel="Remove agent"
        busy={removeBusy}
        onCancel={() => setRemoving(false)}
        onConfirm={remove}
      >
        <p>
          New conversations follow the chatbot's flow again, and the agent's settings are not kept. A conversation the
          agent is having goes to a person at the visitor's next message.
        </p>
      </ConfirmDialog>
    </div>
  );
}
