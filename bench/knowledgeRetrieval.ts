/**
 * Knowledge retrieval latency (bench/README.md, "Knowledge retrieval"): the agent's retrieval
 * (commands/knowledgeRetrieval.ts, as a search_knowledge call runs it) over a workspace of
 * SIZES chunks, full text alone and hybrid (the query embedded by the OpenAI stand-in, cosine
 * over the stored vectors, fused with full text), p50/p95/p99 over QUERIES retrievals each.
 *
 * The chunks are written straight into the stores (chunk store, then vectors made by the
 * stand-in through the embedding port), 500 per source, as the indexer writes them: text drawn
 * from the help-centre corpus of the tests mixed with filler words, so the full-text index has
 * a realistic spread of common and rare words. Vectors have DIMENSIONS numbers (1,536, as
 * text-embedding-3-small).
 *
 *   node --import tsx bench/knowledgeRetrieval.ts                  # embedded PGlite
 *   DATABASE_URL=postgres://… node --import tsx bench/knowledgeRetrieval.ts
 *   SIZES=1000,10000,50000 QUERIES=300 DIMENSIONS=1536 CORPUS_SENTENCES=2 …
 *   EMBEDDINGS=0 SIZES=100000 …                                  # full text alone, no vectors
 */
import { systemContext } from '../commands/commandContext.js';
import type { ChunkToStore } from '../infrastructure/knowledge/chunkStore.js';
import { embeddingInput } from '../infrastructure/knowledge/embeddingStore.js';
import { CORPUS_DOCUMENTS, CORPUS_QUESTIONS } from '../test/support/knowledgeCorpus.js';
import { startOpenAiStandIn } from '../test/support/openAiStandIn.js';
import { eventually } from '../test/support/waiting.js';
import { percentiles, startBenchServer } from './conversationsSupport.js';
import { load1 } from './hotPathSupport.js';

const SIZES = (process.env.SIZES ?? '1000,10000,50000').split(',').map(Number);
const QUERIES = Number(process.env.QUERIES ?? 300);
const WARMUP = 30;
const DIMENSIONS = Number(process.env.DIMENSIONS ?? 1536);
const PER_SOURCE = 500;
const EMBEDDINGS = process.env.EMBEDDINGS !== '0';

const standIn = await startOpenAiStandIn({ embeddingDimensions: DIMENSIONS });
const server = await startBenchServer({ LLM_ALLOW_HOSTS: '127.0.0.1' });
const services = server.running.services;

/** A deterministic pseudo-random sequence, so every run indexes the same text. */
let seed = 42;
const random = () => {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return seed / 2 ** 32;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const sentences = CORPUS_DOCUMENTS.flatMap((d) =>
  d.text
    .split(/\n\n+/)
    .filter((p) => !p.startsWith('#'))
    .flatMap((p) => p.replace(/\n/g, ' ').split(/(?<=\.) /)),
);
const filler = Array.from({ length: 5000 }, (_, i) => `word${i.toString(36)}`);
const headings = CORPUS_DOCUMENTS.flatMap((d) => [...d.text.matchAll(/^## (.+)$/gm)].map((m) => [d.title, m[1]!]));

/**
 * CORPUS_SENTENCES sentences of the help centre and 80 filler words: with 2 (the default), a
 * question's common words ("order", "days") are in about one chunk in ten, as in a large help
 * centre; with 8, in most chunks (the worst case for a ranking that scores every match).
 */
const CORPUS_SENTENCES = Number(process.env.CORPUS_SENTENCES ?? 2);
function chunkText(): string {
  const parts: string[] = [];
  for (let n = 0; n < CORPUS_SENTENCES; n += 1) parts.push(pick(sentences));
  for (let n = 0; n < 80; n += 1) parts.push(pick(filler));
  return parts.join(' ');
}

async function timed(samples: number[], run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  samples.push(performance.now() - started);
}

const { workspaceId } = await services.workspaces.createWorkspace(
  { name: 'Bench', plan: 'enterprise', ownerEmail: 'bench@example.com' },
  systemContext('bench'),
);
const ctx = { ...systemContext('bench', workspaceId), workspaceId };
const { connectionId } = await services.modelConnections.create(
  {
    name: 'Stand-in',
    baseUrl: standIn.baseUrl,
    apiKey: standIn.apiKey,
    chatModel: 'gpt-4o-mini',
    embeddingModel: 'text-embedding-3-small',
  },
  ctx,
);
const target = (await services.knowledgeStores.embeddingTargets(workspaceId))[0]!;
const space = { connectionId, model: target.model };

const sourceIds: string[] = [];
let indexed = 0;
const rows: string[] = [];
console.log(`store: ${server.store}; ${DIMENSIONS} numbers a vector; load ${load1()}`);
for (const size of SIZES) {
  const seedStarted = performance.now();
  let embedMs = 0;
  while (indexed < size) {
    const { sourceId } = await services.knowledge.create(
      { type: 'text', title: `Help page ${sourceIds.length}`, text: 'Placeholder until the bench writes its chunks.' },
      ctx,
    );
    await eventually(
      async () => ((await services.knowledge.load(sourceId)).status === 'ready' ? true : null),
      60_000,
      'source ready',
    );
    const chunks: ChunkToStore[] = Array.from({ length: PER_SOURCE }, (_, ordinal) => {
      const heading = pick(headings);
      return { ordinal, text: chunkText(), headingPath: heading, sourceTitle: heading[0]!, url: null, page: null };
    });
    // A revision past the indexer's: the bench's chunks replace the placeholder's for good.
    await services.knowledgeStores.chunks.replace(workspaceId, sourceId, 1000, chunks);
    sourceIds.push(sourceId);
    indexed += PER_SOURCE;
    if (!EMBEDDINGS) continue;
    const embedStarted = performance.now();
    const embedded = await services.knowledgeStores.embeddingModel.embed({
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      model: target.model,
      inputs: chunks.map(embeddingInput),
    });
    if (!embedded.ok) throw new Error(embedded.detail);
    embedMs += performance.now() - embedStarted;
    await services.knowledgeStores.embeddings.replace(
      workspaceId,
      sourceId,
      1000,
      space,
      chunks.map((c, i) => ({ chunkId: `${sourceId}:${c.ordinal}`, vector: embedded.vectors[i]! })),
    );
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(
    `${indexed} chunks (${sourceIds.length} sources) seeded in ${seedSeconds.toFixed(1)} s, ${(embedMs / 1000).toFixed(1)} s of it embedding`,
  );

  const modes = [
    ['full text', null],
    ['hybrid', connectionId],
  ] as const;
  for (const [mode, connection] of EMBEDDINGS ? modes : modes.slice(0, 1)) {
    const samples: number[] = [];
    let found = 0;
    // The first hybrid retrievals read the vectors into memory: warm-up, reported apart.
    const first: number[] = [];
    for (let n = 0; n < WARMUP + QUERIES; n += 1) {
      const query = CORPUS_QUESTIONS[n % CORPUS_QUESTIONS.length]!.question;
      await timed(n === 0 ? first : n < WARMUP ? [] : samples, async () => {
        const passages = await services.knowledgeRetriever.retrieve({
          workspaceId,
          sourceIds,
          query,
          connectionId: connection,
        });
        if (n >= WARMUP && passages.length > 0) found += 1;
      });
    }
    const p = percentiles(samples);
    const row = `| ${server.store.split(' ')[0]} | ${indexed} | ${mode} | ${p.p50} | ${p.p95} | ${p.p99} | ${p.max} | ${first[0]!.toFixed(0)} | ${found}/${QUERIES} |`;
    rows.push(row);
    console.log(`${row} load ${load1()}`);
  }
}

// The stand-in's own time per query embedding, to tell it from Confab's.
const embedSamples: number[] = [];
for (let n = 0; n < 100; n += 1)
  await timed(embedSamples, () =>
    services.knowledgeStores.embeddingModel.embed({
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      model: target.model,
      inputs: [CORPUS_QUESTIONS[n % CORPUS_QUESTIONS.length]!.question],
    }),
  );
console.log(`query embedding call alone (stand-in, ${DIMENSIONS} numbers): p50 ${percentiles(embedSamples).p50} ms`);
console.log(
  '\n| store | chunks | retrieval | p50 ms | p95 ms | p99 ms | max ms | first ms | with passages |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
);
for (const row of rows) console.log(row);
console.log(`heap used after: ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0)} MB; load ${load1()}`);
await server.close();
await standIn.close();
