/**
 * A plain HTTP receiver on a random local port: records each request's raw body and headers
 * exactly as Node hands them to a webhook endpoint, so verification is tested on what a real
 * receiver sees rather than on the objects the sender built.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
}

export interface WebhookReceiver {
  url: string;
  /** Sends `body` with `headers` to the receiver and resolves with what it received. */
  deliver(body: string, headers: Record<string, string>): Promise<ReceivedDelivery>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ rawBody: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async deliver(body, headers) {
      const res = await fetch(`${url}/hook`, { method: 'POST', headers, body });
      if (res.status !== 204) throw new Error(`the receiver answered ${res.status}`);
      return received.at(-1)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
