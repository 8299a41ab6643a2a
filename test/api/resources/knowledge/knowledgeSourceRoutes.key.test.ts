/**
 * Knowledge sources on the External API (docs/knowledge.md): pasted text, uploaded files and web
 * pages are indexed in the background to `ready` with their counts, or `failed` with a reason a
 * person can act on; bad input is a 4xx naming the field; delete and reindex; plan limits.
 * Pages are served by an HTTPS receiver on 127.0.0.1 (allowed as for webhook tests).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { startHttpsReceiver, type HttpsReceiver } from '../../../support/httpsReceiver.js';
import { docxOf, pdfOf, zipOf } from '../../../support/knowledgeSamples.js';
import { eventually } from '../../../support/waiting.js';
import { operatorContext } from '../../../../commands/commandContext.js';

const PATH = '/api/v1/external/v1/knowledge/sources';
let app: TestApp;
let receiver: HttpsReceiver;
let apiKey: string;
let workspaceId: string;
let otherKey: string;

const call = (method: string, path: string, body?: unknown, key = apiKey) =>
  app.api(method, PATH + path, { apiKey: key, body });

async function upload(name: string, bytes: Buffer | string, fields: Record<string, string> = {}, retried = false) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  const res = await fetch(app.baseUrl + PATH, { method: 'POST', headers: { 'x-api-key': apiKey }, body: form }).catch(
    (err) => {
      // A pooled keep-alive connection the server closed as it was reused (the PDF reader holds
      // the event loop for a moment): sent again once, as any client would.
      if (err.cause?.code === 'ECONNRESET' && !retried) return null;
      throw new Error(`${name}: ${err.message} (${err.cause?.code ?? err.cause?.message})`);
    },
  );
  if (res === null) return upload(name, bytes, fields, true);
  return { status: res.status, body: (await res.json()) as any };
}

/** Waits until the source leaves queued/processing; answers it. */
async function settled(id: string) {
  return eventually(
    async () => {
      const r = await call('GET', `/${id}`);
      return ['ready', 'failed'].includes(r.body.data?.status) ? r.body.data : null;
    },
    20_000,
    `source ${id} indexed`,
  );
}

async function added(r: { status: number; body: any }) {
  assert.is(r.status, 202, JSON.stringify(r.body));
  assert.is(r.body.data.status, 'queued');
  return settled(r.body.data.id);
}

const search = (query: string, sourceIds: string[] | null = null) =>
  app.services.knowledgeStores.chunks.search(workspaceId, sourceIds, query, 5);

function assertBad(r: { status: number; body: any }, field: string, status = 400) {
  assert.is(r.status, status, JSON.stringify(r.body));
  assert.type(r.body.error, 'string');
  assert.ok(JSON.stringify(r.body).includes(field), `${field} not named: ${JSON.stringify(r.body)}`);
}

const PAGES: Record<string, { type: string; body: string | Buffer }> = {
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private\n' },
  '/help': {
    type: 'text/html; charset=utf-8',
    body: '<html><head><title>Help centre</title><script>var token = "scriptsecret";</script></head><body><h1>Delivery</h1><p>Parcels arrive within three working days.</p></body></html>',
  },
  '/private/notes': { type: 'text/html', body: '<p>internal</p>' },
  '/sitemap.xml': {
    type: 'application/xml',
    body: '<urlset><url><loc>{base}/help</loc></url><url><loc>{base}/faq</loc></url><url><loc>{base}/missing</loc></url></urlset>',
  },
  '/faq': { type: 'text/plain', body: 'Gift wrapping costs two euros.' },
  '/image': { type: 'image/png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  '/huge': { type: 'text/html', body: Buffer.alloc(6 * 1024 * 1024, 0x61) },
};

test.before(async () => {
  receiver = await startHttpsReceiver({
    respond: (req) => {
      const page = PAGES[req.path];
      if (!page) return { status: 404, body: 'not found' };
      const body = typeof page.body === 'string' ? page.body.replaceAll('{base}', receiver.url) : page.body;
      return { status: 200, headers: { 'content-type': page.type }, body };
    },
  });
  app = await startTestApp(
    { WEBHOOK_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' },
    { knowledgeCertificateAuthority: receiver.caPem },
  );
  ({ apiKey, workspaceId } = await app.createWorkspace('pro'));
  ({ apiKey: otherKey } = await app.createWorkspace('pro'));
});
test.after(async () => {
  await app?.close();
  await receiver?.close();
});

test('pasted text is indexed to ready with its counts, listed, and searchable by full text', async () => {
  const r = await call('POST', '', {
    type: 'text',
    title: 'Returns policy',
    text: '# Returns\n\nItems can be returned within thirty days.\n\n## Refunds\n\nRefunds go back to the card in five days.',
  });
  assert.equal(Object.keys(r.body.data).sort().slice(0, 4), ['characters', 'chunks', 'createdAt', 'error']);
  const source = await added(r);
  assert.is(source.status, 'ready');
  assert.is(source.type, 'text');
  assert.is(source.chunks, 2);
  assert.is(source.pages, 1);
  assert.ok(source.characters > 50);
  assert.ok(source.indexedAt);
  const found = await search('how long do refunds take', [source.id]);
  assert.equal(found[0]!.headingPath, ['Returns', 'Refunds']);
  const list = await call('GET', '');
  assert.ok(list.body.data.some((s: any) => s.id === source.id));
  assert.equal(list.body.limits, { sources: 100, totalBytes: 200 * 1024 * 1024, pagesPerDay: 2000 });
  assert.is((await call('GET', `/${source.id}`, undefined, otherKey)).status, 404);
  assert.is((await call('DELETE', `/${source.id}`, undefined, otherKey)).status, 404);
  assert.is((await call('POST', `/${source.id}/reindex`, undefined, otherKey)).status, 404);
});

test('bad input is a 4xx naming the field', async () => {
  assertBad(await call('POST', '', {}), 'type');
  assertBad(await call('POST', '', { type: 'pdf' }), 'type');
  assertBad(await call('POST', '', { type: 'text', text: 'x' }), 'title');
  assertBad(await call('POST', '', { type: 'text', title: 'x', text: '   ' }), 'text');
  assertBad(await call('POST', '', { type: 'text', title: 'x', text: 'a\u0007b' }), 'text');
  assertBad(await call('POST', '', { type: 'text', title: 'x', text: 'y', url: 'https://a.example' }), 'url');
  assertBad(await call('POST', '', { type: 'url', url: 'http://example.com/' }), 'url');
  assertBad(await call('POST', '', { type: 'url', url: 'https://10.0.0.1/' }), 'url');
  assertBad(await call('POST', '', { type: 'url', url: 'not a url' }), 'url');
  assertBad(await call('POST', '', { type: 'url', url: 'https://example.com/', sitemap: 'yes' }), 'sitemap');
  assertBad(await upload('virus.exe', Buffer.from('MZ binary')), 'not read', 415);
  assertBad(await upload('fake.pdf', 'not a pdf'), 'not a PDF', 415);
  assertBad(await upload('archive.md', zipOf({ 'a.txt': 'x' })), 'ZIP', 415);
  assertBad(await upload('empty.md', ''), 'file');
  assertBad(await upload('a.md', 'text', { colour: 'red' }), 'colour');
  const noFile = new FormData();
  noFile.append('title', 'x');
  const r = await fetch(app.baseUrl + PATH, { method: 'POST', headers: { 'x-api-key': apiKey }, body: noFile });
  assertBad({ status: r.status, body: await r.json() }, 'file');
  assertBad(await call('GET', '/nope'), 'not found', 404);
});

test('files: Markdown, HTML (only its text), PDF and DOCX are indexed with their structure', async () => {
  const md = await added(await upload('guide.md', '# Sizes\n\nOur shirts run small; order one size up.'));
  assert.equal([md.status, md.title, md.format, md.fileName], ['ready', 'guide.md', 'markdown', 'guide.md']);
  const html = await added(
    await upload(
      'page.html',
      '<h1>Care</h1><p>Wash cold.</p><script>var s = "scriptsecret"</script><style>.a{}</style>',
      {
        title: 'Care guide',
      },
    ),
  );
  assert.equal([html.status, html.title, html.format], ['ready', 'Care guide', 'html']);
  assert.equal(await search('scriptsecret'), []);
  assert.equal((await search('wash', [html.id]))[0]!.headingPath, ['Care']);
  const pdf = await added(await upload('terms.pdf', pdfOf('Warranty lasts two years')));
  assert.equal([pdf.status, pdf.pages, pdf.format], ['ready', 1, 'pdf'], JSON.stringify(pdf));
  assert.is((await search('warranty', [pdf.id]))[0]!.page, 1);
  const docx = await added(
    await upload('faq.docx', docxOf('Opening hours', ['We open at nine.', 'Closed on Sundays.'])),
  );
  assert.is(docx.status, 'ready', JSON.stringify(docx));
  assert.equal((await search('sundays', [docx.id]))[0]!.headingPath, ['Opening hours']);
  const latin1 = Buffer.concat([
    Buffer.from('Our caf'),
    Buffer.from([0xe9]),
    Buffer.from(' opens at eight every morning.'),
  ]);
  const latin = await added(await upload('notes.txt', latin1));
  assert.is(latin.status, 'ready', 'invalid UTF-8 is replaced, not refused');
});

test('unreadable files fail with a reason a person can act on, and nothing else is disturbed', async () => {
  const before = (await call('GET', '')).body.data.filter((s: any) => s.status === 'ready').length;
  const encrypted = await added(await upload('locked.pdf', pdfOf('secret', { encrypted: true })));
  assert.is(encrypted.status, 'failed');
  assert.match(encrypted.error, /password/);
  const corrupt = await added(await upload('broken.pdf', Buffer.from('%PDF-1.4\ngarbage garbage')));
  assert.is(corrupt.status, 'failed');
  assert.match(corrupt.error, /damaged|cannot be read/);
  const bomb = zipOf({ 'word/document.xml': Buffer.alloc(60 * 1024 * 1024, 0x20) });
  const bombed = await added(await upload('bomb.docx', bomb));
  assert.is(bombed.status, 'failed');
  assert.match(bombed.error, /zip bomb|inflate/);
  const binary = await added(
    await upload('data.txt', Buffer.from(Array.from({ length: 400 }, (_, i) => (i * 37) % 32))),
  );
  assert.is(binary.status, 'failed');
  assert.match(binary.error, /not text/);
  const after = (await call('GET', '')).body.data.filter((s: any) => s.status === 'ready').length;
  assert.is(after, before);
});

test('web pages: https with robots.txt honoured, a sitemap, caps; the page title names the source', async () => {
  const page = await added(await call('POST', '', { type: 'url', url: `${receiver.url}/help` }));
  assert.is(page.status, 'ready', JSON.stringify(page));
  assert.is(page.title, 'Help centre');
  const found = await search('parcels arrive', [page.id]);
  assert.is(found[0]!.url, `${receiver.url}/help`);
  assert.equal(await search('scriptsecret'), []);

  const blocked = await added(await call('POST', '', { type: 'url', url: `${receiver.url}/private/notes` }));
  assert.is(blocked.status, 'failed');
  assert.match(blocked.error, /robots\.txt/);

  const site = await added(
    await call('POST', '', { type: 'url', url: `${receiver.url}/sitemap.xml`, sitemap: true, title: 'Shop site' }),
  );
  assert.is(site.status, 'ready', JSON.stringify(site));
  assert.equal([site.pages, site.title], [2, 'Shop site']);
  assert.is((await search('gift wrapping', [site.id])).length, 1);

  const missing = await added(await call('POST', '', { type: 'url', url: `${receiver.url}/nothing-here` }));
  assert.match(missing.error, /404/);
  const image = await added(await call('POST', '', { type: 'url', url: `${receiver.url}/image` }));
  assert.match(image.error, /image\/png/);
  const huge = await added(await call('POST', '', { type: 'url', url: `${receiver.url}/huge` }));
  assert.match(huge.error, /larger than 5 MB/);
});

test('reindex builds a new revision; delete removes the source and its chunks', async () => {
  const source = await added(await call('POST', '', { type: 'text', title: 'Hours', text: 'Open from nine to five.' }));
  const again = await call('POST', `/${source.id}/reindex`);
  assert.is(again.status, 202, JSON.stringify(again.body));
  assert.is(again.body.data.status, 'queued');
  const rebuilt = await settled(source.id);
  assert.is(rebuilt.status, 'ready');
  assert.is(await app.services.knowledgeStores.chunks.count(source.id), 1);
  const del = await call('DELETE', `/${source.id}`);
  assert.is(del.status, 200);
  assert.is(await app.services.knowledgeStores.chunks.count(source.id), 0);
  assert.equal(await search('nine five', [source.id]), []);
  assert.is((await call('GET', `/${source.id}`)).status, 404);
  assert.is((await call('DELETE', `/${source.id}`)).status, 404);
});

test('plan limits: the number of sources is capped (403 PLAN_LIMIT)', async () => {
  const { workspaceId: free } = await app.createWorkspace('free');
  const ctx = { ...operatorContext(free), workspaceId: free };
  for (let i = 0; i < 3; i++) await app.services.knowledge.create({ type: 'text', title: `T${i}`, text: 'x' }, ctx);
  await eventually(
    async () =>
      await app.services.knowledge.create({ type: 'text', title: 'T4', text: 'x' }, ctx).then(
        () => false,
        (err) => err.code === 'PLAN_LIMIT' && /3 knowledge sources/.test(err.message),
      ),
    5000,
    'the fourth source refused',
  );
});

test.run();
