/**
 * A local HTTP server of its own (no service behind it) that answers each request with the next
 * scripted answer, then 'ok': failures of every kind, and answers trickled one byte at a time
 * (each byte well within a timeout, the whole answer far slower than it). It records when each
 * request arrived and when a trickle found its client gone.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ScriptedAnswer =
  /** A usage answer, at once. */
  | 'ok'
  | '401'
  | '500'
  /** A 429 with Retry-After: 3600 (a spent quota: thrown at once, not waited for). */
  | '429-long'
  /** A 200 whose body is not JSON (a login page in between). */
  | 'not-json'
  /** The connection is dropped without an answer. */
  | 'reset'
  /** The request is read, never answered. */
  | 'silent'
  /** Status and headers at once, then the body a byte every `intervalMs`. */
  | 'trickle-body'
  /** The status line and headers a byte at a time as well. */
  | 'trickle-head';

export const USAGE_BODY = JSON.stringify({
  data: { month: '2024-06', plan: 'pro', used: 1, limit: 50000, remaining: 49999 },
});

export interface ScriptedServer {
  /** `http://127.0.0.1:<port>/api/v1`: the SDK's baseURL. */
  baseURL: string;
  /** performance.now() of each request since the last `script`. */
  arrivals: number[];
  /** performance.now() when a trickle found its client gone. */
  abandoned: number[];
  /** These answers for the next requests, then 'ok'; clears the records. */
  script(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

export async function startScriptedServer(intervalMs = 50): Promise<ScriptedServer> {
  let queue: ScriptedAnswer[] = [];
  const arrivals: number[] = [];
  const abandoned: number[] = [];
  const timers = new Set<NodeJS.Timeout>();

  function trickle(socket: Socket, bytes: Buffer): void {
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || socket.writableEnded) {
        abandoned.push(performance.now());
      } else if (sent < bytes.length) {
        socket.write(bytes.subarray(sent, ++sent));
        return;
      }
      clearInterval(timer);
      timers.delete(timer);
      socket.end();
    }, intervalMs);
    timers.add(timer);
  }

  function answer(kind: ScriptedAnswer, req: IncomingMessage, res: ServerResponse): void {
    const json = { 'content-type': 'application/json', 'x-request-id': `scripted-${arrivals.length}` };
    const body = Buffer.from(USAGE_BODY);
    const head = Buffer.from(
      `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`,
    );
    switch (kind) {
      case 'ok':
        return void res.writeHead(200, json).end(body);
      case '401':
      case '500':
        return void res
          .writeHead(Number(kind), json)
          .end(JSON.stringify({ error: 'Scripted failure', code: 'SCRIPTED' }));
      case '429-long':
        return void res
          .writeHead(429, { ...json, 'retry-after': '3600' })
          .end(JSON.stringify({ error: 'quota', code: 'QUOTA_EXCEEDED' }));
      case 'not-json':
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
      case 'reset':
        return void req.socket.destroy();
      case 'silent':
        return;
      case 'trickle-body':
        // Raw bytes on the socket, past Node's response object, so nothing is buffered or chunked.
        req.socket.write(head);
        return trickle(req.socket, body);
      case 'trickle-head':
        return trickle(req.socket, Buffer.concat([head, body]));
    }
  }

  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(performance.now());
      answer(queue.shift() ?? 'ok', req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/api/v1`,
    arrivals,
    abandoned,
    script(...answers) {
      queue = answers;
      arrivals.length = 0;
      abandoned.length = 0;
    },
    close() {
      for (const t of timers) clearInterval(t);
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
