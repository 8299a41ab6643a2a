/**
 * A fetch that answers from a script instead of the network, and records every call (URL,
 * method, headers as sent, body), for tests of what the SDK sends and how it reads answers.
 */
export interface SentRequest {
  url: URL;
  method: string;
  /** The headers exactly as the SDK passed them to fetch (no merging by fetch). */
  headers: Record<string, string>;
  body: string | undefined;
}

export type Answer = (req: SentRequest) => Response;

export function scriptedFetch(answer: Answer = () => json(200, { data: {} })) {
  const sent: SentRequest[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const req: SentRequest = {
      url: new URL(String(input)),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    sent.push(req);
    return answer(req);
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}
