/**
 * A playground turn (docs/ai-agents.md, Playground): a conversation the dashboard keeps, sent
 * whole with each try, and optionally agent settings not saved yet. Nothing is recorded, so the
 * body is checked here as strictly as a visitor's messages are: the visitor's lines keep the
 * chat API's limits, the bot's lines (earlier answers) a looser one.
 */
import type { EntrySource } from '../conversation/conversationEvents.js';
import type { NumberedPassage } from '../knowledge/citations.js';
import { charLength } from '../charLength.js';
import type { TranscriptEntry } from '../conversation/conversationEvents.js';
import { validateVisitorText } from '../conversation/visitorInput.js';
import { ValidationError } from '../errors.js';
import { type AgentSettings, validateAgentSettings } from './agentSettings.js';
import type { AgentAction, AgentFailure, ModelCallOutcome } from './agentTurn.js';
import { HANDOFF_MESSAGE, visitorTextOf } from './agentTurn.js';
import { type LimitReached, limitDetail } from './agentLimits.js';

export const MAX_PREVIEW_MESSAGES = 50;
/** An earlier answer of the agent, sent back: longer than a visitor line, as answers may be. */
export const MAX_PREVIEW_BOT_TEXT = 16_000;

export interface PreviewRequest {
  /** Ends with the visitor's newest line. */
  history: TranscriptEntry[];
  /** Settings to try instead of the saved ones; null: the chatbot's saved agent. */
  agent: AgentSettings | null;
}

function entryOf(raw: unknown, i: number): TranscriptEntry {
  const field = `messages[${i}]`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ValidationError(`${field} must be an object`, field);
  const { role, text, ...rest } = raw as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined)
    throw new ValidationError(`${field}.${unknown} is not a known field`, `${field}.${unknown}`);
  if (role === 'user') return { type: 'user', message: validateVisitorText(text, `${field}.text`), at: '' };
  if (role !== 'bot') throw new ValidationError(`${field}.role must be 'user' or 'bot'`, `${field}.role`);
  if (typeof text !== 'string' || !text.trim())
    throw new ValidationError(`${field}.text must be a non-empty string`, `${field}.text`);
  if (charLength(text) > MAX_PREVIEW_BOT_TEXT)
    throw new ValidationError(`${field}.text must be at most ${MAX_PREVIEW_BOT_TEXT} characters`, `${field}.text`);
  return { type: 'bot', message: text.trim(), at: '' };
}

export function validatePreviewRequest(body: Record<string, unknown>): PreviewRequest {
  const { messages, agent, ...rest } = body;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw new ValidationError(`${unknown} is not a known field`, unknown);
  if (!Array.isArray(messages)) throw new ValidationError('messages must be an array', 'messages');
  if (messages.length < 1 || messages.length > MAX_PREVIEW_MESSAGES)
    throw new ValidationError(`messages must hold 1 to ${MAX_PREVIEW_MESSAGES} messages`, 'messages');
  const history = messages.map(entryOf);
  if (history.at(-1)!.type !== 'user')
    throw new ValidationError("the last of messages must be the visitor's (role 'user')", 'messages');
  if (agent === undefined || agent === null) return { history, agent: null };
  if (typeof agent !== 'object' || Array.isArray(agent)) throw new ValidationError('agent must be an object', 'agent');
  try {
    return { history, agent: validateAgentSettings(agent as Record<string, unknown>) };
  } catch (err) {
    // The agent's fields are named as the body holds them: agent.temperature.
    if (err instanceof ValidationError && err.field)
      throw new ValidationError(`agent.${err.message}`, `agent.${err.field}`);
    throw err;
  }
}

/** A passage the playground shows under an answer. */
export interface PreviewPassage {
  ref: number;
  sourceId: string;
  title: string;
  headingPath: string[];
  url: string | null;
  page: number | null;
  text: string;
  score: number;
}

const previewPassage = (p: NumberedPassage): PreviewPassage => ({
  ref: p.ref,
  sourceId: p.sourceId,
  title: p.sourceTitle,
  headingPath: p.headingPath,
  url: p.url,
  page: p.page,
  text: p.text,
  score: p.score,
});

/** What the playground shows of a turn: the words, what the agent did, and the call's facts. */
export interface PreviewAnswer {
  text: string;
  action: { type: 'reply' | 'handoff' | 'end'; reason?: string; summary?: string; resolution?: string };
  toolCall: string | null;
  model: string | null;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number | null;
  finishReason: string | null;
  /** The documents the answer cites (agents with knowledge sources). */
  sources: EntrySource[];
  /** The passages the answer was built from, numbered as the model was given them. */
  passages: PreviewPassage[];
  /** Why the model gave no usable answer, in plain words; the visitor would read `text` and go to a person. */
  error: { type: AgentFailure | 'monthly_token_budget'; message: string } | null;
}

/** A turn whose words are the service's, not a model's answer: no tokens, nothing cited. */
function withoutAnswer(
  text: string,
  action: PreviewAnswer['action'],
  error: PreviewAnswer['error'],
  call: { model: string | null; latencyMs: number | null } = { model: null, latencyMs: null },
): PreviewAnswer {
  return {
    text,
    action,
    toolCall: null,
    ...call,
    tokensIn: 0,
    tokensOut: 0,
    finishReason: null,
    sources: [],
    passages: [],
    error,
  };
}

/** The playground once the month's AI tokens are spent: no call, what a visitor would get. */
export const budgetSpentPreview = (reached: LimitReached): PreviewAnswer =>
  withoutAnswer(
    HANDOFF_MESSAGE,
    { type: 'handoff', reason: 'budget' },
    { type: 'monthly_token_budget', message: limitDetail(reached) },
  );

function actionOf(action: AgentAction): PreviewAnswer['action'] {
  if (action.type === 'handoff') return { type: 'handoff', reason: action.reason, summary: action.summary };
  if (action.type === 'end') return { type: 'end', resolution: action.resolution };
  return { type: 'reply' };
}

export function previewAnswerOf(outcome: ModelCallOutcome): PreviewAnswer {
  if (outcome.type === 'answer')
    return {
      text: outcome.text,
      action: actionOf(outcome.action),
      toolCall: outcome.toolCall,
      ...outcome.facts,
      sources: outcome.knowledge?.sources ?? [],
      passages: (outcome.knowledge?.passages ?? []).map(previewPassage),
      error: null,
    };
  if (outcome.type === 'no_knowledge')
    return withoutAnswer(
      outcome.message,
      outcome.onNoAnswer === 'handoff' ? { type: 'handoff', reason: 'low_confidence' } : { type: 'reply' },
      null,
    );
  return withoutAnswer(
    visitorTextOf(outcome),
    { type: 'handoff', reason: 'model_error' },
    { type: outcome.error, message: outcome.detail },
    { model: outcome.model, latencyMs: outcome.latencyMs },
  );
}
