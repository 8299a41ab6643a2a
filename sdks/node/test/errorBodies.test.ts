/**
 * Error answers whose body is not Confab's `{error, code}`, with a scripted fetch (no server): a
 * proxy's HTML 502 page, a huge text body, a gateway's `{"message": …}`, an empty body. Each is
 * the typed error of its status, with status, headers and request id, the whole body kept in
 * `error`, and a message of one readable line.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Confab, { APIError, InternalServerError, RateLimitError } from '../src/index.js';
import { scriptedFetch } from './support/scriptedFetch.js';

const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.25.3</center>
${'<!-- a padding to disable MSIE and Chrome friendly error page -->\n'.repeat(6)}</body>
</html>
`;

async function errorFrom(status: number, body: string, headers: Record<string, string> = {}): Promise<APIError> {
  const { fetch, sent } = scriptedFetch(
    () => new Response(body, { status, headers: { 'x-request-id': 'gw-7', ...headers } }),
  );
  try {
    await new Confab({ apiKey: 'k', baseURL: 'http://confab.test/api/v1', fetch, maxRetries: 0 }).usage.retrieve();
  } catch (err) {
    assert.instance(err, APIError);
    assert.is(sent.length, 1);
    return err as APIError;
  }
  return assert.unreachable('expected an APIError') as never;
}

test("a proxy's HTML 502 page: InternalServerError whose message is the page title, the page kept in `error`", async () => {
  const err = await errorFrom(502, NGINX_502, { 'content-type': 'text/html' });
  assert.instance(err, InternalServerError);
  assert.equal(
    [err.status, err.requestId, err.code, err.headers.get('content-type')],
    [502, 'gw-7', undefined, 'text/html'],
  );
  assert.is(err.message, '502 502 Bad Gateway');
  assert.is(err.error, NGINX_502);
});

test('a long text body is cut to one line of at most 200 characters in the message', async () => {
  const text = `upstream connect error or disconnect/reset before headers.\n${'reset reason: overflow '.repeat(400)}`;
  const err = await errorFrom(503, text, { 'content-type': 'text/plain' });
  assert.instance(err, InternalServerError);
  assert.ok(err.message.length <= 206, `${err.message.length} characters`);
  assert.ok(
    err.message.startsWith('503 upstream connect error or disconnect/reset before headers. reset reason'),
    err.message,
  );
  assert.not.ok(err.message.includes('\n'));
  assert.is(err.error, text);
});

test('a gateway\'s {"message": …} is used; a JSON body with neither error nor message says so', async () => {
  assert.is(
    (await errorFrom(504, '{"message":"Endpoint request timed out"}')).message,
    '504 Endpoint request timed out',
  );
  assert.is((await errorFrom(500, '{"detail":[1]}')).message, '500 status code (no error message in the body)');
  assert.is((await errorFrom(500, '')).message, '500 status code (no body)');
});

test('a 429 from a proxy in text/plain is still a RateLimitError with retryAfter', async () => {
  const err = await errorFrom(429, 'Too Many Requests', { 'retry-after': '120', 'content-type': 'text/plain' });
  assert.instance(err, RateLimitError);
  assert.equal([err.message, (err as RateLimitError).retryAfter], ['429 Too Many Requests', 120]);
});

test.run();
