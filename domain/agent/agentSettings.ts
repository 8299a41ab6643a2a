/**
 * An AI agent's settings (docs/ai-agents.md, Agents): what a chatbot with an agent answers its
 * visitors with. Pure validation; the connection's existence is checked by the command layer.
 */
import { charLength } from '../charLength.js';
import { refuseControlCharacters, refuseControlCharactersInParagraphs } from '../controlCharacters.js';
import { ValidationError } from '../errors.js';
import { MAX_MODEL_NAME } from '../modelConnections/modelConnectionFields.js';

export const MAX_AGENT_NAME = 100;
export const MAX_INSTRUCTIONS = 20_000;
export const MAX_GREETING = 2000;
export const MAX_TEMPERATURE = 2;
export const MAX_OUTPUT_TOKENS = 8192;
export const MAX_TURNS = 100;
/** Model answers in one conversation before it is handed to a person, when the agent sets none. */
export const DEFAULT_MAX_TURNS = 20;
/** The most tokens one conversation may be given; far above any real chat, small enough to type. */
export const MAX_CONVERSATION_TOKENS = 10_000_000;
export const MAX_LIMIT_MESSAGE = 2000;
export const ON_LIMIT_ACTIONS = ['handoff', 'message'] as const;
export type OnLimit = (typeof ON_LIMIT_ACTIONS)[number];
/** The most knowledge sources one agent may search. */
export const MAX_AGENT_SOURCES = 100;
export const ON_NO_ANSWER_ACTIONS = ['clarify', 'handoff'] as const;
export type OnNoAnswer = (typeof ON_NO_ANSWER_ACTIONS)[number];

/** What the agent may spend in one conversation, and what happens when a limit is reached. */
export type HandoffSettings = {
  maxTurns: number;
  /** Tokens in and out of the conversation's model calls together; null: no limit of its own. */
  maxTokens: number | null;
  /** `handoff`: a person takes over (escalated); `message`: the visitor reads limitMessage and the conversation ends. */
  onLimit: OnLimit;
  /** What the visitor reads at a limit; null: the standard words of onLimit. */
  limitMessage: string | null;
};

/** The knowledge sources an agent answers from (docs/knowledge.md, Answers from knowledge). */
export type AgentKnowledge = {
  /** Sources of the workspace the agent may search; the model gets the search_knowledge tool when any. */
  sourceIds: string[];
  /** On: a question that finds no passage is never answered from the model's own memory. */
  answerOnlyFromKnowledge: boolean;
  /** With answerOnlyFromKnowledge: ask the visitor to rephrase, or hand off with low_confidence. */
  onNoAnswer: OnNoAnswer;
};

// A type alias, not an interface: event data must be assignable to Record<string, unknown>.
export type AgentSettings = {
  name: string;
  instructions: string;
  connectionId: string;
  /** null: the connection's chat model. */
  model: string | null;
  /** null: the provider's default. */
  temperature: number | null;
  /** null: the provider's default. */
  maxOutputTokens: number | null;
  /** The first bot message of each conversation; null: the agent waits for the visitor. */
  greeting: string | null;
  handoff: HandoffSettings;
  /** null: the agent answers from the model alone (no knowledge sources). */
  knowledge: AgentKnowledge | null;
};

const FIELDS = new Set([
  'knowledge',
  'name',
  'instructions',
  'connectionId',
  'model',
  'temperature',
  'maxOutputTokens',
  'greeting',
  'handoff',
]);

function text(raw: unknown, field: string, max: number, paragraphs = false): string {
  if (typeof raw !== 'string') throw new ValidationError(`${field} is required and must be a string`, field);
  const value = raw.trim();
  if (!value) throw new ValidationError(`${field} must not be empty`, field);
  if (charLength(value) > max) throw new ValidationError(`${field} must be at most ${max} characters`, field);
  return paragraphs ? refuseControlCharactersInParagraphs(value, field) : refuseControlCharacters(value, field);
}

function optional<T>(raw: unknown, read: (raw: unknown) => T): T | null {
  return raw === undefined || raw === null ? null : read(raw);
}

function boundedNumber(raw: unknown, field: string, min: number, max: number, integer: boolean): number {
  if (typeof raw !== 'number' || !Number.isFinite(raw) || (integer && !Number.isInteger(raw)))
    throw new ValidationError(`${field} must be ${integer ? 'an integer' : 'a number'}`, field);
  if (raw < min || raw > max) throw new ValidationError(`${field} must be between ${min} and ${max}`, field);
  return raw;
}

const HANDOFF_FIELDS = new Set(['maxTurns', 'maxTokens', 'onLimit', 'limitMessage']);

/**
 * The handoff settings with their defaults filled in. Agents stored before a field existed
 * read as if it had been left out.
 */
export function handoffWithDefaults(stored: Partial<HandoffSettings> | null | undefined): HandoffSettings {
  return {
    maxTurns: stored?.maxTurns ?? DEFAULT_MAX_TURNS,
    maxTokens: stored?.maxTokens ?? null,
    onLimit: stored?.onLimit ?? 'handoff',
    limitMessage: stored?.limitMessage ?? null,
  };
}

function handoffOf(raw: unknown): HandoffSettings {
  if (raw === undefined || raw === null) return handoffWithDefaults(null);
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ValidationError('handoff must be an object', 'handoff');
  const body = raw as Record<string, unknown>;
  const unknown = Object.keys(body).find((k) => !HANDOFF_FIELDS.has(k));
  if (unknown !== undefined) throw new ValidationError(`handoff.${unknown} is not a known field`, `handoff.${unknown}`);
  const onLimit = optional(body.onLimit, (value) => {
    if (!ON_LIMIT_ACTIONS.includes(value as OnLimit))
      throw new ValidationError(`handoff.onLimit must be one of ${ON_LIMIT_ACTIONS.join(', ')}`, 'handoff.onLimit');
    return value as OnLimit;
  });
  return handoffWithDefaults({
    maxTurns: optional(body.maxTurns, (v) => boundedNumber(v, 'handoff.maxTurns', 1, MAX_TURNS, true)) ?? undefined,
    maxTokens: optional(body.maxTokens, (v) => boundedNumber(v, 'handoff.maxTokens', 1, MAX_CONVERSATION_TOKENS, true)),
    onLimit: onLimit ?? undefined,
    limitMessage: optional(body.limitMessage, (v) => text(v, 'handoff.limitMessage', MAX_LIMIT_MESSAGE, true)),
  });
}

const KNOWLEDGE_FIELDS = new Set(['sourceIds', 'answerOnlyFromKnowledge', 'onNoAnswer']);

function knowledgeOf(raw: unknown): AgentKnowledge | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new ValidationError('knowledge must be an object', 'knowledge');
  const body = raw as Record<string, unknown>;
  const unknown = Object.keys(body).find((k) => !KNOWLEDGE_FIELDS.has(k));
  if (unknown !== undefined)
    throw new ValidationError(`knowledge.${unknown} is not a known field`, `knowledge.${unknown}`);
  if (!Array.isArray(body.sourceIds))
    throw new ValidationError('knowledge.sourceIds is required and must be an array', 'knowledge.sourceIds');
  if (body.sourceIds.length > MAX_AGENT_SOURCES)
    throw new ValidationError(
      `knowledge.sourceIds may hold at most ${MAX_AGENT_SOURCES} sources`,
      'knowledge.sourceIds',
    );
  const sourceIds = body.sourceIds.map((id, i) => text(id, `knowledge.sourceIds[${i}]`, 64));
  const only = body.answerOnlyFromKnowledge;
  if (only !== undefined && only !== null && typeof only !== 'boolean')
    throw new ValidationError(
      'knowledge.answerOnlyFromKnowledge must be a boolean',
      'knowledge.answerOnlyFromKnowledge',
    );
  const onNoAnswer = optional(body.onNoAnswer, (value) => {
    if (!ON_NO_ANSWER_ACTIONS.includes(value as OnNoAnswer))
      throw new ValidationError(
        `knowledge.onNoAnswer must be one of ${ON_NO_ANSWER_ACTIONS.join(', ')}`,
        'knowledge.onNoAnswer',
      );
    return value as OnNoAnswer;
  });
  return {
    sourceIds: [...new Set(sourceIds)],
    answerOnlyFromKnowledge: only === true,
    onNoAnswer: onNoAnswer ?? 'clarify',
  };
}

/** An agent as answered (GET, PUT): stored settings with every default filled in. */
export const agentWithDefaults = (agent: AgentSettings): AgentSettings => ({
  ...agent,
  handoff: handoffWithDefaults(agent.handoff),
  knowledge: agent.knowledge ?? null,
});

/** A whole PUT body: every bad or unknown field is a 400 naming it. */
export function validateAgentSettings(body: Record<string, unknown>): AgentSettings {
  const unknown = Object.keys(body).find((k) => !FIELDS.has(k));
  if (unknown !== undefined) throw new ValidationError(`${unknown} is not a known field`, unknown);
  const model = optional(body.model, (raw) => {
    const id = text(raw, 'model', MAX_MODEL_NAME);
    if (/\s/.test(id)) throw new ValidationError('model must not contain spaces', 'model');
    return id;
  });
  return {
    name: text(body.name, 'name', MAX_AGENT_NAME),
    instructions: text(body.instructions, 'instructions', MAX_INSTRUCTIONS, true),
    connectionId: text(body.connectionId, 'connectionId', 64),
    model,
    temperature: optional(body.temperature, (raw) => boundedNumber(raw, 'temperature', 0, MAX_TEMPERATURE, false)),
    maxOutputTokens: optional(body.maxOutputTokens, (raw) =>
      boundedNumber(raw, 'maxOutputTokens', 1, MAX_OUTPUT_TOKENS, true),
    ),
    greeting: optional(body.greeting, (raw) => text(raw, 'greeting', MAX_GREETING, true)),
    handoff: handoffOf(body.handoff),
    knowledge: knowledgeOf(body.knowledge),
  };
}
