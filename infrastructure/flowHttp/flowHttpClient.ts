/**
 * The HTTP calls of a flow's http steps (docs/flows.md, http steps), made for the command layer:
 * https only, private, loopback and internal addresses refused as for webhook URLs (before the
 * call, and again at connect time through the guarded lookup, against DNS rebinding), no
 * redirect followed (a 3xx is a failure, so it cannot bounce the call to a private address),
 * a timeout, and an answer read only up to a bound. Signed with the chatbot's flow signing
 * secret as webhook deliveries are signed.
 */
import { randomUUID } from 'node:crypto';
import { Agent as HttpsAgent } from 'node:https';
import { got } from 'got';
import type { HttpRequest, HttpResult } from '../../domain/flow/flowInterpreter.js';
import { signatureHeaders } from '../../domain/webhooks/webhookSignature.js';
import { validateWebhookUrl } from '../../domain/webhooks/webhookUrl.js';
import { createGuardedLookup, type Resolver } from '../webhooks/addressGuard.js';

export const FLOW_HTTP_USER_AGENT = 'Confab-Flows/1.0';
export const FLOW_HTTP_TIMEOUT_MS = 10_000;
/** Larger answers are cut off and count as a failure: a flow saves small values. */
export const MAX_FLOW_HTTP_RESPONSE = 256 * 1024;

export interface FlowHttpClientOptions {
  allowHosts: readonly string[];
  timeoutMs?: number;
  resolver?: Resolver;
  /** Extra CA certificates (PEM); the process also trusts NODE_EXTRA_CA_CERTS. */
  certificateAuthority?: string | string[];
}

/** One call, its result as the flow takes it (commands/conversationCommands.ts, FlowHttp). */
export function createFlowHttpClient(options: FlowHttpClientOptions): {
  call(request: HttpRequest, signingSecret: string): Promise<HttpResult>;
} {
  const agent = new HttpsAgent({ keepAlive: true, maxSockets: 50 });
  const lookup = createGuardedLookup(options.allowHosts, options.resolver);
  return {
    async call(request, signingSecret) {
      try {
        validateWebhookUrl(request.url, options.allowHosts);
      } catch (err) {
        return { ok: false, reason: `refused: ${(err as Error).message}` };
      }
      const body = request.body ?? '';
      return new Promise<HttpResult>((resolve) => {
        let status: number | null = null;
        const chunks: Buffer[] = [];
        let size = 0;
        let settled = false;
        const stream = got.stream(request.url, {
          method: request.method,
          headers: {
            'user-agent': FLOW_HTTP_USER_AGENT,
            accept: 'application/json',
            ...request.headers,
            ...signatureHeaders(signingSecret, `flow_${randomUUID()}`, body, Date.now()),
          },
          ...(request.body === undefined ? {} : { body: request.body }),
          timeout: { request: options.timeoutMs ?? FLOW_HTTP_TIMEOUT_MS },
          retry: { limit: 0 },
          followRedirect: false,
          throwHttpErrors: false,
          dnsLookup: lookup,
          agent: { https: agent },
          https: options.certificateAuthority ? { certificateAuthority: options.certificateAuthority } : {},
        });
        const settle = (result: HttpResult) => {
          if (settled) return;
          settled = true;
          stream.destroy();
          resolve(result);
        };
        stream.on('response', (res: { statusCode: number }) => {
          status = res.statusCode;
        });
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // Read no further than a flow could use: a huge or endless answer is a failure.
          if (size > MAX_FLOW_HTTP_RESPONSE) settle({ ok: false, reason: 'the answer was too large' });
          else chunks.push(chunk);
        });
        stream.on('end', () =>
          settle({ ok: true, status: status ?? 0, json: parseJson(Buffer.concat(chunks).toString('utf8')) }),
        );
        stream.on('error', (err: Error & { code?: string }) =>
          settle({ ok: false, reason: `${err.code ? `${err.code}: ` : ''}${err.message}`.slice(0, 500) }),
        );
      });
    },
  };
}

/** The answer's JSON; an answer that is not JSON saves nothing (undefined finds nothing at any path). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
