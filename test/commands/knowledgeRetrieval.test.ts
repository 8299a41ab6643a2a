/**
 * Retrieval over a real help centre (test/support/knowledgeCorpus.ts), indexed by the real
 * indexer of the running service: hit rate at 5 by full text alone and hybrid with the
 * stand-in's embeddings (a hashed bag of words), nothing above the threshold for questions the
 * corpus does not answer, sourceIds restricting, deleted sources never answered, and an
 * embedding provider that fails never failing a source or a retrieval.
 *
 * Recorded (2026-11-29): hit rate at 5 is 1.00 (30/30) by full text alone and hybrid; at 1, 28/30
 * both. Without the full-text threshold it is 29/30 at 5 (the passages sharing one generic word
 * crowd the expected one out). The bars sit under, so a change that loses questions fails.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { knowledgeIndexerDeps } from '../../app/backgroundWorkers.js';
import { systemContext } from '../../commands/commandContext.js';
import { reconcileEmbeddings } from '../../dispatchers/knowledge/knowledgeIndexer.js';
import { CORPUS_DOCUMENTS, CORPUS_QUESTIONS, hitRate, UNRELATED_QUESTIONS } from '../support/knowledgeCorpus.js';
import { type OpenAiStandIn, startOpenAiStandIn } from '../support/openAiStandIn.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { eventually } from '../support/waiting.js';

const FULL_TEXT_BAR = 0.9;
const HYBRID_BAR = 0.95;

let app: TestApp;
let standIn: OpenAiStandIn;
let workspaceId: string;
let connectionId: string;
const keyOf = new Map<string, string>();
let sourceIds: string[] = [];

const ctx = () => ({ ...systemContext('test', workspaceId), workspaceId });
const retrieve = (query: string, opts: { connectionId?: string | null; sourceIds?: string[]; k?: number } = {}) =>
  app.services.knowledgeRetriever.retrieve({ workspaceId, sourceIds, query, ...opts });
const embeddingCalls = () => standIn.requests.filter((r) => r.path === '/embeddings').length;

async function addSource(title: string, text: string): Promise<string> {
  const { sourceId } = await app.services.knowledge.create({ type: 'text', title, text }, ctx());
  await eventually(
    async () => (['ready', 'failed'].includes((await app.services.knowledge.load(sourceId)).status) ? true : null),
    30_000,
    `${title} indexed`,
  );
  return sourceId;
}

test.before(async () => {
  standIn = await startOpenAiStandIn();
  app = await startTestApp({ LLM_ALLOW_HOSTS: '127.0.0.1' });
  ({ workspaceId } = await app.createWorkspace('pro'));
  ({ connectionId } = await app.services.modelConnections.create(
    {
      name: 'Stand-in',
      baseUrl: standIn.baseUrl,
      apiKey: standIn.apiKey,
      chatModel: 'gpt-4o-mini',
      embeddingModel: 'text-embedding-3-small',
    },
    ctx(),
  ));
  for (const doc of CORPUS_DOCUMENTS) {
    const id = await addSource(doc.title, doc.text);
    keyOf.set(id, doc.key);
  }
  sourceIds = [...keyOf.keys()];
});
test.after(async () => {
  await app?.close();
  await standIn?.close();
});

test('every source is ready and embedded with the connection of the workspace, in batches', async () => {
  for (const id of sourceIds) {
    assert.is((await app.services.knowledge.load(id)).status, 'ready');
    const [set] = await app.services.knowledgeStores.embeddings.states(id);
    assert.is(set?.connectionId, connectionId);
    assert.is(set?.model, 'text-embedding-3-small');
    assert.is(set?.error, null);
    assert.is(set?.vectors, await app.services.knowledgeStores.chunks.count(id));
  }
  const calls = standIn.requests.filter((r) => r.path === '/embeddings');
  assert.ok(calls.every((r) => r.body.input.length <= 64 && r.body.model === 'text-embedding-3-small'));
});

test(`full text alone: hit rate at 5 ≥ ${FULL_TEXT_BAR} on 30 questions, k 5 by default`, async () => {
  const before = embeddingCalls();
  const { rate, misses } = await hitRate(CORPUS_QUESTIONS, async (q) =>
    (await retrieve(q)).map((p) => keyOf.get(p.sourceId)!),
  );
  console.log(`  full text hit rate at 5: ${rate.toFixed(2)}${misses.length ? `; missed: ${misses.join(' | ')}` : ''}`);
  assert.ok(rate >= FULL_TEXT_BAR, `hit rate ${rate}: ${misses.join('\n')}`);
  assert.is(embeddingCalls(), before, 'no connection, no embedding call');
  const passages = await retrieve('refund return shipping delivery warranty payment account order');
  assert.ok(passages.length <= 5);
  assert.ok(passages.every((p, i) => i === 0 || passages[i - 1]!.score >= p.score));
  assert.ok(passages[0]!.sourceTitle && passages[0]!.text && Array.isArray(passages[0]!.headingPath));
});

test(`hybrid with the stand-in's embeddings: hit rate at 5 ≥ ${HYBRID_BAR}, one embedding call per retrieval`, async () => {
  const before = embeddingCalls();
  const { rate, misses } = await hitRate(CORPUS_QUESTIONS, async (q) =>
    (await retrieve(q, { connectionId })).map((p) => keyOf.get(p.sourceId)!),
  );
  console.log(`  hybrid hit rate at 5: ${rate.toFixed(2)}${misses.length ? `; missed: ${misses.join(' | ')}` : ''}`);
  assert.ok(rate >= HYBRID_BAR, `hit rate ${rate}: ${misses.join('\n')}`);
  assert.is(embeddingCalls() - before, CORPUS_QUESTIONS.length);
});

test('questions the corpus does not answer find nothing above the threshold, either way', async () => {
  for (const question of UNRELATED_QUESTIONS) {
    assert.equal(await retrieve(question), [], question);
    assert.equal(await retrieve(question, { connectionId }), [], `${question} (hybrid)`);
  }
  const candidates = await app.services.knowledgeStores.chunks.search(
    workspaceId,
    sourceIds,
    UNRELATED_QUESTIONS.at(-3)!,
    5,
  );
  assert.ok(candidates.length > 0, 'full text alone has a candidate the threshold drops');
  assert.equal(await retrieve('the of and', { connectionId }), []);
  assert.equal(await retrieve('   ', { connectionId }), []);
});

test('sourceIds restricts: only the sources asked for are searched; none asked, nothing found', async () => {
  const shipping = sourceIds.find((id) => keyOf.get(id) === 'shipping')!;
  const question = 'When will I get my money back after returning a jacket?';
  for (const connection of [null, connectionId]) {
    const found = await retrieve(question, { connectionId: connection, sourceIds: [shipping] });
    assert.ok(
      found.every((p) => p.sourceId === shipping),
      JSON.stringify(found.map((p) => p.sourceId)),
    );
    assert.equal(await retrieve(question, { connectionId: connection, sourceIds: [] }), []);
  }
  const other = await app.createWorkspace('pro');
  assert.equal(
    await app.services.knowledgeRetriever.retrieve({ workspaceId: other.workspaceId, sourceIds, query: question }),
    [],
    "another workspace's sources are never searched",
  );
});

test('a deleted source is never answered, even when still listed in sourceIds', async () => {
  const id = await addSource(
    'Loyalty programme',
    '# Loyalty programme\n\nMembers collect trail points on every purchase.',
  );
  const ask = (connection: string | null) =>
    retrieve('How do I collect trail points?', { connectionId: connection, sourceIds: [...sourceIds, id] });
  assert.is((await ask(null))[0]?.sourceId, id);
  assert.is((await ask(connectionId))[0]?.sourceId, id);
  await app.services.knowledge.delete(id, ctx());
  assert.equal(await ask(null), []);
  assert.equal(await ask(connectionId), []);
  assert.equal(
    await app.services.knowledgeStores.embeddings.unembedded([id], { connectionId, model: 'x' }, new Date()),
    [],
  );
});

test('an embedding provider that fails while indexing: the source is ready for full text, the reason kept', async () => {
  standIn.scriptEmbeddings({ kind: 'error', status: 401 });
  const id = await addSource(
    'Rental',
    '# Renting gear\n\nCanoes and tents can be rented for a weekend from our Utrecht store.',
  );
  assert.is((await app.services.knowledge.load(id)).status, 'ready');
  const [set] = await app.services.knowledgeStores.embeddings.states(id);
  assert.is(set?.vectors, 0);
  assert.match(set?.error ?? '', /Embedding with text-embedding-3-small failed .*full text only/);
  assert.not.match(set?.error ?? '', standIn.apiKey);
  const question = 'Can I rent a canoe for the weekend?';
  assert.is((await retrieve(question, { sourceIds: [id] }))[0]?.sourceId, id);
  assert.is((await retrieve(question, { connectionId, sourceIds: [id] }))[0]?.sourceId, id);
  // The embedding pass tries again once EMBEDDING_RETRY_MS has passed.
  const deps = knowledgeIndexerDeps(app.services);
  assert.is(await reconcileEmbeddings(deps), 0, 'not before its time');
  assert.is(await reconcileEmbeddings(deps, new Date(Date.now() + 60 * 60_000)), 1);
  const [again] = await app.services.knowledgeStores.embeddings.states(id);
  assert.is(again?.error, null);
  assert.ok((again?.vectors ?? 0) > 0);
  await app.services.knowledge.delete(id, ctx());
});

test('a query the provider cannot embed falls back to full text: the retrieval never fails', async () => {
  const question = 'Is it possible to pay in instalments with Klarna?';
  const fullText = await retrieve(question);
  for (const reply of [
    { kind: 'error', status: 500 },
    { kind: 'error', status: 401 },
    { kind: 'malformed' },
  ] as const) {
    if (reply.kind === 'error' && reply.status === 500)
      standIn.scriptEmbeddings(reply, reply, reply); // the first try and both retries
    else standIn.scriptEmbeddings(reply);
    const found = await retrieve(question, { connectionId });
    assert.equal(
      found.map((p) => p.chunkId),
      fullText.map((p) => p.chunkId),
      JSON.stringify(reply),
    );
  }
});

test('a connection that gains an embedding model gets every ready source embedded; a changed model replaces the set', async () => {
  const { connectionId: second } = await app.services.modelConnections.create(
    { name: 'Second', baseUrl: standIn.baseUrl, apiKey: standIn.apiKey, chatModel: 'gpt-4o-mini' },
    ctx(),
  );
  const deps = knowledgeIndexerDeps(app.services);
  assert.is(await reconcileEmbeddings(deps), 0);
  const before = embeddingCalls();
  await retrieve('Is shipping free?', { connectionId: second });
  assert.is(embeddingCalls(), before, 'no embedding model, no call');

  await app.services.modelConnections.update(second, { embeddingModel: 'text-embedding-3-small' }, ctx());
  await eventually(
    async () => ((await deps.embeddingTargets!(workspaceId)).length === 2 ? true : null),
    5000,
    'view updated',
  );
  assert.is(await reconcileEmbeddings(deps), sourceIds.length);
  assert.is(await reconcileEmbeddings(deps), 0, 'once');
  const hybrid = await retrieve('Is shipping free?', { connectionId: second });
  assert.ok(hybrid.some((p) => keyOf.get(p.sourceId) === 'shipping'));
  assert.is(embeddingCalls(), before + sourceIds.length + 1);

  standIn.models = [...standIn.models, 'text-embedding-3-large'];
  await app.services.modelConnections.update(second, { embeddingModel: 'text-embedding-3-large' }, ctx());
  await eventually(
    async () =>
      (await deps.embeddingTargets!(workspaceId)).some((t) => t.model === 'text-embedding-3-large') ? true : null,
    5000,
    'view updated',
  );
  assert.is(await reconcileEmbeddings(deps), sourceIds.length);
  const sets = await app.services.knowledgeStores.embeddings.states(sourceIds[0]!);
  assert.equal(sets.map((s) => `${s.connectionId === second ? 'second' : 'first'} ${s.model}`).sort(), [
    'first text-embedding-3-small',
    'second text-embedding-3-large',
  ]);

  await app.services.modelConnections.delete(second, ctx());
  await eventually(
    async () => ((await deps.embeddingTargets!(workspaceId)).length === 1 ? true : null),
    5000,
    'view updated',
  );
  await reconcileEmbeddings(deps);
  assert.equal(
    (await app.services.knowledgeStores.embeddings.states(sourceIds[0]!)).map((s) => s.model),
    ['text-embedding-3-small'],
  );
});

test.run();
