/**
 * The playground: a chat with the agent as it stands in the form, saved or not. Each answer
 * shows what it cost and how it came (model, tokens in and out, latency, finish reason, the
 * tool it called). No conversation, response or webhook is recorded; the tokens are spent on
 * the workspace's connection and count in the month's AI tokens, so the Agent tab's line of them
 * is read again after each answer that spent some. The conversation lives in this card only.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiError } from '../../api.js';
import { Button, Card, CitedSources, TextField, formatNumber } from '../../ui/index.js';
import { PlaygroundPassages } from './PlaygroundPassages.js';
import { type AgentBody, type PreviewAnswer, type PreviewMessage, agentApi } from './agentApi.js';

/** The API's limit on one preview's conversation. */
const MAX_MESSAGES = 50;
const MAX_VISITOR_TEXT = 2000;

type Line = { role: 'user'; text: string } | { role: 'bot'; text: string; answer: PreviewAnswer | null };

const ACTION_WORDS: Record<string, string> = {
  visitor_request: 'the visitor asked for a person',
  low_confidence: 'not confident',
  out_of_scope: 'out of scope',
  policy: 'policy',
  model_error: 'the model gave no answer',
};

function actionText(a: PreviewAnswer['action']): string | null {
  if (a.type === 'handoff') return `Handed off: ${ACTION_WORDS[a.reason ?? ''] ?? a.reason}`;
  if (a.type === 'end') return `Ended the conversation (${a.resolution})`;
  return null;
}

function AnswerFacts({ answer }: { answer: PreviewAnswer }) {
  const facts = [
    answer.model,
    `${formatNumber(answer.tokensIn)} tokens in · ${formatNumber(answer.tokensOut)} out`,
    answer.latencyMs === null ? null : `${formatNumber(answer.latencyMs)} ms`,
    answer.finishReason && `finish: ${answer.finishReason}`,
    answer.toolCall && `tool: ${answer.toolCall}`,
  ].filter(Boolean);
  const action = actionText(answer.action);
  return (
    <div class="bubble-meta playground-facts">
      <span>{facts.join(' · ')}</span>
      {action && <span class="playground-action">{action}</span>}
      {answer.action.summary && <span>Summary for the person: {answer.action.summary}</span>}
      {answer.error && (
        <span class="playground-error" role="alert">
          {answer.error.message}
        </span>
      )}
    </div>
  );
}

export function AgentPlayground({
  chatbotId,
  agent,
  unsaved,
  budgetNote,
  onTokensSpent,
}: {
  chatbotId: string;
  /** The settings as they are in the form. */
  agent: AgentBody;
  unsaved: boolean;
  /** Why no AI tokens are left this month, if none are: the preview answers as a visitor would be answered, without the model. */
  budgetNote: string | null;
  /** An answer spent tokens, which the month's AI tokens now include. */
  onTokensSpent: () => void;
}) {
  const [lines, setLines] = useState<Line[]>(() => greetingLines(agent));
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const ended = lines.some((l) => l.role === 'bot' && l.answer && l.answer.action.type !== 'reply');

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [lines.length, busy]);

  const send = async (e: Event) => {
    e.preventDefault();
    const message = text.trim();
    if (!message || busy) return;
    const next: Line[] = [...lines, { role: 'user', text: message }];
    setLines(next);
    setText('');
    setBusy(true);
    setError(null);
    try {
      // Like a visitor's turn: the greeting is part of the conversation; the oldest lines go first.
      const messages: PreviewMessage[] = next.slice(-MAX_MESSAGES).map(({ role, text }) => ({ role, text }));
      const r = await agentApi.preview(chatbotId, { messages, agent });
      setLines((ls) => [...ls, { role: 'bot', text: r.data.text, answer: r.data }]);
      if (r.data.tokensIn + r.data.tokensOut > 0) onTokensSpent();
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setLines(greetingLines(agent));
    setError(null);
  };

  return (
    <Card
      title="Playground"
      description={
        unsaved
          ? "Tries the settings in the form, not saved yet. No conversation is recorded; the tokens are spent on your connection and count in this month's AI tokens."
          : "Talk to the agent as a visitor would. No conversation is recorded; the tokens are spent on your connection and count in this month's AI tokens."
      }
      actions={
        <Button size="sm" variant="ghost" onClick={restart} disabled={busy}>
          Start over
        </Button>
      }
      padded={false}
    >
      <div class="chat-preview playground-log" role="log" aria-label="Playground conversation" tabIndex={0} ref={log}>
        {lines.length === 0 && <p class="chat-note">Send a message to see how the agent answers.</p>}
        {lines.map((l, i) =>
          l.role === 'user' ? (
            <p key={i} class="bubble bubble-user">
              {l.text}
            </p>
          ) : (
            <div key={i} class="playground-answer">
              <p class="bubble bubble-bot">{l.text}</p>
              <CitedSources sources={l.answer?.sources} />
              <PlaygroundPassages passages={l.answer?.passages} />
              {l.answer ? <AnswerFacts answer={l.answer} /> : <span class="bubble-meta">Greeting</span>}
            </div>
          ),
        )}
        {busy && (
          <p class="chat-note" role="status">
            The agent is answering…
          </p>
        )}
        {ended && <p class="chat-note">In a real conversation the agent would stop here. Start over to try again.</p>}
      </div>
      <form class="playground-form" onSubmit={send} noValidate>
        {budgetNote && (
          <div class="callout callout-warning form-alert" role="status">
            {budgetNote} The agent makes no model call: like a visitor, you are passed to a person at once.
          </div>
        )}
        {error && (
          <div class="callout callout-danger form-alert" role="alert">
            {error}
          </div>
        )}
        <div class="playground-input">
          <TextField
            label="Message as a visitor"
            value={text}
            onInput={setText}
            maxLength={MAX_VISITOR_TEXT}
            placeholder="Ask what your visitors ask"
            inputProps={{ autocomplete: 'off' }}
          />
          <Button variant="primary" type="submit" busy={busy} disabled={!text.trim() || !agent.connectionId}>
            Send
          </Button>
        </div>
      </form>
    </Card>
  );
}

function greetingLines(agent: AgentBody): Line[] {
  return agent.greeting ? [{ role: 'bot', text: agent.greeting, answer: null }] : [];
}
