/**
 * Pagination and the `fetch` option with a scripted fetch (no server): what is requested for
 * each page, laziness of list(), empty lists, and that the other parameters follow every page.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Confab, { ConfabError, Page, UnexpectedResponseError } from '../src/index.js';

/** A fetch that answers pages of `total` numbered items and records the URLs asked for. */
function pagedFetch(total: number) {
  const urls: URL[] = [];
  const fetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    urls.push(url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const data = Array.from({ length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) }, (_, i) => ({
      _id: `r${(page - 1) * limit + i + 1}`,
    }));
    return new Response(JSON.stringify({ data, total, page, totalPages: Math.ceil(total / limit) }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { fetch, urls };
}

const clientWith = (fetch: typeof globalThis.fetch) =>
  new Confab({ apiKey: 'k', baseURL: 'http://confab.test/api/v1/', fetch });

test('list() sends nothing until awaited or iterated', async () => {
  const { fetch, urls } = pagedFetch(5);
  const list = clientWith(fetch).responses.list('bot1');
  await new Promise((r) => setTimeout(r, 10));
  assert.is(urls.length, 0);
  const page = await list;
  assert.is(urls.length, 1);
  assert.equal(urls[0]!.pathname, '/api/v1/external/v1/chatbots/bot1/responses');
  assert.equal(page.data.length, 5);
  // Awaiting the same list again does not send again.
  await list;
  assert.is(urls.length, 1);
});

test('for await fetches each page once, with the filters on every page', async () => {
  const { fetch, urls } = pagedFetch(7);
  const ids: string[] = [];
  for await (const r of clientWith(fetch).responses.list('bot/1', {
    limit: 3,
    startDate: '2026-01-01',
    endDate: '2026-01-31',
  }))
    ids.push((r as { _id: string })._id);
  assert.equal(ids, ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
  assert.equal(
    urls.map((u) => u.searchParams.get('page')),
    ['1', '2', '3'],
  );
  for (const u of urls) {
    assert.equal(
      [u.searchParams.get('limit'), u.searchParams.get('startDate'), u.searchParams.get('endDate')],
      ['3', '2026-01-01', '2026-01-31'],
    );
    assert.is(u.pathname, '/api/v1/external/v1/chatbots/bot%2F1/responses', 'ids are escaped');
  }
});

test('an empty list: no items, no next page, one request', async () => {
  const { fetch, urls } = pagedFetch(0);
  const page = await clientWith(fetch).responses.list('bot1');
  assert.ok(page instanceof Page);
  assert.equal([page.data, page.total, page.totalPages, page.hasNextPage()], [[], 0, 0, false]);
  let n = 0;
  for await (const _ of clientWith(fetch).responses.list('bot1')) n++;
  assert.is(n, 0);
  assert.is(urls.length, 2);
  try {
    await page.getNextPage();
    assert.unreachable();
  } catch (err) {
    assert.instance(err, ConfabError);
  }
});

test('iterPages yields each page; page-at-a-time loop ends on the last page', async () => {
  const { fetch } = pagedFetch(5);
  const first = await clientWith(fetch).responses.list('bot1', { limit: 2 });
  const sizes: number[] = [];
  for await (const p of first.iterPages()) sizes.push(p.data.length);
  assert.equal(sizes, [2, 2, 1]);
  let page = first;
  const seen = [...page.data];
  while (page.hasNextPage()) {
    page = await page.getNextPage();
    seen.push(...page.data);
  }
  assert.is(seen.length, 5);
  assert.is(page.page, 3);
});

test('for await skips an item that a new response pushed onto the next page (newest first), as the Python SDK does', async () => {
  // A response arrives between page 1 and page 2: "b" moves from page 1 to page 2.
  const pages: Record<string, string[]> = { 1: ['a', 'b'], 2: ['b', 'c'], 3: ['d'] };
  const fetch = (async (input: string | URL | Request) => {
    const page = Number(new URL(String(input)).searchParams.get('page'));
    const data = pages[page]!.map((_id) => ({ _id }));
    return new Response(JSON.stringify({ data, total: 5, page, totalPages: 3 }), { status: 200 });
  }) as typeof globalThis.fetch;
  const ids: string[] = [];
  for await (const r of clientWith(fetch).responses.list('bot1', { limit: 2 })) ids.push(r._id);
  assert.equal(ids, ['a', 'b', 'c', 'd']);
});

test('an answer that is not the page asked for (a cache dropping the query) ends iteration with an error, not a loop', async () => {
  let sent = 0;
  const fetch = (async () => {
    sent += 1;
    if (sent > 20) throw new Error('still paging after 20 requests');
    return new Response(JSON.stringify({ data: [{ _id: `r${sent}` }], total: 3, page: 1, totalPages: 3 }), {
      status: 200,
      headers: { 'x-request-id': `c-${sent}` },
    });
  }) as unknown as typeof globalThis.fetch;
  const seen: string[] = [];
  try {
    for await (const r of clientWith(fetch).responses.list('bot1', { limit: 1 })) seen.push(r._id);
    assert.unreachable('iteration ended without an error');
  } catch (err) {
    assert.instance(err, UnexpectedResponseError);
    assert.match((err as Error).message, /asked for page 2, got page 1/);
    assert.is((err as UnexpectedResponseError).requestId, 'c-2');
  }
  assert.equal([seen, sent], [['r1'], 2]);
});

test('the fetch option receives the method, headers and JSON body', async () => {
  let seen: { url: string; init: RequestInit } | undefined;
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    seen = { url: String(input), init: init! };
    return new Response(
      JSON.stringify({ data: { id: 'b1', name: 'Bot', description: '', createdAt: '2026-01-01T00:00:00.000Z' } }),
      { status: 201 },
    );
  }) as typeof globalThis.fetch;
  const bot = await clientWith(fetch).chatbots.create({ name: 'Bot' });
  assert.is(bot.id, 'b1');
  assert.is(seen!.url, 'http://confab.test/api/v1/external/v1/chatbots');
  assert.is(seen!.init.method, 'POST');
  assert.is(seen!.init.body, '{"name":"Bot"}');
  const headers = seen!.init.headers as Record<string, string>;
  assert.equal(
    [headers['x-api-key'], headers['content-type'], headers.accept],
    ['k', 'application/json', 'application/json'],
  );
  assert.match(headers['idempotency-key']!, /^confab-node-/);
});

test.run();
