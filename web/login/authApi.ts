/**
 * The sign-in endpoints (/auth/*, same origin as the page): JSON in, `{redirect}` or
 * `{error, code}` out. A 429 is turned into a message with the wait from `Retry-After`.
 */
export type Outcome = { ok: true; body: any } | { ok: false; status: number; error: string; code?: string };

function waitText(seconds: number): string {
  if (seconds >= 90) return `about ${Math.ceil(seconds / 60)} minutes`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

export async function postJson(path: string, body: unknown): Promise<Outcome> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: 'We could not reach the server. Check your connection and try again.' };
  }
  const parsed = await res.json().catch(() => null);
  if (res.ok) return { ok: true, body: parsed ?? {} };
  if (res.status === 429) {
    const after = Number(res.headers.get('retry-after'));
    const wait =
      Number.isFinite(after) && after > 0
        ? ` Try again in ${waitText(Math.ceil(after))}.`
        : ' Try again in a little while.';
    return { ok: false, status: 429, code: parsed?.code ?? 'RATE_LIMITED', error: `Too many attempts.${wait}` };
  }
  const error = typeof parsed?.error === 'string' ? parsed.error : 'Something went wrong. Please try again.';
  return { ok: false, status: res.status, error, code: parsed?.code };
}

export interface Provider {
  id: string;
  name: string;
  startUrl: string;
}

export async function fetchProviders(): Promise<Provider[]> {
  try {
    const res = await fetch('/auth/providers', { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    if (!res.ok) return [];
    const body = await res.json();
    return Array.isArray(body?.providers) ? body.providers : [];
  } catch {
    return [];
  }
}

/** Follows a `{redirect}` answer; only relative paths or http(s) addresses are followed. */
export function follow(body: { redirect?: unknown }, fallback = '/'): void {
  const target = typeof body?.redirect === 'string' ? body.redirect : fallback;
  const url = new URL(target, location.href);
  location.assign(url.protocol === 'http:' || url.protocol === 'https:' ? url.href : fallback);
}

/** A value from the page's address (the token or code a mailed link carries). */
export function queryParam(name: string): string {
  return new URL(location.href).searchParams.get(name) ?? '';
}
