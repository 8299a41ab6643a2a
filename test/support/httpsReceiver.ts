import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifySignature } from '../../domain/webhooks/webhookSignature.js';

/**
 * A real HTTPS webhook receiver for tests, so deliveries go through TLS, DNS-free 127.0.0.1
 * and the raw bytes exactly as a subscriber would see them.
 */

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Bytes as received, before any JSON parsing: what the signature covers. */
  rawBody: Buffer;
  receivedAt: Date;
}

export interface ReceiverReply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer | object;
  /** Wait this long before answering, e.g. to exceed the sender's timeout. */
  delayMs?: number;
}

export type Responder = (req: ReceivedRequest) => ReceiverReply | Promise<ReceiverReply>;

export interface HttpsReceiver {
  /** https://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  port: number;
  caPem: string;
  /** PEM file of the certificate, usable as NODE_EXTRA_CA_CERTS for a child process. */
  caFile: string;
  requests: ReceivedRequest[];
  respondWith(fn: Responder): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export interface HttpsReceiverOptions {
  respond?: Responder;
}

export interface TestCertificate {
  keyPem: string;
  certPem: string;
  certFile: string;
}

let certificate: TestCertificate | undefined;

/**
 * One self-signed certificate (SAN 127.0.0.1, ::1 and localhost) per test process, so a
 * service started with NODE_EXTRA_CA_CERTS=caFile trusts every receiver created later.
 * Removed when the process exits.
 */
export function getTestCertificate(): TestCertificate {
  if (certificate) return certificate;
  const dir = mkdtempSync(join(tmpdir(), 'confab-https-receiver-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (err) {
    throw new Error(`httpsReceiver needs the openssl binary to create its certificate: ${String(err)}`);
  }
  certificate = { keyPem: readFileSync(keyFile, 'utf8'), certPem: readFileSync(certFile, 'utf8'), certFile };
  return certificate;
}

export async function startHttpsReceiver(opts: HttpsReceiverOptions = {}): Promise<HttpsReceiver> {
  const cert = getTestCertificate();
  const requests: ReceivedRequest[] = [];
  let responder: Responder = opts.respond ?? (() => ({ status: 200, body: { ok: true } }));
  const waiters = new Set<() => void>();
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer({ key: cert.keyPem, cert: cert.certPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody: Buffer.concat(chunks),
        receivedAt: new Date(),
      };
      requests.push(received);
      for (const wake of [...waiters]) wake();
      void reply(received, res);
    });
  });

  async function reply(received: ReceivedRequest, res: ServerResponse<IncomingMessage>): Promise<void> {
    let answer: ReceiverReply;
    try {
      answer = await responder(received);
    } catch (err) {
      answer = { status: 500, body: { error: String(err) } };
    }
    if (answer.delayMs) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => (timers.delete(t), resolve()), answer.delayMs);
        timers.add(t);
      });
    }
    if (res.destroyed) return;
    const { payload, contentType } = encodeBody(answer.body);
    res.writeHead(answer.status, { ...(contentType ? { 'content-type': contentType } : {}), ...answer.headers });
    res.end(payload);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `https://127.0.0.1:${port}`,
    port,
    caPem: cert.certPem,
    caFile: cert.certFile,
    requests,
    respondWith(fn) {
      responder = fn;
    },
    waitFor(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return;
          cleanup();
          resolve(requests.slice());
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`httpsReceiver: expected ${count} request(s) within ${timeoutMs} ms, got ${requests.length}`),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      return new Promise((resolve) => {
        server.close(() => resolve());
        // Delayed replies and keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections();
      });
    },
  };
}

function encodeBody(body: ReceiverReply['body']): { payload?: string | Buffer; contentType?: string } {
  if (body === undefined) return {};
  if (typeof body === 'string') return { payload: body, contentType: 'text/plain' };
  if (Buffer.isBuffer(body)) return { payload: body, contentType: 'application/octet-stream' };
  return { payload: JSON.stringify(body), contentType: 'application/json' };
}

/**
 * Verifies a delivery the way docs/events.md tells receivers to: HMAC-SHA256 over the raw body with
 * the webhook secret, compared timing-safe with the x-webhook-signature header.
 */
export function verifySeedSignature(req: ReceivedRequest, secret: string): boolean {
  const header = req.headers['x-webhook-signature'];
  return typeof header === 'string' && verifySignature(secret, req.rawBody, header);
}

/** The delivery body parsed as JSON (after the signature has been checked on the raw bytes). */
export function jsonBody<T = unknown>(req: ReceivedRequest): T {
  return JSON.parse(req.rawBody.toString('utf8')) as T;
}
