/**
 * A TCP relay in front of a real server (PostgreSQL, Redis) that a test can cut off without
 * stopping the server, which other suites on the machine share. Three states:
 *   - `forward()`: bytes pass both ways (the default);
 *   - `silence()`: connections stay open and accepted, but nothing passes (a network partition,
 *     a stalled host: the client hears nothing and no error); the bytes are held, as TCP holds
 *     them, and delivered in order on `forward()` (unless a side gave up on the connection);
 *   - `refuse()`: every open connection is reset and new ones are refused at once (a server
 *     that is down: ECONNREFUSED/ECONNRESET), while the relay keeps its port for `forward()`.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpRelay {
  port: number;
  /** `target` with its host and port replaced by the relay's (credentials and path kept). */
  urlFor(target: string): string;
  forward(): void;
  silence(): void;
  refuse(): void;
  close(): Promise<void>;
}

export async function tcpRelay(targetHost: string, targetPort: number): Promise<TcpRelay> {
  let mode: 'forward' | 'silent' | 'refuse' = 'forward';
  const sockets = new Set<Socket>();
  const held: Array<() => void> = [];
  const pass = (to: Socket, chunk: Buffer) => {
    if (mode === 'forward') to.write(chunk);
    else if (mode === 'silent') held.push(() => to.write(chunk));
  };
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
  };
  const server: Server = createServer((inbound) => {
    track(inbound);
    // A refused connection: reset before the client sends anything.
    if (mode === 'refuse') return void inbound.resetAndDestroy();
    const outbound = connect(targetPort, targetHost);
    track(outbound);
    inbound.on('data', (chunk: Buffer) => pass(outbound, chunk));
    outbound.on('data', (chunk: Buffer) => pass(inbound, chunk));
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    urlFor(target) {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.href;
    },
    forward() {
      mode = 'forward';
      for (const deliver of held.splice(0)) deliver();
    },
    silence: () => void (mode = 'silent'),
    refuse() {
      mode = 'refuse';
      held.length = 0;
      for (const s of sockets) s.resetAndDestroy();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A relay in front of the server a URL names (`postgres://…`, `redis://…`). */
export function tcpRelayTo(url: string, defaultPort: number): Promise<TcpRelay> {
  const { hostname, port } = new URL(url);
  return tcpRelay(hostname || '127.0.0.1', Number(port || defaultPort));
}
