/**
 * An HTTPS webhook receiver that can cut a request's connection with a TCP reset (RST), the way
 * a receiver that crashes or a middlebox that kills the connection does, at a chosen point:
 *  - 'before-answer': after the whole request arrived, before any byte of the answer;
 *  - 'mid-answer': after the status line, the headers and part of the body.
 * Otherwise it answers 200. httpsReceiver.ts cannot do this: its replies go through the HTTP
 * layer, which closes a TLS connection politely; here the reset goes to the TCP socket beneath.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { getTestCertificate, type ReceivedRequest } from './httpsReceiver.js';

export type ConnectionFate = 'answer' | 'before-answer' | 'mid-answer';

export interface ResettingHttpsReceiver {
  /** https://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  caPem: string;
  requests: ReceivedRequest[];
  /** Decides, per request (and how many came before it for the same delivery), whether to answer or reset. */
  decide(fn: (req: ReceivedRequest, earlierForDelivery: number) => ConnectionFate): void;
  close(): Promise<void>;
}

export async function startResettingHttpsReceiver(): Promise<ResettingHttpsReceiver> {
  const cert = getTestCertificate();
  const requests: ReceivedRequest[] = [];
  let decide: (req: ReceivedRequest, earlier: number) => ConnectionFate = () => 'answer';
  // The TCP sockets under the TLS ones, by the client's port (a TLS socket cannot send a reset).
  const tcpSockets = new Map<number, Socket>();

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
      const delivery = req.headers['x-webhook-delivery-id'];
      const earlier = requests.filter((r) => r.headers['x-webhook-delivery-id'] === delivery).length;
      requests.push(received);
      const fate = decide(received, earlier);
      const reset = () => tcpSockets.get(req.socket.remotePort ?? -1)?.resetAndDestroy();
      if (fate === 'before-answer') return reset();
      if (fate === 'mid-answer') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        // The reset follows once the first part has been handed to the kernel.
        return void res.write('{"partial":', () => reset());
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  server.on('connection', (socket: Socket) => {
    const port = socket.remotePort;
    if (port === undefined) return;
    tcpSockets.set(port, socket);
    socket.on('close', () => tcpSockets.delete(port));
    socket.on('error', () => undefined);
  });
  server.on('tlsClientError', () => undefined);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}`,
    caPem: cert.certPem,
    requests,
    decide(fn) {
      decide = fn;
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
