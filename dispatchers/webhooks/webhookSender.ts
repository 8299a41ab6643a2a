/**
 * One signed HTTP POST of a delivery, with got. Success is a 2xx within the timeout; redirects
 * are not followed (a 3xx is a failure, and cannot bounce us to a private address); the target
 * is checked before the request (IP literals: Node skips DNS for them) and again at connect time
 * through the guarded lookup (names, DNS rebinding).
 */
import { Agent as HttpsAgent } from 'node:https';
import { got } from 'got';
import { signatureHeaders } from '../../domain/webhooks/webhookSignature.js';
import { validateWebhookUrl } from '../../domain/webhooks/webhookUrl.js';
import { createGuardedLookup, type Resolver } from '../../infrastructure/webhooks/addressGuard.js';

export const USER_AGENT = 'Confab-Webhooks/1.0';
/** The receiver's answer is kept in the log only this far: enough to read an error message. */
const MAX_LOGGED_RESPONSE = 2048;

export interface SendRequest {
  deliveryId: string;
  url: string;
  secret: string;
  eventName: string;
  body: string;
}

export interface SendResult {
  requestHeaders: Record<string, string>;
  statusCode: number | null;
  responseHeaders: Record<string, string | string[] | undefined>;
  responseBody: string | null;
  responseMs: number;
  error: string | null;
  success: boolean;
}

export interface SenderOptions {
  timeoutMs: number;
  allowHosts: readonly string[];
  /** Extra CA certificates (PEM); the process also trusts NODE_EXTRA_CA_CERTS. */
  certificateAuthority?: string | string[];
  resolver?: Resolver;
  maxSockets?: number;
}

/** The headers of one attempt: the product's own (docs/events.md), a stable delivery id, and Standard Webhooks'. */
export function deliveryHeaders(req: SendRequest, secret: string, nowMs: number): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'x-webhook-event': req.eventName,
    'x-webhook-delivery-id': req.deliveryId,
    ...signatureHeaders(secret, req.deliveryId, req.body, nowMs),
  };
}

export class WebhookSender {
  private readonly agent: HttpsAgent;
  private readonly lookup: ReturnType<typeof createGuardedLookup>;

  constructor(private readonly options: SenderOptions) {
    this.agent = new HttpsAgent({ keepAlive: true, maxSockets: options.maxSockets ?? 50 });
    this.lookup = createGuardedLookup(options.allowHosts, options.resolver);
  }

  async send(req: SendRequest, now: () => number = Date.now): Promise<SendResult> {
    const requestHeaders = deliveryHeaders(req, req.secret, now());
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failed = (error: string, statusCode: number | null = null, extra: Partial<SendResult> = {}): SendResult => ({
      requestHeaders,
      statusCode,
      responseHeaders: {},
      responseBody: null,
      responseMs: elapsed(),
      error,
      success: false,
      ...extra,
    });

    try {
      validateWebhookUrl(req.url, this.options.allowHosts);
    } catch (err) {
      return failed(`refused: ${(err as Error).message}`);
    }

    return new Promise<SendResult>((resolve) => {
      let statusCode: number | null = null;
      let responseHeaders: SendResult['responseHeaders'] = {};
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const stream = got.stream.post(req.url, {
        body: req.body,
        headers: requestHeaders,
        timeout: { request: this.options.timeoutMs },
        retry: { limit: 0 },
        followRedirect: false,
        throwHttpErrors: false,
        decompress: false,
        dnsLookup: this.lookup,
        agent: { https: this.agent },
        https: this.options.certificateAuthority ? { certificateAuthority: this.options.certificateAuthority } : {},
      });
      const finish = (error: string | null) => {
        if (settled) return;
        settled = true;
        stream.destroy();
        const responseBody = chunks.length
          ? Buffer.concat(chunks).subarray(0, MAX_LOGGED_RESPONSE).toString('utf8')
          : statusCode === null
            ? null
            : '';
        const success = error === null && statusCode !== null && statusCode >= 200 && statusCode < 300;
        resolve({
          requestHeaders,
          statusCode,
          responseHeaders,
          responseBody,
          responseMs: elapsed(),
          success,
          error: error ?? (success ? null : `receiver answered ${statusCode}`),
        });
      };
      stream.on('response', (res: { statusCode: number; headers: SendResult['responseHeaders'] }) => {
        statusCode = res.statusCode;
        responseHeaders = res.headers;
      });
      stream.on('data', (chunk: Buffer) => {
        if (size < MAX_LOGGED_RESPONSE) chunks.push(chunk);
        size += chunk.length;
        // The status is known; a huge or endless answer is not read any further.
        if (size >= MAX_LOGGED_RESPONSE) finish(null);
      });
      stream.on('end', () => finish(null));
      stream.on('error', (err: Error & { code?: string }) => {
        const code = err.code ? `${err.code}: ` : '';
        finish(`${code}${err.message}`.slice(0, 500));
      });
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
