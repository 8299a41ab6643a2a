/**
 * The port an agent's turn calls its model through (docs/ai-agents.md, A turn, Failures,
 * Streaming), with the official `openai` client: the connection's base URL and key, the guarded
 * fetch (private addresses only for LLM_ALLOW_HOSTS, no redirects), a timeout, and the client's
 * own retries (at most 2, honouring Retry-After). Streamed or not, the answer comes back whole;
 * a failure comes back as a kind and plain words (never the key), not as an exception.
 */
import OpenAI from 'openai';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, RateLimitError } from 'openai';
import type { PromptMessage } from '../../domain/agent/agentPrompt.js';
import type { ToolDefinition } from '../../domain/agent/agentTools.js';
import type { AgentFailure, ModelAnswer } from '../../domain/agent/agentTurn.js';
import type { Resolver } from '../webhooks/addressGuard.js';
import { createGuardedFetch } from './guardedFetch.js';
import { describeProviderError } from './providerErrorWords.js';

export const AI_TIMEOUT_MS = 30_000;
/** The client's retries of a 429, a 5xx or a lost connection. */
const MAX_RETRIES = 2;

export interface ChatModelCall {
  baseUrl: string;
  apiKey: string;
  model: string;
  messages: PromptMessage[];
  tools: ToolDefinition[];
  temperature: number | null;
  maxOutputTokens: number | null;
  /** Given: the answer is streamed, and each piece of its text handed over as it comes. */
  onToken?: (text: string) => void;
}

export type ChatModelResult =
  | ({ ok: true } & ModelAnswer)
  | { ok: false; error: AgentFailure; detail: string; latencyMs: number };

export interface ChatModel {
  answer(call: ChatModelCall): Promise<ChatModelResult>;
}

export interface ChatModelOptions {
  allowHosts: readonly string[];
  resolver?: Resolver;
  timeoutMs?: number;
  /** Extra CA certificates (PEM) the provider's https may use (tests). */
  certificateAuthority?: string;
}

type ToolCallPiece = { name: string; arguments: string };

function failureKind(err: unknown): AgentFailure {
  if (err instanceof APIConnectionTimeoutError) return 'timeout';
  if (err instanceof RateLimitError) return 'rate_limited';
  if (err instanceof APIConnectionError) return 'unreachable';
  if (err instanceof APIError && err.status !== undefined) return 'provider_error';
  return 'stream_cut';
}

export function createChatModel(options: ChatModelOptions): ChatModel {
  const timeoutMs = options.timeoutMs ?? AI_TIMEOUT_MS;
  const guardedFetch = createGuardedFetch(options);
  return {
    async answer(call) {
      const started = Date.now();
      const client = new OpenAI({
        apiKey: call.apiKey,
        baseURL: call.baseUrl,
        maxRetries: MAX_RETRIES,
        timeout: timeoutMs,
        fetch: guardedFetch,
      });
      const request = {
        model: call.model,
        messages: call.messages,
        tools: call.tools,
        ...(call.temperature === null ? {} : { temperature: call.temperature }),
        ...(call.maxOutputTokens === null ? {} : { max_tokens: call.maxOutputTokens }),
      };
      try {
        const answer = call.onToken ? await streamed(client, request, call.onToken) : await whole(client, request);
        return { ok: true, ...answer, latencyMs: Date.now() - started };
      } catch (err) {
        const host = new URL(call.baseUrl).host;
        const detail =
          err instanceof APIUserAbortError
            ? 'The call was aborted'
            : describeProviderError(err, host, call.apiKey, timeoutMs);
        return { ok: false, error: failureKind(err), detail, latencyMs: Date.now() - started };
      }
    },
  };
}

type Request = OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming;
type Answer = Omit<ModelAnswer, 'latencyMs'>;

async function whole(client: OpenAI, request: Omit<Request, 'stream'>): Promise<Answer> {
  const completion = await client.chat.completions.create({ ...request, stream: false });
  const choice = completion.choices[0];
  const toolCalls = (choice?.message.tool_calls ?? []).flatMap((c) =>
    c.type === 'function' ? [{ name: c.function.name, arguments: c.function.arguments }] : [],
  );
  return {
    text: choice?.message.content ?? '',
    toolCalls,
    model: completion.model,
    tokensIn: completion.usage?.prompt_tokens ?? 0,
    tokensOut: completion.usage?.completion_tokens ?? 0,
    finishReason: choice?.finish_reason ?? 'unknown',
  };
}

/** A stream that ends without a finish reason was cut short: that is a failure, not an answer. */
async function streamed(
  client: OpenAI,
  request: Omit<Request, 'stream'>,
  onToken: (text: string) => void,
): Promise<Answer> {
  const stream = await client.chat.completions.create({
    ...request,
    stream: true,
    stream_options: { include_usage: true },
  });
  let text = '';
  let model = request.model;
  let finishReason: string | null = null;
  let usage = { tokensIn: 0, tokensOut: 0 };
  const calls: ToolCallPiece[] = [];
  for await (const chunk of stream) {
    model = chunk.model || model;
    if (chunk.usage) usage = { tokensIn: chunk.usage.prompt_tokens, tokensOut: chunk.usage.completion_tokens };
    const choice = chunk.choices[0];
    if (!choice) continue;
    const piece = choice.delta.content;
    if (piece) {
      text += piece;
      onToken(piece);
    }
    for (const delta of choice.delta.tool_calls ?? []) {
      const call = (calls[delta.index] ??= { name: '', arguments: '' });
      call.name += delta.function?.name ?? '';
      call.arguments += delta.function?.arguments ?? '';
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  if (finishReason === null) throw new Error('The stream ended before the answer was complete');
  return { text, toolCalls: calls.filter(Boolean), model, ...usage, finishReason };
}
