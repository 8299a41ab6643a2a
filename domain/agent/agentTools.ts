/**
 * The tools an agent's model is offered (docs/ai-agents.md, Handoff), their JSON schemas, and
 * what a tool call the model makes means. A call is checked against its schema before it counts:
 * an unknown tool or arguments that do not fit are a model error, never acted on.
 */
import { Ajv } from 'ajv';

export const HANDOFF_REASONS = ['visitor_request', 'low_confidence', 'out_of_scope', 'policy'] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];
export const END_RESOLUTIONS = ['resolved', 'ended'] as const;
export type EndResolution = (typeof END_RESOLUTIONS)[number];

/** The longest handoff summary kept. */
export const MAX_HANDOFF_SUMMARY = 2000;

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

const HANDOFF_PARAMETERS = {
  type: 'object',
  required: ['reason', 'summary'],
  additionalProperties: false,
  properties: {
    reason: { type: 'string', enum: [...HANDOFF_REASONS] },
    summary: {
      type: 'string',
      maxLength: MAX_HANDOFF_SUMMARY,
      description: 'What the person taking over needs to know',
    },
  },
};

const END_PARAMETERS = {
  type: 'object',
  required: ['resolution'],
  additionalProperties: false,
  properties: { resolution: { type: 'string', enum: [...END_RESOLUTIONS] } },
};

/** The longest knowledge search the model may ask for. */
export const MAX_SEARCH_QUERY = 500;

const SEARCH_PARAMETERS = {
  type: 'object',
  required: ['query'],
  additionalProperties: false,
  properties: {
    query: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_SEARCH_QUERY,
      description: 'What to look for, in words the documents would use',
    },
  },
};

const SEARCH_TOOL: ToolDefinition = {
  type: 'function',
  function: {
    name: 'search_knowledge',
    description:
      "Search the business's documents for passages that answer the visitor. Use it when the passages you have do not answer the question.",
    parameters: SEARCH_PARAMETERS,
  },
};

const CONVERSATION_TOOLS: ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'handoff',
      description:
        'Pass the conversation to a person: the visitor asks for one, you are not confident, the question is out of scope, or a policy requires it.',
      parameters: HANDOFF_PARAMETERS,
    },
  },
  {
    type: 'function',
    function: {
      name: 'end_conversation',
      description: "End the conversation: 'resolved' when the visitor's question is answered, otherwise 'ended'.",
      parameters: END_PARAMETERS,
    },
  },
];

/** The tools of a model call: search_knowledge only for an agent with sources that may still search. */
export const agentTools = (canSearch: boolean): ToolDefinition[] =>
  canSearch ? [...CONVERSATION_TOOLS, SEARCH_TOOL] : CONVERSATION_TOOLS;

const ajv = new Ajv({ allErrors: false });
const validators = {
  handoff: ajv.compile(HANDOFF_PARAMETERS),
  end_conversation: ajv.compile(END_PARAMETERS),
  search_knowledge: ajv.compile(SEARCH_PARAMETERS),
};

export type ToolAction =
  | { type: 'handoff'; reason: HandoffReason; summary: string }
  | { type: 'end'; resolution: EndResolution }
  | { type: 'search'; query: string }
  | { type: 'invalid'; error: 'unknown_tool' | 'bad_tool_arguments'; detail: string };

/** What a tool call asks for, once its name and arguments are checked. */
export function toolActionOf(call: { name: string; arguments: string }): ToolAction {
  if (!Object.hasOwn(validators, call.name))
    return {
      type: 'invalid',
      error: 'unknown_tool',
      detail: `The model called an unknown tool "${call.name.slice(0, 100)}"`,
    };
  const name = call.name as keyof typeof validators;
  let args: unknown;
  try {
    args = JSON.parse(call.arguments || '{}');
  } catch {
    return { type: 'invalid', error: 'bad_tool_arguments', detail: `The arguments of ${name} are not JSON` };
  }
  const validate = validators[name];
  if (!validate(args)) {
    const first = validate.errors?.[0];
    const where = first?.instancePath || '(arguments)';
    return {
      type: 'invalid',
      error: 'bad_tool_arguments',
      detail: `${name} ${where} ${first?.message ?? 'is invalid'}`,
    };
  }
  const a = args as Record<string, string>;
  if (name === 'search_knowledge') return { type: 'search', query: a.query!.trim() };
  return name === 'handoff'
    ? { type: 'handoff', reason: a.reason as HandoffReason, summary: a.summary }
    : { type: 'end', resolution: a.resolution as EndResolution };
}
