/**
 * The messages a model call sends (docs/ai-agents.md, A turn): the agent's instructions first as
 * the system message, then the conversation so far, the visitor's words only ever as `user`
 * messages and the bot's as `assistant` ones. Older messages are dropped first to keep the call
 * within a token budget, estimated at about 4 characters a token (a rule of thumb for English
 * with OpenAI's tokenizers; no tokenizer is loaded). The instructions and the visitor's newest
 * message are always sent.
 */
import type { TranscriptEntry } from '../conversation/conversationEvents.js';

/** A tool call the model made, as it is sent back to it with the tool's answer. */
export type PromptToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };

/** The messages of a chat completion request, in the OpenAI shape the providers share. */
export type PromptMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; tool_calls?: PromptToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** Tokens the conversation's history may take in one call, beside the instructions. */
export const HISTORY_TOKEN_BUDGET = 6000;
const CHARS_PER_TOKEN = 4;
/** Each message costs a few tokens of framing beside its text. */
const MESSAGE_OVERHEAD_TOKENS = 4;

export const estimateTokens = (text: string): number =>
  Math.ceil(text.length / CHARS_PER_TOKEN) + MESSAGE_OVERHEAD_TOKENS;

/** `history` ends with the visitor's newest message. */
export function agentPrompt(
  instructions: string,
  history: readonly TranscriptEntry[],
  budget = HISTORY_TOKEN_BUDGET,
): PromptMessage[] {
  const kept: Array<{ role: 'user' | 'assistant'; content: string }> = [];
  let used = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i]!;
    const cost = estimateTokens(entry.message);
    if (kept.length > 0 && used + cost > budget) break;
    used += cost;
    kept.unshift({ role: entry.type === 'user' ? 'user' : 'assistant', content: entry.message });
  }
  return [{ role: 'system', content: instructions }, ...kept];
}
