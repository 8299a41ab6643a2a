/**
 * The "test connection" call (docs/ai-agents.md, Testing a connection), with the official
 * `openai` client: GET {baseUrl}/models/{chatModel} (and the embedding model when there is
 * one). That costs no tokens and proves the key and the model together. Servers without the
 * single-model route (some self-hosted ones) answer it 404: then the model list decides.
 *
 * The host is checked against private addresses again before the call (DNS may have changed
 * since the connection was saved) and at connect time (guardedFetch.ts), and no redirect is
 * followed, so a provider cannot bounce the call into the private network.
 */
import OpenAI, { NotFoundError } from 'openai';
import { ValidationError } from '../../domain/errors.js';
import { assertResolvesToPublicAddress, type Resolver } from '../webhooks/addressGuard.js';
import { createGuardedFetch } from './guardedFetch.js';
import { describeProviderError } from './providerErrorWords.js';

export const CONNECTION_TEST_TIMEOUT_MS = 15_000;

export interface ModelConnectionTarget {
  baseUrl: string;
  apiKey: string;
  chatModel: string;
  embeddingModel: string | null;
}

export interface ConnectionTestResult {
  ok: boolean;
  /** What went wrong, in plain words (absent when ok). */
  error?: string;
}

export interface ModelConnectionProbe {
  test(target: ModelConnectionTarget): Promise<ConnectionTestResult>;
}

export interface ModelConnectionProbeOptions {
  allowHosts: readonly string[];
  resolver?: Resolver;
  timeoutMs?: number;
  /** Extra CA certificates (PEM) the provider's https may use (tests). */
  certificateAuthority?: string;
}

/** true: the provider knows the model; false: it says it does not. Other failures throw. */
async function knowsModel(client: OpenAI, model: string): Promise<boolean> {
  try {
    await client.models.retrieve(model);
    return true;
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
    if (err.code === 'model_not_found') return false;
  }
  const ids: string[] = [];
  for await (const m of client.models.list()) ids.push(m.id);
  return ids.includes(model);
}

export function createModelConnectionProbe(options: ModelConnectionProbeOptions): ModelConnectionProbe {
  const timeoutMs = options.timeoutMs ?? CONNECTION_TEST_TIMEOUT_MS;
  const guardedFetch = createGuardedFetch(options);
  return {
    async test(target) {
      const url = new URL(target.baseUrl);
      try {
        await assertResolvesToPublicAddress(url.hostname, options.allowHosts, options.resolver, 'baseUrl');
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        return {
          ok: false,
          error: `The base URL's host ${url.hostname} resolves to a private address; only hosts in LLM_ALLOW_HOSTS may`,
        };
      }
      const client = new OpenAI({
        apiKey: target.apiKey,
        baseURL: target.baseUrl,
        maxRetries: 0,
        timeout: timeoutMs,
        fetch: guardedFetch,
      });
      try {
        for (const model of [target.chatModel, target.embeddingModel]) {
          if (model === null) continue;
          if (!(await knowsModel(client, model)))
            return { ok: false, error: `The provider does not know the model "${model}"` };
        }
        return { ok: true };
      } catch (err) {
        return { ok: false, error: describeProviderError(err, url.host, target.apiKey, timeoutMs) };
      }
    },
  };
}
