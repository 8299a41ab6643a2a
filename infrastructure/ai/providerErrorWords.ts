/**
 * What a provider said, in plain words for the admin who set the connection up: the status and
 * what it means rather than the client's class names. The provider's own message is kept
 * short and never repeats the key (some providers echo part of a rejected key).
 */
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from 'openai';

const MAX_PROVIDER_MESSAGE = 200;

/** The provider's own message, shortened, with the key (and anything key-like it echoes) masked. */
export function providerMessage(err: APIError, apiKey: string): string {
  const body = err.error as { message?: unknown } | undefined;
  const raw = typeof body?.message === 'string' ? body.message : '';
  const masked = raw
    .split(apiKey)
    .join('***')
    .replace(/\b(sk-[A-Za-z0-9_*-]{4})[A-Za-z0-9_*-]+/g, '$1…');
  return masked.length > MAX_PROVIDER_MESSAGE ? `${masked.slice(0, MAX_PROVIDER_MESSAGE)}…` : masked;
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved right now',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  EFORBIDDENADDRESS: 'it resolves to a private address (list it in LLM_ALLOW_HOSTS to allow that)',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate is not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host',
};

/** The first errno-style code along an error's causes (fetch wraps the socket's error). */
function networkCode(err: unknown): string | null {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The sentence the test endpoint answers for an error of a call to the provider at `host`. */
export function describeProviderError(err: unknown, host: string, apiKey: string, timeoutMs: number): string {
  if (err instanceof APIConnectionTimeoutError)
    return `The provider at ${host} did not answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} seconds`}`;
  if (err instanceof APIConnectionError) {
    const code = networkCode(err.cause);
    const why = code ? (NETWORK_WORDS[code] ?? code) : 'no answer came';
    return `Could not reach the provider at ${host}: ${why}`;
  }
  if (err instanceof AuthenticationError) return 'The provider refused the API key (401)';
  if (err instanceof PermissionDeniedError) {
    const said = providerMessage(err, apiKey);
    return `The provider refused access with this API key (403)${said ? `: ${said}` : ''}`;
  }
  if (err instanceof NotFoundError)
    return 'The provider has no OpenAI-compatible API at this base URL (404); it is usually the root that ends in /v1';
  if (err instanceof RateLimitError)
    return 'The provider is limiting requests with this API key (429); the key works, try the test again later';
  if (err instanceof APIError) {
    const said = providerMessage(err, apiKey);
    const status = err.status ?? 'an error';
    return `The provider answered with an error (${status})${said ? `: ${said}` : ''}`;
  }
  return `The provider's answer could not be read: ${(err as Error)?.message ?? String(err)}`;
}
