/**
 * What Node's HTTP parser refuses before any route sees the request (headers over the size
 * limit, broken framing, a request that took too long): answered in the service's one error
 * shape, `{error, code}`, rather than Node's bare status line. The statuses are Node's own.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

const REFUSALS: Record<string, { status: string; error: string; code: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: '431 Request Header Fields Too Large',
    error: 'The request headers are too large',
    code: 'HEADERS_TOO_LARGE',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: '413 Payload Too Large',
    error: 'The chunk extensions of the request body are too large',
    code: 'PAYLOAD_TOO_LARGE',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: '408 Request Timeout',
    error: 'The request took too long to arrive',
    code: 'REQUEST_TIMEOUT',
  },
};
const MALFORMED = {
  status: '400 Bad Request',
  error: 'The request is not well-formed HTTP',
  code: 'MALFORMED_REQUEST',
};

/** The raw HTTP/1.1 answer for a parser error code, ending the connection. */
export function clientErrorResponse(code: string | undefined): string {
  const { status, error, code: errorCode } = (code && REFUSALS[code]) || MALFORMED;
  const body = JSON.stringify({ error, code: errorCode });
  return `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // As Node does without a listener: answer only a connection nothing was written to yet.
    if (
      err.code !== 'ECONNRESET' &&
      socket.writable &&
      (socket as Duplex & { bytesWritten?: number }).bytesWritten === 0
    ) {
      // Closed once the answer is out: the server keeps half-open sockets, and this one is done.
      socket.end(clientErrorResponse(err.code), () => socket.destroy());
      return;
    }
    socket.destroy(err);
  });
}
