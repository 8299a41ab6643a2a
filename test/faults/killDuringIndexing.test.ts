/**
 * Fault: `kill -9` of the service while a knowledge source is being indexed (docs/knowledge.md,
 * Indexing). The source is a sitemap of four pages on a real HTTPS server; the third page does
 * not answer until the service has been killed. The service runs as a real child process on a
 * store that outlives it (a PostgreSQL schema when DATABASE_URL is set, else the embedded store),
 * and is started again on the same store. Then:
 *  - nothing of the interrupted run is searchable: the source has no chunks until it is ready;
 *  - the job is taken up again (its lease ran out with the process) and the source becomes
 *    ready exactly once (one KnowledgeSourceIndexed, no failure), with all four pages' chunks,
 *    each stored once.
 */
// test runner timeout: 300 s
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startHttpsReceiver, type HttpsReceiver } from '../support/httpsReceiver.js';
import { eventually } from '../support/waiting.js';
import { cliJson } from './support/cli.js';
import { exportEvents } from './support/eventExport.js';
import { EXTERNAL, http } from './support/externalApi.js';
import { type FaultStore, freshStore } from './support/faultStore.js';
import { type ServiceProcess, serviceEnv, startService } from './support/serviceProcess.js';

const PAGES: Record<string, string> = {
  '/p1': 'Parcels leave the warehouse every weekday morning.',
  '/p2': 'Returns are free within thirty days of delivery.',
  '/p3': 'Gift cards never expire and can be used online.',
  '/p4': 'Our support team answers email within one day.',
};

let store: FaultStore;
let receiver: HttpsReceiver;
let env: NodeJS.ProcessEnv;
let service: ServiceProcess | null = null;
let key = '';
/** While set, /p3 is held unanswered (the run is mid-way). */
let holdPage3 = true;
const held: Array<() => void> = [];

test.before(async () => {
  store = await freshStore();
  console.log(`store: ${store.kind}`);
  receiver = await startHttpsReceiver({
    respond: async (req) => {
      if (req.path === '/robots.txt') return { status: 404 };
      if (req.path === '/sitemap.xml')
        return {
          status: 200,
          headers: { 'content-type': 'application/xml' },
          body: `<urlset>${Object.keys(PAGES)
            .map((p) => `<url><loc>${receiver.url}${p}</loc></url>`)
            .join('')}</urlset>`,
        };
      const text = PAGES[req.path];
      if (!text) return { status: 404 };
      if (req.path === '/p3' && holdPage3) await new Promise<void>((resolve) => held.push(resolve));
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: text };
    },
  });
  env = serviceEnv({
    ...store.env,
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    NODE_EXTRA_CA_CERTS: receiver.caFile,
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  const ws = await cliJson(
    env,
    'workspace',
    'create',
    '--name',
    'Index crash',
    '--plan',
    'enterprise',
    '--owner-email',
    'ops@index.test',
  );
  key = ws.apiKey;
  service = await startService(env);
});

test.after(async () => {
  for (const release of held) release();
  await service?.kill('SIGTERM');
  await receiver?.close();
  await store?.cleanup();
});

const api = (method: string, path: string, body?: unknown) => http(service!.url, method, path, { key, body });
const source = async (id: string) => (await api('GET', `${EXTERNAL}/knowledge/sources/${id}`)).body.data;
const asked = (path: string) => receiver.requests.filter((r) => r.path === path).length;

test('kill -9 mid-indexing: after a restart the source is indexed once, whole, and never half', async () => {
  const added = await api('POST', `${EXTERNAL}/knowledge/sources`, {
    type: 'url',
    url: `${receiver.url}/sitemap.xml`,
    sitemap: true,
    title: 'Shop help',
  });
  assert.is(added.status, 202, added.text);
  const id = added.body.data.id as string;
  await eventually(async () => asked('/p3') === 1, 30_000, 'the run reached the third page');
  const midway = await source(id);
  assert.equal([midway.status, midway.chunks], ['processing', 0]);

  const killed = service!;
  await killed.kill('SIGKILL');
  assert.is((await killed.exited).signal, 'SIGKILL');
  // What the killed run left in the store: its job, taken, and not one chunk.
  const left = await store.openSql();
  try {
    const chunks = await left.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM knowledge_chunks WHERE source_id = $1`,
      [id],
    );
    assert.is(Number(chunks.rows[0]!.n), 0, 'no chunk of the interrupted run is stored');
    const job = await left.query<{ status: string }>(`SELECT status FROM knowledge_jobs WHERE source_id = $1`, [id]);
    assert.equal(
      job.rows.map((r) => r.status),
      ['running'],
    );
  } finally {
    await left.close();
  }
  service = await startService(env);
  const restarted = await source(id);
  assert.ok(['queued', 'processing'].includes(restarted.status), restarted.status);
  assert.is(restarted.chunks, 0, 'nothing of the interrupted run is searchable');

  holdPage3 = false;
  const ready = await eventually(
    async () => {
      const s = await source(id);
      return s.status === 'ready' || s.status === 'failed' ? s : null;
    },
    90_000,
    'the source indexed after the restart',
  );
  assert.is(ready.status, 'ready', JSON.stringify(ready));
  assert.equal([ready.pages, ready.error], [4, null]);
  assert.ok(ready.chunks >= 4, JSON.stringify(ready));
  assert.is(asked('/p3'), 2, 'the page was asked for again by the restarted run');

  const events = (await exportEvents(env)).filter((e) => e.streamId === `knowledge-source-${id}`);
  assert.equal(
    events.filter((e) => e.type === 'KnowledgeSourceIndexed').map((e) => e.data.chunks),
    [ready.chunks],
    'ready exactly once',
  );
  assert.is(events.filter((e) => e.type === 'KnowledgeSourceFailed').length, 0);

  await service!.kill('SIGTERM');
  service = null;
  const sql = await store.openSql();
  try {
    const { rows } = await sql.query<{ n: string | number; ordinals: string | number; texts: string }>(
      `SELECT count(*) AS n, count(DISTINCT ordinal) AS ordinals, string_agg(body, ' ') AS texts
         FROM knowledge_chunks WHERE source_id = $1`,
      [id],
    );
    assert.equal([Number(rows[0]!.n), Number(rows[0]!.ordinals)], [ready.chunks, ready.chunks], 'each chunk once');
    for (const text of Object.values(PAGES)) assert.ok(rows[0]!.texts.includes(text), `${text} indexed`);
  } finally {
    await sql.close();
  }
});

test.run();
