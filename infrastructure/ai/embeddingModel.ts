/**
 * The port knowledge passages and questions are embedded through (docs/knowledge.md,
 * Retrieval), with the official `openai` client's `embeddings.create`, under the same rules as
 * an agent's chat calls (chatModel.ts): the guarded fetch (private addresses only for
 * LLM_ALLOW_HOSTS, no redirects), one time budget per call for every attempt and wait together,
 * at most two retries of a 429, a 5xx or a lost connection as Retry-After says. Inputs go in
 * batches of EMBEDDING_BATCH per request; a failure comes back as a kind and plain words (never
 * the key), not as an exception. Vectors come back scaled to length 1, so a dot product of two
 * is their cosine similarity.
 */
import type OpenAI from 'openai';
import { APIConnectionTimeoutError, NotFoundError } from 'openai';
import type { AgentFailure } from '../../domain/agent/agentTurn.js';
import type { Resolver } from '../webhooks/addressGuard.js';
import {
  AI_TIMEOUT_MS,
  clientsByTarget,
  failureKind,
  MalformedAnswer,
  MAX_RETRIES,
  retryable,
  waitBeforeRetry,
} from './chatModel.js';
import { createGuardedFetch } from './guardedFetch.js';
import { describeProviderError, providerMessage } from './providerErrorWords.js';

/** Inputs per request: far under providers' caps (2,048 inputs at OpenAI), small enough to retry cheaply. */
export const EMBEDDING_BATCH = 64;

export interface EmbeddingCall {
  baseUrl: string;
  apiKey: string;
  model: string;
  inputs: readonly string[];
  /** The budget of each request (default the model's, AI_TIMEOUT_MS). */
  timeoutMs?: number;
}

export type EmbeddingResult =
  | { ok: true; vectors: Float32Array[]; tokens: number; latencyMs: number }
  | { ok: false; error: AgentFailure; detail: string; latencyMs: number };

export interface EmbeddingModel {
  /** One unit-length vector per input, in order; all of one length. */
  embed(call: EmbeddingCall): Promise<EmbeddingResult>;
}

export interface EmbeddingModelOptions {
  allowHosts: readonly string[];
  resolver?: Resolver;
  timeoutMs?: number;
  certificateAuthority?: string;
}

const providerSaid = (err: NotFoundError, apiKey: string) => {
  const said = providerMessage(err, apiKey);
  return said ? `: ${said}` : '';
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The vector scaled to length 1 (a zero vector stays zero: it is similar to nothing). */
export function unitVector(values: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(values);
  let norm = 0;
  for (const v of out) norm += v * v;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < out.length; i += 1) out[i] /= norm;
  return out;
}

/** The answer's vectors in input order, or MalformedAnswer when it is not an embeddings list for them. */
function vectorsOf(answer: OpenAI.Embeddings.CreateEmbeddingResponse, count: number): Float32Array[] {
  if (!Array.isArray(answer?.data) || answer.data.length !== count)
    throw new MalformedAnswer(`The answer is not a list of ${count} embeddings`);
  const vectors: Float32Array[] = new Array(count);
  for (const item of answer.data) {
    const index = item?.index;
    const values = item?.embedding as unknown;
    if (!Number.isInteger(index) || index < 0 || index >= count || vectors[index] !== undefined)
      throw new MalformedAnswer('An embedding of the answer has no index of its own');
    if (!Array.isArray(values) || values.length === 0 || !values.every((v) => Number.isFinite(v)))
      throw new MalformedAnswer('An embedding of the answer is not a list of numbers');
    vectors[index] = unitVector(values as number[]);
  }
  if (vectors.some((v) => v.length !== vectors[0]!.length))
    throw new MalformedAnswer('The embeddings of the answer are not all of one length');
  return vectors;
}

export function createEmbeddingModel(options: EmbeddingModelOptions): EmbeddingModel {
  const defaultTimeoutMs = options.timeoutMs ?? AI_TIMEOUT_MS;
  const clientFor = clientsByTarget(createGuardedFetch(options));

  /** One request of at most EMBEDDING_BATCH inputs, retried within its budget. */
  async function batch(client: OpenAI, call: EmbeddingCall, inputs: string[], timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (let retry = 0; ; retry += 1) {
      const budget = new AbortController();
      const timer = setTimeout(() => budget.abort(), Math.max(0, deadline - Date.now()));
      try {
        const answer = await client.embeddings.create(
          { model: call.model, input: inputs },
          { signal: budget.signal, timeout: Math.max(1, deadline - Date.now()) },
        );
        return { vectors: vectorsOf(answer, inputs.length), tokens: answer.usage?.total_tokens ?? 0 };
      } catch (caught) {
        const err = budget.signal.aborted ? new APIConnectionTimeoutError() : caught;
        const wait = waitBeforeRetry(err, retry);
        if (retry >= MAX_RETRIES || !retryable(err) || Date.now() + wait >= deadline) throw err;
        await sleep(wait);
      } finally {
        clearTimeout(timer);
      }
    }
  }

  return {
    async embed(call) {
      const started = Date.now();
      const timeoutMs = call.timeoutMs ?? defaultTimeoutMs;
      const client = clientFor(call.baseUrl, call.apiKey);
      const vectors: Float32Array[] = [];
      let tokens = 0;
      try {
        for (let start = 0; start < call.inputs.length; start += EMBEDDING_BATCH) {
          const part = await batch(client, call, call.inputs.slice(start, start + EMBEDDING_BATCH), timeoutMs);
          if (vectors.length > 0 && part.vectors[0]!.length !== vectors[0]!.length)
            throw new MalformedAnswer('The embeddings of the answers are not all of one length');
          vectors.push(...part.vectors);
          tokens += part.tokens;
        }
        return { ok: true, vectors, tokens, latencyMs: Date.now() - started };
      } catch (err) {
        const host = new URL(call.baseUrl).host;
        const detail =
          err instanceof MalformedAnswer
            ? `The provider at ${host} answered something that is not embeddings: ${err.message}`
            : err instanceof NotFoundError
              ? `The provider at ${host} has no embedding model ${call.model} (404)${providerSaid(err, call.apiKey)}`
              : describeProviderError(err, host, call.apiKey, timeoutMs);
        return { ok: false, error: failureKind(err), detail, latencyMs: Date.now() - started };
      }
    },
  };
}
