/**
 * Requests Node's HTTP parser refuses before any route runs are answered in the service's error
 * shape, with Node's statuses, and the connection is closed; the server goes on serving.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { rawExchange, type RawAnswer } from '../../support/rawHttp.js';
import { clientErrorResponse } from '../../../api/http/clientErrorResponse.js';

let app: TestApp;

test.before(async () => {
  app = await startTestApp();
});
test.after(async () => {
  await app.close();
});

function assertRefused(r: RawAnswer, status: number, code: string) {
  assert.is(r.status, status, r.text);
  assert.match(r.headers['content-type'] ?? '', /^application\/json/);
  assert.is(r.headers.connection, 'close');
  assert.equal(Object.keys(r.json ?? {}).sort(), ['code', 'error']);
  assert.is(r.json.code, code);
  assert.is(Number(r.headers['content-length']), Buffer.byteLength(r.text));
}

test('headers over the limit: 431 HEADERS_TOO_LARGE as JSON', async () => {
  const r = await rawExchange(
    app.baseUrl,
    `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  );
  assertRefused(r, 431, 'HEADERS_TOO_LARGE');
  assert.match(r.json.error, /headers are too large/);
});

test('malformed framing: 400 MALFORMED_REQUEST as JSON, whatever is wrong', async () => {
  const broken = [
    'NOT-HTTP\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: localhost\r\nBad Header Line\r\n\r\n',
    'POST /api/v1/chat/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nhello',
    'GET / HTTP/1.1\r\nHost: local\u0000host\r\n\r\n',
  ];
  for (const bytes of broken) assertRefused(await rawExchange(app.baseUrl, bytes), 400, 'MALFORMED_REQUEST');
});

test('a JSON body with broken chunk framing: 400 as JSON, not a 500', async () => {
  const r = await rawExchange(
    app.baseUrl,
    'POST /api/v1/external/v1/chatbots HTTP/1.1\r\nHost: localhost\r\nX-API-Key: nope\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  );
  assert.ok(r.status >= 400 && r.status < 500, `${r.status} ${r.text}`);
  assert.ok(typeof r.json?.error === 'string', r.text);
});

test('the server goes on answering after refusals', async () => {
  await rawExchange(app.baseUrl, 'NOT-HTTP\r\n\r\n');
  const r = await fetch(`${app.baseUrl}/healthz`);
  assert.is(r.status, 200);
});

test("clientErrorResponse: Node's statuses for each parser error, 400 for the rest", () => {
  assert.match(clientErrorResponse('HPE_HEADER_OVERFLOW'), /^HTTP\/1\.1 431 /);
  assert.match(clientErrorResponse('HPE_CHUNK_EXTENSIONS_OVERFLOW'), /^HTTP\/1\.1 413 /);
  assert.match(clientErrorResponse('ERR_HTTP_REQUEST_TIMEOUT'), /^HTTP\/1\.1 408 /);
  assert.match(clientErrorResponse('HPE_INVALID_METHOD'), /^HTTP\/1\.1 400 /);
  assert.match(clientErrorResponse(undefined), /"code":"MALFORMED_REQUEST"/);
});

test.run();
