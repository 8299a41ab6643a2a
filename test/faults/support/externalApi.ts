/** HTTP calls to the running service, and the External API reads the fault tests share. */

export const EXTERNAL = '/api/v1/external/v1';

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/**
 * One HTTP call. A connection error or a timeout rejects (the caller decides whether that is a
 * failure); `timeoutMs` bounds the whole call so that a hang shows up as an error, not a stall.
 */
export async function http(
  base: string,
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers['x-api-key'] = opts.key;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(base + path, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Every response record of a chatbot, all pages. */
export async function allResponses(
  base: string,
  key: string,
  chatbotId: string,
): Promise<{ total: number; records: any[] }> {
  const records: any[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const r = await http(base, 'GET', `${EXTERNAL}/chatbots/${chatbotId}/responses?limit=100&page=${page}`, { key });
    if (r.status !== 200) throw new Error(`GET responses answered ${r.status}: ${r.text}`);
    total = r.body.total;
    records.push(...r.body.data);
    if (r.body.data.length < 100) break;
  }
  return { total, records };
}
