/**
 * A `fetch` for the `openai` client that connects only where model connections may go: every
 * DNS answer is checked at connect time by the webhooks' guarded lookup (a name that re-resolves
 * to a private address after it was saved, DNS rebinding, is refused), redirects are never
 * followed, and the answer's body streams as it arrives (streamed completions read it piece by
 * piece). Built on node:http(s) because Node's global fetch takes no lookup of its own.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Agent as HttpAgent } from 'node:http';
import { Readable } from 'node:stream';
import { createGuardedLookup, type Resolver } from '../webhooks/addressGuard.js';

export interface GuardedFetchOptions {
  allowHosts: readonly string[];
  resolver?: Resolver;
  /** Extra CA certificates (PEM) beside the system's and NODE_EXTRA_CA_CERTS (tests). */
  certificateAuthority?: string;
}

function headersOf(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

async function bodyBytes(body: unknown): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body);
  // FormData, Blob, streams: whatever Response can read whole.
  return Buffer.from(await new Response(body as BodyInit).arrayBuffer());
}

export function createGuardedFetch(options: GuardedFetchOptions): typeof fetch {
  const lookup = createGuardedLookup(options.allowHosts, options.resolver);
  const agents = {
    'http:': new HttpAgent({ keepAlive: true, lookup }),
    'https:': new HttpsAgent({
      keepAlive: true,
      lookup,
      ...(options.certificateAuthority ? { ca: options.certificateAuthority } : {}),
    }),
  };
  const guarded = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const agent = agents[url.protocol as keyof typeof agents];
    if (!agent) throw new TypeError(`fetch: only http and https are supported, not ${url.protocol}`);
    const body = await bodyBytes(init.body);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const signal = init.signal ?? undefined;
    return new Promise<Response>((resolve, reject) => {
      // As the global fetch does: an abort rejects with an AbortError, which is how the client
      // tells its own timeout from a failed connection.
      const aborted = () => new DOMException('This operation was aborted', 'AbortError');
      if (signal?.aborted) return reject(aborted());
      const req = send(
        url,
        { method: init.method ?? 'GET', headers: Object.fromEntries(new Headers(init.headers)), agent },
        (res) => {
          const status = res.statusCode ?? 0;
          // A 3xx is answered as is: following it could lead the call into the private network.
          const nullBody = status === 204 || status === 304 || (init.method ?? 'GET') === 'HEAD';
          resolve(
            new Response(nullBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
              status,
              statusText: res.statusMessage,
              headers: headersOf(res),
            }),
          );
        },
      );
      const abort = () => {
        reject(aborted());
        req.destroy();
      };
      signal?.addEventListener('abort', abort, { once: true });
      req.on('close', () => signal?.removeEventListener('abort', abort));
      req.on('error', (err) => reject(new TypeError('fetch failed', { cause: err })));
      req.end(body);
    });
  };
  return guarded as typeof fetch;
}
