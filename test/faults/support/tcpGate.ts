/** A gate in front of a TCP service: closed means nothing listens (connection refused). */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from '../../support/freePort.js';

export interface TcpGate {
  port: number;
  isOpen(): boolean;
  /** 'forward' relays to the target; 'silent' accepts connections and never sends a byte. */
  open(mode?: 'forward' | 'silent'): Promise<void>;
  close(): Promise<void>;
}

/** A fixed port that forwards to `targetPort` while open and refuses connections while closed. */
export async function tcpGate(targetPort: number): Promise<TcpGate> {
  const port = await freePort();
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  const gate: TcpGate = {
    port,
    isOpen: () => server !== null,
    async open(mode = 'forward') {
      if (server) await gate.close();
      const s = createServer((inbound) => {
        if (mode === 'silent') {
          sockets.add(inbound);
          inbound.on('close', () => sockets.delete(inbound));
          inbound.on('error', () => undefined);
          return;
        }
        const outbound = connect(targetPort, '127.0.0.1');
        for (const sock of [inbound, outbound]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => undefined);
        }
        inbound.pipe(outbound).pipe(inbound);
        inbound.on('close', () => outbound.destroy());
        outbound.on('close', () => inbound.destroy());
      });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
      });
      server = s;
    },
    async close() {
      const s = server;
      if (!s) return;
      server = null;
      for (const sock of sockets) sock.destroy();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  return gate;
}
