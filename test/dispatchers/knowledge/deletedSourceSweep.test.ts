/**
 * A deleted knowledge source leaves nothing searchable: not when the process died between the
 * deletion's event and the removal of its chunks (the sweep finishes the work), and not when it
 * was deleted while its indexing job ran (the late job stores nothing).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { startHttpsReceiver, type HttpsReceiver } from '../../support/httpsReceiver.js';
import { eventually } from '../../support/waiting.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { deletedSourceSweepDeps } from '../../../app/backgroundWorkers.js';
import { sweepDeletedSources } from '../../../dispatchers/knowledge/deletedSourceSweep.js';
import { KNOWLEDGE_SOURCES } from '../../../projections/views/knowledgeSourcesView.js';

let app: TestApp;
let receiver: HttpsReceiver;
let workspaceId: string;
let ctx: ReturnType<typeof operatorContext> & { workspaceId: string };
let releasePage: () => void = () => undefined;
let pageAsked: () => void = () => undefined;

test.before(async () => {
  receiver = await startHttpsReceiver({
    respond: async (req) => {
      if (req.path === '/robots.txt') return { status: 404 };
      pageAsked();
      // The page is held until the test lets it go: the job is mid-run meanwhile.
      await new Promise<void>((resolve) => {
        releasePage = resolve;
      });
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'Slow page about lighthouse keepers.' };
    },
  });
  app = await startTestApp({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1' }, { knowledgeCertificateAuthority: receiver.caPem });
  ({ workspaceId } = await app.createWorkspace('pro'));
  ctx = { ...operatorContext(workspaceId), workspaceId };
});
test.after(async () => {
  releasePage();
  await app?.close();
  await receiver?.close();
});

const stores = () => app.services.knowledgeStores;
const search = (query: string) => stores().chunks.search(workspaceId, null, query, 5);

async function readyText(title: string, text: string): Promise<string> {
  const { sourceId } = await app.services.knowledge.create({ type: 'text', title, text }, ctx);
  await eventually(async () => (await app.services.knowledge.load(sourceId)).status === 'ready', 20_000, title);
  return sourceId;
}

test('a crash between the deletion event and the chunks removal: the sweep removes what was left', async () => {
  const kept = await readyText('Kept', 'Penguins live in the southern hemisphere.');
  const gone = await readyText('Gone', 'Walruses have long tusks.');
  // The deletion as a process records it before dying: the event, and nothing after it.
  await (app.services.knowledge as any).handle(gone, { type: 'DeleteKnowledgeSource', workspaceId }, ctx);
  assert.is((await app.services.knowledge.load(gone)).status, 'deleted');
  assert.is((await search('walruses tusks')).length, 1, 'the crash left the chunks searchable');
  await eventually(async () => !(await app.services.views.get(KNOWLEDGE_SOURCES, gone)), 5000, 'view updated');

  assert.is(await sweepDeletedSources(deletedSourceSweepDeps(app.services)), 1);
  assert.equal(await search('walruses tusks'), []);
  assert.is(await stores().chunks.count(gone), 0);
  assert.is(await stores().contents.get(gone), null);
  assert.equal(await stores().jobs.revisionsOf([gone]), new Map());
  // The live source is untouched, and a second sweep finds nothing to do.
  assert.is((await search('penguins')).length, 1);
  assert.ok(await stores().contents.get(kept));
  assert.is(await sweepDeletedSources(deletedSourceSweepDeps(app.services)), 0);
});

test('a source the view does not list yet but that is not deleted is left alone', async () => {
  const live = await readyText('Live', 'Otters hold hands while sleeping.');
  const deps = deletedSourceSweepDeps(app.services);
  // A view that lags (or is rebuilding) lists nothing: the source's events still say it lives.
  assert.is(await sweepDeletedSources({ ...deps, listed: async () => new Set() }), 0);
  assert.is((await search('otters sleeping')).length, 1);
  assert.is(await stores().chunks.count(live), 1);
});

test('a source deleted while its indexing job runs: the job, finishing late, stores nothing', async () => {
  const asked = new Promise<void>((resolve) => {
    pageAsked = resolve;
  });
  const { sourceId } = await app.services.knowledge.create({ type: 'url', url: `${receiver.url}/slow` }, ctx);
  await asked;
  assert.is((await app.services.knowledge.load(sourceId)).status, 'processing');
  await app.services.knowledge.delete(sourceId, ctx);
  releasePage();
  // The job reads the page, chunks it, and tries to store it: give it time to, then look.
  await new Promise((r) => setTimeout(r, 1500));
  assert.is(await stores().chunks.count(sourceId), 0);
  assert.equal(await search('lighthouse keepers'), []);
  assert.is((await app.services.knowledge.load(sourceId)).status, 'deleted');
});

test.run();
