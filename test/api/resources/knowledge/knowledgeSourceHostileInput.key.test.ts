/**
 * Hostile and broken input to knowledge sources, all in one run (docs/knowledge.md, What is kept
 * of a document): a zip bomb disguised as a DOCX whose directory lies about its sizes, a corrupt
 * and an encrypted PDF, HTML full of scripts, invalid UTF-8, and a web page whose body never ends.
 * Each one fails with its reason or keeps only its text, and the good sources indexed beside
 * them, before and after, are ready and searchable.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { getTestCertificate } from '../../../support/httpsReceiver.js';
import { pdfOf, zipOf } from '../../../support/knowledgeSamples.js';
import { eventually } from '../../../support/waiting.js';

const PATH = '/api/v1/external/v1/knowledge/sources';
const MB = 1024 * 1024;
let app: TestApp;
let pages: Server;
let pagesUrl = '';
let apiKey: string;
let workspaceId: string;
const timers = new Set<NodeJS.Timeout>();

async function upload(name: string, bytes: Buffer | string) {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  const res = await fetch(app.baseUrl + PATH, { method: 'POST', headers: { 'x-api-key': apiKey }, body: form });
  const body = (await res.json()) as any;
  assert.is(res.status, 202, `${name}: ${JSON.stringify(body)}`);
  return body.data.id as string;
}

const settled = (id: string) =>
  eventually(
    async () => {
      const r = await app.api('GET', `${PATH}/${id}`, { apiKey });
      return ['ready', 'failed'].includes(r.body.data?.status) ? r.body.data : null;
    },
    60_000,
    `source ${id} indexed`,
  );

const search = (query: string, sourceIds: string[] | null = null) =>
  app.services.knowledgeStores.chunks.search(workspaceId, sourceIds, query, 10);

test.before(async () => {
  const cert = getTestCertificate();
  pages = createServer({ key: cert.keyPem, cert: cert.certPem }, (req, res) => {
    if (req.url === '/robots.txt') {
      res.writeHead(404).end();
      return;
    }
    // A body with no length that never ends.
    res.writeHead(200, { 'content-type': 'text/html' });
    const timer = setInterval(() => res.write(Buffer.alloc(256 * 1024, 0x61)), 2);
    timers.add(timer);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `https://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  app = await startTestApp(
    { WEBHOOK_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' },
    { knowledgeCertificateAuthority: cert.certPem },
  );
  ({ apiKey, workspaceId } = await app.createWorkspace('business'));
});
test.after(async () => {
  for (const t of timers) clearInterval(t);
  pages?.closeAllConnections();
  pages?.close();
  await app?.close();
});

test('hostile files and pages fail with their reason or keep only text; good sources beside them index', async () => {
  const before = await upload('before.md', '# Lighthouses\n\nThe keeper climbs two hundred steps.');
  const ids = {
    bomb: await upload(
      'report.docx',
      zipOf(
        { '[Content_Types].xml': '<Types/>', 'word/document.xml': Buffer.alloc(200 * MB, 0x20) },
        { declaredSizes: { 'word/document.xml': 4000 } },
      ),
    ),
    corrupt: await upload('broken.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> trailer garbage')),
    encrypted: await upload('locked.pdf', pdfOf('hidden words', { encrypted: true })),
    scripts: await upload(
      'scripts.html',
      `<html><head><script>var leak = "scriptleak";</script><style>body{content:"styleleak"}</style></head>
       <body onload="alert('handlerleak')"><noscript>noscriptleak</noscript>
       <template><p>templateleak</p></template><iframe srcdoc="<p>iframeleak</p>"></iframe>
       <h1>Tides</h1><p>High tide comes <a href="javascript:alert('hrefleak')">twice</a> a day.</p>
       ${'<script>document.write("manyscripts")</script>'.repeat(2000)}
       <!-- commentleak --></body></html>`,
    ),
    invalidUtf8: await upload(
      'mixed.txt',
      Buffer.concat([
        Buffer.from('Seagulls nest on the high chalk '),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
        Buffer.from(' cliffs of the southern coast every spring.'),
      ]),
    ),
    endless: (await app.api('POST', PATH, { apiKey, body: { type: 'url', url: `${pagesUrl}/endless` } })).body.data
      .id as string,
  };
  const after = await upload('after.md', '# Harbours\n\nBoats moor at the north quay.');
  const s = Object.fromEntries(
    await Promise.all(Object.entries(ids).map(async ([k, id]) => [k, await settled(id)] as const)),
  );

  assert.is(s.bomb.status, 'failed');
  assert.match(s.bomb.error, /inflate beyond the sizes the archive declares \(a zip bomb\)/);
  assert.is(s.corrupt.status, 'failed');
  assert.match(s.corrupt.error, /damaged/);
  assert.is(s.encrypted.status, 'failed');
  assert.match(s.encrypted.error, /password/);
  assert.is(s.endless.status, 'failed');
  assert.match(s.endless.error, /larger than 5 MB/);

  assert.is(s.scripts.status, 'ready', JSON.stringify(s.scripts));
  const kept = await search('tide twice day', [ids.scripts]);
  assert.is(kept.length, 1);
  assert.equal(kept[0]!.headingPath, ['Tides']);
  assert.match(kept[0]!.text, /High tide comes twice a day\./);
  for (const leak of [
    'scriptleak',
    'styleleak',
    'handlerleak',
    'noscriptleak',
    'templateleak',
    'iframeleak',
    'hrefleak',
    'manyscripts',
    'commentleak',
  ])
    assert.equal(await search(leak), [], `${leak} is not kept`);
  assert.not.match(kept[0]!.text, /[<>]/);

  assert.is(s.invalidUtf8.status, 'ready');
  const [gulls] = await search('seagulls cliffs', [ids.invalidUtf8]);
  assert.match(gulls!.text, /^Seagulls nest on the high chalk \uFFFD+\( cliffs of the southern coast/);

  for (const id of [before, after]) assert.is((await settled(id)).status, 'ready');
  assert.is((await search('keeper steps')).length, 1);
  assert.is((await search('boats quay')).length, 1);
});

test.run();
