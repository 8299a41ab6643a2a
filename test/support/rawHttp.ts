/**
 * One HTTP/1.1 request written by hand on a socket, for what Node's and the browser's clients
 * will not send: an empty Host header, a path they would normalise. The answer is read to the
 * end (the request says Connection: close); a chunked body is joined.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: any;
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < body.length; ) {
    const eol = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, eol).toString('latin1'), 16);
    if (!size) break;
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function parse(all: Buffer): RawAnswer {
  const end = all.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = all
    .subarray(0, end < 0 ? all.length : end)
    .toString('latin1')
    .split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const raw = end < 0 ? Buffer.alloc(0) : all.subarray(end + 4);
  const text = (headers['transfer-encoding'] === 'chunked' ? dechunk(raw) : raw).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: Number(/^HTTP\/1\.\d (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, text, json };
}

/** `headers` are sent as given, in order (Host included: pass it, even empty); a `body` as UTF-8. */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawAnswer> {
  const payload = body === undefined ? '' : Buffer.from(body, 'utf8').toString('latin1');
  const all = {
    ...headers,
    ...(body === undefined ? {} : { 'content-length': String(payload.length) }),
    connection: 'close',
  };
  const head =
    [`${method} ${path} HTTP/1.1`, ...Object.entries(all).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n') + payload;
  return rawExchange(baseUrl, head);
}

/** Writes `bytes` (latin1) as they are, however malformed, and reads the answer until the server closes. */
export function rawExchange(baseUrl: string, bytes: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => resolve(parse(Buffer.concat(chunks))));
    socket.write(bytes, 'latin1');
  });
}
