/**
 * The port an agent's turn calls its model through (docs/ai-agents.md, A turn, Failures,
 * Streaming), with the official `openai` client: the connection's base URL and key, the guarded
 * fetch (private addresses only for LLM_ALLOW_HOSTS, no redirects). A turn has one time budget,
 * AI_TIMEOUT_MS, for every attempt and every wait together (streamed answers included: a stream
 * that stalls after its first pieces is cut at the budget too). A 429, a 5xx or a lost
 * connection is tried again at most twice, before anything was streamed, waiting as the
 * provider's Retry-After says (seconds or a date); a wait that would outlast the budget is not
 * waited for. The retries are ours, not the client's, because the client waits its own backoff
 * when Retry-After is long and gives each attempt the whole timeout. Streamed or not, the answer
 * comes back whole; a failure comes back as a kind and plain words (never the key), not as an
 * exception.
 */
import OpenAI from 'openai';
import { APIConnectionError, APIConnectionTimeoutError, APIError, RateLimitError } from 'openai';
import type { PromptMessage } from '../../domain/agent/agentPrompt.js';
import type { ToolDefinition } from '../../domain/agent/agentTools.js';
import type { AgentFailure, ModelAnswer } from '../../domain/agent/agentTurn.js';
import type { Resolver } from '../webhooks/addressGuard.js';
import { createGuardedFetch } from './guardedFetch.js';
import { describeProviderError } from './providerErrorWords.js';
import { retryAfterMs } from './retryAfter.js';

export const AI_TIMEOUT_MS = 30_000;
/** Tries after the first of a 429, a 5xx or a lost connection. */
export const MAX_RETRIES = 2;
/** The wait before a retry when the provider names none: 0.5 s, then 1 s. */
const BACKOFF_MS = 500;

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
  /** When the turn began (epoch ms): several calls of one turn share its time budget. */
  turnStartedAt?: number;
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

type ToolCallPiece = { id: string; name: string; arguments: string };

/** An answer whose shape is not a chat completion (a proxy's error page, a broken stream chunk). */
export class MalformedAnswer extends Error {}

export function failureKind(err: unknown): AgentFailure {
  if (err instanceof APIConnectionTimeoutError) return 'timeout';
  if (err instanceof RateLimitError) return 'rate_limited';
  if (err instanceof APIConnectionError) return 'unreachable';
  if (err instanceof APIError && err.status !== undefined) return 'provider_error';
  if (err instanceof SyntaxError || err instanceof MalformedAnswer) return 'malformed_answer';
  return 'stream_cut';
}

/** Whether another try may help: throttling, a provider's own failure, a connection that dropped. */
export function retryable(err: unknown): boolean {
  if (err instanceof APIConnectionTimeoutError) return false;
  if (err instanceof APIConnectionError) return true;
  if (!(err instanceof APIError) || err.status === undefined) return false;
  return err.status === 408 || err.status === 409 || err.status === 429 || err.status >= 500;
}

export function waitBeforeRetry(err: unknown, retry: number): number {
  const headers = err instanceof APIError ? err.headers : undefined;
  return retryAfterMs(headers?.get('retry-after')) ?? BACKOFF_MS * 2 ** retry;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Connection targets whose client is kept; beyond, the least recently used is let go. */
const KEPT_CLIENTS = 100;

/**
 * One client per connection target (base URL and key), made once and reused: a client is
 * costly to build on every turn. The key is only a map key in memory, as it is in the client.
 */
export function clientsByTarget(guardedFetch: typeof fetch): (baseUrl: string, apiKey: string) => OpenAI {
  const clients = new Map<string, OpenAI>();
  return (baseUrl, apiKey) => {
    const target = `${baseUrl}\n${apiKey}`;
    let client = clients.get(target);
    if (client) clients.delete(target);
    else client = new OpenAI({ apiKey, baseURL: baseUrl, maxRetries: 0, fetch: guardedFetch });
    // Re-inserted last, so the first entry is always the least recently used.
    clients.set(target, client);
    if (clients.size > KEPT_CLIENTS) clients.delete(clients.keys().next().value!);
    return client;
  };
}

export function createChatModel(options: ChatModelOptions): ChatModel {
  const timeoutMs = options.timeoutMs ?? AI_TIMEOUT_MS;
  const clientFor = clientsByTarget(createGuardedFetch(options));
  return {
    async answer(call) {
      const started = Date.now();
      const deadline = (call.turnStartedAt ?? started) + timeoutMs;
      const client = clientFor(call.baseUrl, call.apiKey);
      const request = {
        model: call.model,
        messages: call.messages,
        tools: call.tools,
        ...(call.temperature === null ? {} : { temperature: call.temperature }),
        ...(call.maxOutputTokens === null ? {} : { max_tokens: call.maxOutputTokens }),
      };
      const host = new URL(call.baseUrl).host;
      const failed = (err: unknown, detail?: string): ChatModelResult => ({
        ok: false,
        error: failureKind(err),
        detail: detail ?? describeProviderError(err, host, call.apiKey, timeoutMs),
        latencyMs: Date.now() - started,
      });
      for (let retry = 0; ; retry += 1) {
        // The budget's end aborts the attempt wherever it is: connecting, waiting, or mid-stream.
        const budget = new AbortController();
        const timer = setTimeout(() => budget.abort(), Math.max(0, deadline - Date.now()));
        const attempt = { streamed: false };
        try {
          const options = { signal: budget.signal, timeout: Math.max(1, deadline - Date.now()) };
          const answer = call.onToken
            ? await streamed(client, request, options, call.onToken, attempt)
            : await whole(client, request, options);
          return { ok: true, ...answer, latencyMs: Date.now() - started };
        } catch (caught) {
          const err = budget.signal.aborted ? new APIConnectionTimeoutError() : caught;
          if (attempt.streamed || retry >= MAX_RETRIES || !retryable(err)) return failed(err);
          const wait = waitBeforeRetry(err, retry);
          if (Date.now() + wait >= deadline)
            return failed(
              err,
              `${describeProviderError(err, host, call.apiKey, timeoutMs)}; it asked to wait ${Math.ceil(wait / 1000)} s, longer than the time left`,
            );
          await sleep(wait);
        } finally {
          clearTimeout(timer);
        }
      }
    },
  };
}

type Request = OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming;
type Answer = Omit<ModelAnswer, 'latencyMs'>;

type CallOptions = { signal: AbortSignal; timeout: number };

async function whole(client: OpenAI, request: Omit<Request, 'stream'>, options: CallOptions): Promise<Answer> {
  const completion = await client.chat.completions.create({ ...request, stream: false }, options);
  if (!Array.isArray(completion?.choices)) throw new MalformedAnswer('The answer is not a chat completion');
  const choice = completion.choices[0];
  const toolCalls = (choice?.message.tool_calls ?? []).flatMap((c) =>
    c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [],
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
  options: CallOptions,
  onToken: (text: string) => void,
  attempt: { streamed: boolean },
): Promise<Answer> {
  const stream = await client.chat.completions.create(
    { ...request, stream: true, stream_options: { include_usage: true } },
    options,
  );
  // Once pieces may have reached the visitor, the answer cannot be asked for again.
  attempt.streamed = true;
  let text = '';
  let model = request.model;
  let finishReason: string | null = null;
  let usage = { tokensIn: 0, tokensOut: 0 };
  const calls: ToolCallPiece[] = [];
  for await (const chunk of stream) {
    model = chunk.model || model;
    if (chunk.usage) usage = { tokensIn: chunk.usage.prompt_tokens, tokensOut: chunk.usage.completion_tokens };
    if (!Array.isArray(chunk?.choices))
      throw new MalformedAnswer('A piece of the answer is not a chat completion chunk');
    const choice = chunk.choices[0];
    if (!choice) continue;
    const piece = choice.delta?.content;
    if (piece) {
      text += piece;
      onToken(piece);
    }
    for (const delta of choice.delta?.tool_calls ?? []) {
      const call = (calls[delta.index] ??= { id: '', name: '', arguments: '' });
      call.id ||= delta.id ?? '';
      call.name += delta.function?.name ?? '';
      call.arguments += delta.function?.arguments ?? '';
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  if (finishReason === null) throw new Error('The stream ended before the answer was complete');
  return { text, toolCalls: calls.filter(Boolean), model, ...usage, finishReason };
}
