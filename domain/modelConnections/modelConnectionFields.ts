/**
 * The rules of a model connection's fields (docs/ai-agents.md, Model connections): each bad
 * field is a ValidationError naming it. Text is trimmed; names and model ids stay on one line.
 */
import { charLength } from '../charLength.js';
import { refuseControlCharacters } from '../controlCharacters.js';
import { ValidationError } from '../errors.js';
import { validateWebhookUrl } from '../webhooks/webhookUrl.js';

export const MAX_CONNECTION_NAME = 100;
export const MAX_MODEL_NAME = 200;
export const MAX_API_KEY = 500;
/** Connections one workspace may hold: enough for every provider and a spare per environment. */
export const MAX_MODEL_CONNECTIONS = 20;

function boundedText(raw: unknown, field: string, max: number): string {
  if (typeof raw !== 'string') throw new ValidationError(`${field} must be a string`, field);
  const text = raw.trim();
  if (text === '') throw new ValidationError(`${field} is required`, field);
  if (charLength(text) > max) throw new ValidationError(`${field} must be at most ${max} characters`, field);
  return refuseControlCharacters(text, field);
}

export const validateConnectionName = (raw: unknown): string => boundedText(raw, 'name', MAX_CONNECTION_NAME);

/** A model id as the provider spells it ("gpt-4o-mini", "llama3.1:8b", "accounts/x/models/y"). */
export function validateModelName(raw: unknown, field: 'chatModel' | 'embeddingModel'): string {
  const model = boundedText(raw, field, MAX_MODEL_NAME);
  if (/\s/.test(model)) throw new ValidationError(`${field} must not contain spaces`, field);
  return model;
}

/** Absent or null: no embedding model. */
export const validateEmbeddingModel = (raw: unknown): string | null =>
  raw === undefined || raw === null ? null : validateModelName(raw, 'embeddingModel');

/**
 * The key is sent as a bearer token: a header value, so no blanks or control characters inside.
 * Not trimmed silently beyond the ends: a key pasted with a trailing newline is still the key.
 */
export function validateApiKey(raw: unknown): string {
  const key = boundedText(raw, 'apiKey', MAX_API_KEY);
  if (/[\s\u0080-\uffff]/.test(key))
    throw new ValidationError('apiKey must not contain spaces or characters outside ASCII', 'apiKey');
  return key;
}

/**
 * The provider's OpenAI-compatible root (requests go to `{baseUrl}/chat/completions`). The
 * webhook URL rules apply: https to a public host, or http and private addresses for hosts in
 * LLM_ALLOW_HOSTS (a self-hosted Ollama, vLLM or llama.cpp server). Stored without a trailing
 * slash, so the client's paths join it the one way.
 */
export function validateModelBaseUrl(raw: unknown, allowHosts: readonly string[]): string {
  const href = validateWebhookUrl(raw, allowHosts, { field: 'baseUrl', httpForAllowedHosts: true });
  const url = new URL(href);
  if (url.search !== '' || url.hash !== '')
    throw new ValidationError(
      'baseUrl must not have a query or a fragment (e.g. https://api.openai.com/v1)',
      'baseUrl',
    );
  return href.replace(/\/+$/, '');
}
