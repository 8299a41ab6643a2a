/**
 * A small HTTP proxy in front of the real service that misbehaves on request: answers a
 * status of its own (503, 429 with Retry-After…), drops the connection or replaces the answer
 * after the service has handled the request, or answers slowly. It records every attempt it receives
 * (method, path, headers), so tests can count retries and compare Idempotency-Keys.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  | { kind: 'forward' }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  /** Destroys the socket without answering and without forwarding (connection reset). */
  | { kind: 'reset' }
  /** Forwards, lets the service do the work, then destroys the socket instead of answering. */
  | { kind: 'resetAfterForward' }
  /** Forwards, lets the service do the work, then answers `status` instead (a gateway that lost the answer). */
  | { kind: 'statusAfterForward'; status: number }
  /** Waits, then does `then` (default: forward). */
  | { kind: 'delay'; ms: number; then?: Fault };

export interface Attempt {
  n: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** Chooses what happens to attempt number `n` (from 1, counted since the last reset). */
export type FaultPlan = (attempt: Attempt) => Fault;

export interface FaultProxy {
  /** http://127.0.0.1:<port>: use `${url}/api/v1` as the SDK's baseURL. */
  url: string;
  attempts: Attempt[];
  /** Sets the plan and clears the recorded attempts. */
  plan(fn: FaultPlan): void;
  /** The plan "these faults for the first attempts, then forward". */
  sequence(...faults: Fault[]): void;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const attempts: Attempt[] = [];
  let plan: FaultPlan = () => ({ kind: 'forward' });
  const timers = new Set<NodeJS.Timeout>();

  function forward(
    attempt: Attempt,
    req: IncomingMessage,
    res: ServerResponse,
    dropAnswer: boolean,
    replaceWith?: Fault,
  ): void {
    const headers = { ...attempt.headers, host: upstream.host };
    const out = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: attempt.method, path: attempt.path, headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          if (dropAnswer) return void req.socket.destroy();
          if (replaceWith) return apply(replaceWith, attempt, req, res);
          const { connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(Buffer.concat(chunks));
        });
      },
    );
    out.on('error', () => req.socket.destroy());
    out.end(attempt.body);
  }

  function apply(fault: Fault, attempt: Attempt, req: IncomingMessage, res: ServerResponse): void {
    switch (fault.kind) {
      case 'forward':
        return forward(attempt, req, res, false);
      case 'resetAfterForward':
        return forward(attempt, req, res, true);
      case 'statusAfterForward':
        return forward(attempt, req, res, false, { kind: 'status', status: fault.status });
      case 'reset':
        return void req.socket.destroy();
      case 'status': {
        const body = fault.body === undefined ? { error: `fault proxy: ${fault.status}` } : fault.body;
        res.writeHead(fault.status, {
          'content-type': 'application/json',
          'x-request-id': `proxy-${attempt.n}`,
          ...fault.headers,
        });
        return void res.end(JSON.stringify(body));
      }
      case 'delay': {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!req.socket.destroyed) apply(fault.then ?? { kind: 'forward' }, attempt, req, res);
        }, fault.ms);
        timers.add(t);
      }
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const attempt: Attempt = {
        n: attempts.length + 1,
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      attempts.push(attempt);
      apply(plan(attempt), attempt, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const setPlan = (fn: FaultPlan) => {
    attempts.length = 0;
    plan = fn;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    plan: setPlan,
    sequence(...faults) {
      setPlan((a) => faults[a.n - 1] ?? { kind: 'forward' });
    },
    close() {
      for (const t of timers) clearTimeout(t);
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** The service's own 503 answer, as the proxy fakes it. */
export const ServiceUnavailable: Fault = {
  kind: 'status',
  status: 503,
  body: { error: 'The service is temporarily unavailable.', code: 'SERVICE_UNAVAILABLE' },
};
