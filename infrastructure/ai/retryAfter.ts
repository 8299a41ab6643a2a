/**
 * How long a provider asks to be left alone before a call is tried again: its `Retry-After`
 * header, as seconds or as an HTTP date (RFC 9110 allows both; OpenAI sends seconds, proxies in
 * front of self-hosted models often send dates). Null when the header is absent or unreadable.
 */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (header === null || header === undefined) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
