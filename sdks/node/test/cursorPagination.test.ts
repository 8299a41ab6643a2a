/**
 * Cursor-paged lists with a scripted fetch (no server): knowledge.unanswered.list() sends nothing
 * until used, follows nextCursor with the other parameters on every page, and stops at null.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Confab, { ConfabError } from '../src/index.js';

/** Answers `total` questions newest first, `limit` a page, the cursor being the last id given. */
function cursorFetch(total: number) {
  const urls: URL[] = [];
  const fetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    urls.push(url);
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const after = url.searchParams.get('cursor');
    const start = after ? Number(after.slice(1)) : 0;
    const data = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => ({
      id: `q${start + i + 1}`,
    }));
    const nextCursor = start + data.length < total ? `q${start + data.length}` : null;
    return new Response(JSON.stringify({ data, nextCursor }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { fetch, urls };
}

const clientWith = (fetch: typeof globalThis.fetch) =>
  new Confab({ apiKey: 'k', baseURL: 'http://confab.test/api/v1/', fetch });

test('list() sends nothing until awaited; a page tells whether another follows', async () => {
  const { fetch, urls } = cursorFetch(3);
  const list = clientWith(fetch).knowledge.unanswered.list({ limit: 2 });
  await new Promise((r) => setTimeout(r, 10));
  assert.is(urls.length, 0);
  const first = await list;
  assert.equal(urls[0]!.pathname, '/api/v1/external/v1/knowledge/unanswered');
  assert.equal(
    first.data.map((q) => q.id),
    ['q1', 'q2'],
  );
  assert.ok(first.hasNextPage());
  const second = await first.getNextPage();
  assert.equal(
    second.data.map((q) => q.id),
    ['q3'],
  );
  assert.is(second.nextCursor, null);
  assert.not.ok(second.hasNextPage());
  try {
    await second.getNextPage();
    assert.unreachable('no page after the last');
  } catch (e) {
    assert.instance(e, ConfabError);
  }
});

test('for await walks every page once, with the filters on every request', async () => {
  const { fetch, urls } = cursorFetch(5);
  const ids: string[] = [];
  for await (const q of clientWith(fetch).knowledge.unanswered.list({
    chatbotId: 'b1',
    limit: 2,
    startDate: '2026-01-01',
  }))
    ids.push(q.id);
  assert.equal(ids, ['q1', 'q2', 'q3', 'q4', 'q5']);
  assert.equal(
    urls.map((u) => u.searchParams.get('cursor')),
    [null, 'q2', 'q4'],
  );
  for (const u of urls) {
    assert.is(u.searchParams.get('chatbotId'), 'b1');
    assert.is(u.searchParams.get('startDate'), '2026-01-01');
    assert.is(u.searchParams.get('limit'), '2');
  }
});

test('an empty list is one request and no items', async () => {
  const { fetch, urls } = cursorFetch(0);
  const ids: string[] = [];
  for await (const q of clientWith(fetch).knowledge.unanswered.list()) ids.push(q.id);
  assert.equal(ids, []);
  assert.is(urls.length, 1);
});

test.run();
