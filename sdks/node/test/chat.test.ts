/**
 * client.chat against a scripted fetch: where the requests go (`{baseURL}/chat/…`, the stream
 * asking for text/event-stream), retries only of what surely did nothing (the chat API takes no
 * Idempotency-Key), a JSON answer read as the whole turn, and the stream's typed failures: a bad
 * token, an `error` event, an end without `done`. The service's own tests drive it for real.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Confab, {
  APIConnectionError,
  ConflictError,
  InternalServerError,
  UnexpectedResponseError,
  type ChatStreamEvent,
} from '../src/index.js';
import { json, scriptedFetch } from './support/scriptedFetch.js';
import { failure } from './support/failure.js';

const BASE = 'http://confab.test/api/v1';
const sse = (text: string) => new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
const TURN = { messages: [{ type: 'bot', message: 'Hi there' }], done: false };

async function collect(stream: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const out: ChatStreamEvent[] = [];
  for await (const e of stream) out.push(e);
  return out;
}

test('requests go to {baseURL}/chat/…; the stream asks for text/event-stream', async () => {
  const { fetch, sent } = scriptedFetch(() => sse(`event: done\ndata: ${JSON.stringify(TURN)}\n\n`));
  const client = new Confab({ apiKey: 'k', baseURL: BASE, fetch });
  const stream = client.chat.messages.stream('bot 1', 's1', { message: 'Hello' });
  assert.is(sent.length, 0, 'nothing is sent before reading starts');
  assert.equal(await stream.finalAnswer(), TURN);
  assert.is(sent[0]!.url.pathname, '/api/v1/chat/bot%201/sessions/s1/messages');
  assert.is(sent[0]!.headers.accept, 'text/event-stream');
  assert.equal(JSON.parse(sent[0]!.body!), { message: 'Hello' });
});

test('a 5xx or a cut connection is not retried (the message may have been taken); a 429 is', async () => {
  let calls = 0;
  const five = scriptedFetch(() => (calls++, json(503, { error: 'busy' })));
  const client = new Confab({ apiKey: 'k', baseURL: BASE, fetch: five.fetch, maxRetries: 3 });
  assert.instance(await failure(client.chat.messages.send('b', 's', { message: 'x' })), InternalServerError);
  assert.is(calls, 1);

  let attempts = 0;
  const reset = (async () => {
    attempts++;
    throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
  }) as typeof fetch;
  const resetClient = new Confab({ apiKey: 'k', baseURL: BASE, fetch: reset, maxRetries: 3 });
  assert.instance(await failure(resetClient.chat.sessions.create('b')), APIConnectionError);
  assert.is(attempts, 1);

  const limited = scriptedFetch((req) =>
    limited.sent.length === 1 ? json(429, { error: 'slow down' }, { 'retry-after': '0' }) : json(200, TURN),
  );
  const again = new Confab({ apiKey: 'k', baseURL: BASE, fetch: limited.fetch, maxRetries: 2 });
  assert.equal(await again.chat.messages.send('b', 's', { message: 'x' }), TURN);
  assert.is(limited.sent.length, 2);
});

test('an error answer is thrown before any token; a JSON answer is the whole turn', async () => {
  const conflict = scriptedFetch(() => json(409, { error: 'This conversation is already completed' }));
  const client = new Confab({ apiKey: 'k', baseURL: BASE, fetch: conflict.fetch });
  const err = await failure(collect(client.chat.messages.stream('b', 's', { message: 'x' })));
  assert.instance(err, ConflictError);

  const plain = scriptedFetch(() => json(200, TURN));
  const jsonClient = new Confab({ apiKey: 'k', baseURL: BASE, fetch: plain.fetch });
  assert.equal(await collect(jsonClient.chat.messages.stream('b', 's', { message: 'x' })), [{ type: 'done', ...TURN }]);
});

test('an error event, a malformed token and an end without done are typed errors', async () => {
  const cases: Array<[string, new (...args: any[]) => Error]> = [
    [
      'event: token\ndata: {"text":"Hi"}\n\nevent: error\ndata: {"error":"The answer could not be completed"}\n\n',
      UnexpectedResponseError,
    ],
    ['event: token\ndata: not json\n\n', UnexpectedResponseError],
    ['event: token\ndata: {"text":"Hi"}\n\nevent: done\ndata: {"messa', APIConnectionError],
  ];
  for (const [body, kind] of cases) {
    const { fetch } = scriptedFetch(() => sse(body));
    const client = new Confab({ apiKey: 'k', baseURL: BASE, fetch });
    const seen: ChatStreamEvent[] = [];
    const err = await failure(
      (async () => {
        for await (const e of client.chat.messages.stream('b', 's', { message: 'x' })) seen.push(e);
      })(),
    );
    assert.instance(err, kind, body);
    if (body.includes('"Hi"')) assert.equal(seen, [{ type: 'token', text: 'Hi' }]);
  }
});

test('a stream is read once', async () => {
  const { fetch } = scriptedFetch(() => sse(`event: done\ndata: ${JSON.stringify(TURN)}\n\n`));
  const stream = new Confab({ apiKey: 'k', baseURL: BASE, fetch }).chat.messages.stream('b', 's', { message: 'x' });
  await stream.finalAnswer();
  assert.ok((await failure(stream.finalAnswer())) instanceof Error);
});

test.run();
