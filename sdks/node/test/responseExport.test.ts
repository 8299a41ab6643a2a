/**
 * client.responses.export() against a scripted fetch: the request (path, query, Accept), lines
 * read as they arrive across chunk boundaries (CRLF or LF, a last line without an ending), the raw
 * answer for piping, reading once, and an error answer thrown before any line.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Confab, { BadRequestError, ConfabError, NotFoundError } from '../src/index.js';
import { json, scriptedFetch } from './support/scriptedFetch.js';

const BASE = 'http://confab.test/api/v1';

/** A body that arrives in the given pieces. */
function chunked(pieces: string[], type: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of pieces) controller.enqueue(encoder.encode(p));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': type } });
}

/** The error a call throws (fails the test when it throws none). */
async function thrown(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (err) {
    return err;
  }
  assert.unreachable('expected an error');
}

async function lines(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const line of iterable) out.push(line);
  return out;
}

test('CSV by default: the path, the query and an Accept for the file; lines across chunks', async () => {
  const { fetch, sent } = scriptedFetch(() => chunked(['id,vis', 'itorId\r\nr1,v', '1\r\nr2,v2\r', '\n'], 'text/csv'));
  const client = new Confab({ apiKey: 'k', baseURL: BASE, fetch });
  const exp = client.responses.export('bot 1', { startDate: '2026-01-01' });
  assert.is(sent.length, 0, 'nothing is sent before reading starts');
  assert.equal(await lines(exp), ['id,visitorId', 'r1,v1', 'r2,v2']);
  assert.is(sent[0]!.url.pathname, '/api/v1/external/v1/chatbots/bot%201/responses/export');
  assert.is(sent[0]!.url.search, '?startDate=2026-01-01');
  assert.is(sent[0]!.headers.accept, 'text/csv');
  assert.instance(await thrown(() => lines(exp)), ConfabError);
});

test('NDJSON: a last line without a line ending; response() gives the raw answer', async () => {
  const { fetch, sent } = scriptedFetch(() => chunked(['{"id":"a"}\n{"id":', '"b"}'], 'application/x-ndjson'));
  const client = new Confab({ apiKey: 'k', baseURL: BASE, fetch });
  const parsed = (await lines(client.responses.export('b', { format: 'ndjson' }))).map((l) => JSON.parse(l));
  assert.equal(parsed, [{ id: 'a' }, { id: 'b' }]);
  assert.is(sent[0]!.headers.accept, 'application/x-ndjson');
  assert.is(sent[0]!.url.searchParams.get('format'), 'ndjson');
  const res = await client.responses.export('b', { format: 'ndjson' }).response();
  assert.is(await res.text(), '{"id":"a"}\n{"id":"b"}');
});

test('an error answer is thrown before any line', async () => {
  const { fetch } = scriptedFetch((req) =>
    req.url.pathname.includes('missing')
      ? json(404, { error: 'Chatbot not found' })
      : json(400, { error: 'format must be one of csv, ndjson' }),
  );
  const client = new Confab({ apiKey: 'k', baseURL: BASE, fetch, maxRetries: 0 });
  assert.instance(await thrown(() => lines(client.responses.export('missing'))), NotFoundError);
  const bad = await thrown(() => lines(client.responses.export('b', { format: 'xlsx' as 'csv' })));
  assert.instance(bad, BadRequestError);
  assert.match((bad as Error).message, 'format');
});

test.run();
