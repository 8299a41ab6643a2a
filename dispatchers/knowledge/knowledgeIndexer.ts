/**
 * The knowledge indexer worker: claims indexing jobs (infrastructure/knowledge/knowledgeJobs.ts),
 * reads each source's pages, chunks them, swaps the source's chunks in one transaction and
 * records the outcome on the source. Durable: the jobs are rows in SQL, a job whose worker died
 * is claimed again once its lease runs out, and a reconcile pass enqueues any queued source
 * whose job row is missing (a process that died between the event and the enqueue).
 *
 * Each job builds one revision. A job whose revision is no longer the source's (reindexed or
 * deleted meanwhile) stops without writing; a failure that may pass (network, a 5xx) is retried
 * after a delay, up to MAX_ATTEMPTS; a SourceProblem fails the source at once with its reason.
 * A failed reindex keeps the chunks of the last good index until the next success or delete.
 *
 * Embeddings (docs/knowledge.md, Retrieval): once a source's chunks are stored, each active
 * model connection of the workspace with an embedding model embeds them, before the source is
 * ready. An embedding failure never fails the source: it is ready, searched by full text only,
 * and the reason is kept on the source's embedding set (and logged); the embedding pass tries
 * again after EMBEDDING_RETRY_MS. That pass, run beside the jobs at each reconcile, also embeds
 * ready sources a connection has no vectors for (a connection that gained or changed its
 * embedding model) and drops the vectors of connections and models no longer in use.
 */
import { randomUUID } from 'node:crypto';
import type { KnowledgeSourceCommands } from '../../commands/knowledgeSourceCommands.js';
import { systemContext } from '../../commands/commandContext.js';
import { chunkPages } from '../../domain/knowledge/chunking.js';
import { MAX_SOURCE_CHARACTERS } from '../../domain/knowledge/knowledgeSourceFields.js';
import { SourceProblem } from '../../domain/knowledge/sourceProblem.js';
import type { KnowledgeLimits } from '../../domain/plans.js';
import type { EmbeddingTarget } from '../../commands/knowledgeRetrieval.js';
import type { EmbeddingModel } from '../../infrastructure/ai/embeddingModel.js';
import type { ChunkStore } from '../../infrastructure/knowledge/chunkStore.js';
import { embeddingInput, type EmbeddingStore } from '../../infrastructure/knowledge/embeddingStore.js';
import type { KnowledgeJob, KnowledgeJobs } from '../../infrastructure/knowledge/knowledgeJobs.js';
import type { Logger } from '../../infrastructure/logger.js';
import { type WakeSignal, wakeSignal } from '../../infrastructure/eventStore/wakeSignal.js';
import { readSourcePages, type SourcePagesDeps } from './sourcePages.js';

export const MAX_ATTEMPTS = 3;
/** A source whose embedding failed is embedded again after this long (or at its next reindex). */
export const EMBEDDING_RETRY_MS = 15 * 60_000;

export interface KnowledgeIndexerDeps extends SourcePagesDeps {
  logger: Logger;
  jobs: KnowledgeJobs;
  chunks: ChunkStore;
  sources: KnowledgeSourceCommands;
  limitsOf(workspaceId: string): Promise<KnowledgeLimits>;
  /** Bytes the workspace's other sources hold (the view). */
  bytesBesides(workspaceId: string, sourceId: string): Promise<number>;
  /** Sources waiting for a run (queued or processing), for the reconcile pass. */
  waitingSources(): Promise<Array<{ id: string; workspaceId: string; revision: number }>>;
  /** Embeddings; without them sources are indexed for full text only. */
  embeddings?: EmbeddingStore;
  embeddingModel?: EmbeddingModel;
  /** The active model connections with an embedding model, of one workspace (of all when null). */
  embeddingTargets?(workspaceId: string | null): Promise<EmbeddingTarget[]>;
  /** The ids of the workspace's ready sources. */
  readySources?(workspaceId: string): Promise<string[]>;
}

export interface KnowledgeIndexerOptions {
  pollMs?: number;
  /** Jobs run at once per instance. */
  concurrency?: number;
  leaseMs?: number;
  /** Delay before the 2nd, 3rd… run of a job whose failure may pass. */
  retryDelaysMs?: number[];
  reconcileEveryMs?: number;
}

export interface RunningKnowledgeIndexer {
  wake(): void;
  stop(): Promise<void>;
}

const MB = 1024 * 1024;

/**
 * Embeds the chunks stored now for a source with one connection's embedding model and stores
 * the vectors; a failure is recorded with its reason (the source stays searchable by full text).
 */
export async function embedSource(
  deps: Pick<KnowledgeIndexerDeps, 'embeddings' | 'embeddingModel' | 'logger'>,
  target: EmbeddingTarget,
  sourceId: string,
): Promise<'embedded' | 'failed' | 'nothing'> {
  const { embeddings, embeddingModel } = deps;
  if (!embeddings || !embeddingModel) return 'nothing';
  const stored = await embeddings.chunksToEmbed(sourceId);
  if (!stored) return 'nothing';
  const space = { connectionId: target.connectionId, model: target.model };
  const result = await embeddingModel.embed({
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    model: target.model,
    inputs: stored.chunks.map(embeddingInput),
  });
  if (!result.ok) {
    const reason = `Embedding with ${target.model} failed (${result.detail}); the source is searched by full text only until it is embedded again`;
    deps.logger.warn('knowledge embedding failed', { sourceId, connectionId: target.connectionId, error: reason });
    await embeddings.recordFailure(target.workspaceId, sourceId, stored.revision, space, reason);
    return 'failed';
  }
  const vectors = stored.chunks.map((c, i) => ({ chunkId: c.chunkId, vector: result.vectors[i]! }));
  await embeddings.replace(target.workspaceId, sourceId, stored.revision, space, vectors);
  return 'embedded';
}

/** Embeds a just-indexed source with every embedding connection of its workspace; never throws. */
async function embedIndexedSource(deps: KnowledgeIndexerDeps, workspaceId: string, sourceId: string) {
  if (!deps.embeddings || !deps.embeddingTargets) return;
  try {
    for (const target of await deps.embeddingTargets(workspaceId)) await embedSource(deps, target, sourceId);
  } catch (err) {
    // The embedding pass tries again: no set was recorded for this revision.
    deps.logger.warn('knowledge embedding will be retried', { sourceId, error: (err as Error).message });
  }
}

/**
 * The embedding pass: every ready source each embedding connection has no current vectors for
 * is embedded (failed ones after EMBEDDING_RETRY_MS), and sets of connections or models no
 * longer in use are dropped. Answers how many sources it embedded or tried to.
 */
export async function reconcileEmbeddings(deps: KnowledgeIndexerDeps, now = new Date()): Promise<number> {
  const { embeddings, embeddingTargets, readySources } = deps;
  if (!embeddings || !embeddingTargets || !readySources) return 0;
  const targets = await embeddingTargets(null);
  await embeddings.keepOnly(targets.map((t) => ({ connectionId: t.connectionId, model: t.model })));
  let embedded = 0;
  for (const target of targets) {
    const space = { connectionId: target.connectionId, model: target.model };
    const ready = await readySources(target.workspaceId);
    const due = await embeddings.unembedded(ready, space, new Date(now.getTime() - EMBEDDING_RETRY_MS));
    for (const sourceId of due) {
      await embedSource(deps, target, sourceId);
      embedded += 1;
    }
  }
  return embedded;
}

/** Runs one claimed job to its end (exported for tests that drive a job by hand). */
export async function runKnowledgeJob(
  deps: KnowledgeIndexerDeps,
  job: KnowledgeJob,
  lease: string,
  retryDelaysMs: number[],
): Promise<void> {
  const ctx = systemContext('knowledge-indexer', job.workspaceId);
  const state = await deps.sources.load(job.sourceId);
  const current = (state.status === 'queued' || state.status === 'processing') && state.revision === job.revision;
  if (!current) return deps.jobs.finish(job, lease);
  await deps.sources.startProcessing(job.sourceId, job.revision, ctx);
  try {
    const read = await readSourcePages(deps, state);
    const chunks = chunkPages(read.pages);
    const characters = read.pages.reduce((n, p) => n + p.text.length, 0);
    if (characters === 0 || chunks.length === 0) throw new SourceProblem('The source holds no text to index');
    if (characters > MAX_SOURCE_CHARACTERS)
      throw new SourceProblem(`The source holds more than ${MAX_SOURCE_CHARACTERS} characters of text; split it`);
    if (state.description!.type === 'url') {
      const { totalBytes } = await deps.limitsOf(job.workspaceId);
      if (totalBytes !== null && (await deps.bytesBesides(job.workspaceId, job.sourceId)) + read.sizeBytes > totalBytes)
        throw new SourceProblem(
          `The pages would take the workspace past its plan's ${Math.round(totalBytes / MB)} MB of knowledge; delete a source or upgrade the plan`,
        );
    }
    const title = read.title ?? state.description!.title;
    const stored = await deps.chunks.replace(
      job.workspaceId,
      job.sourceId,
      job.revision,
      chunks.map((c) => ({ ...c, sourceTitle: title })),
    );
    if (stored) await embedIndexedSource(deps, job.workspaceId, job.sourceId);
    if (stored)
      await deps.sources.recordIndexed(
        job.sourceId,
        {
          revision: job.revision,
          characters,
          chunks: chunks.length,
          pages: read.pageCount,
          sizeBytes: read.sizeBytes,
          ...(read.title ? { title: read.title.slice(0, 200) } : {}),
        },
        ctx,
      );
    await deps.jobs.finish(job, lease);
  } catch (err) {
    const problem = err instanceof SourceProblem;
    if (!problem && job.attempts < MAX_ATTEMPTS) {
      deps.logger.warn('knowledge indexing will be retried', { sourceId: job.sourceId, error: (err as Error).message });
      return deps.jobs.retryLater(job, lease, retryDelaysMs[job.attempts - 1] ?? retryDelaysMs.at(-1) ?? 60_000);
    }
    const reason = problem
      ? (err as Error).message
      : `Indexing failed ${MAX_ATTEMPTS} times (last: ${(err as Error).message}); reindex to try again`;
    await deps.sources.recordFailed(job.sourceId, job.revision, reason, ctx);
    await deps.jobs.finish(job, lease);
  }
}

/** Enqueues a job for every waiting source without one for its revision. */
export async function reconcileKnowledgeJobs(deps: KnowledgeIndexerDeps): Promise<number> {
  const waiting = await deps.waitingSources();
  const known = await deps.jobs.revisionsOf(waiting.map((s) => s.id));
  let added = 0;
  for (const source of waiting) {
    if ((known.get(source.id) ?? 0) >= source.revision) continue;
    await deps.jobs.enqueue(source.id, source.workspaceId, source.revision);
    added += 1;
  }
  return added;
}

export function startKnowledgeIndexer(
  deps: KnowledgeIndexerDeps,
  options: KnowledgeIndexerOptions = {},
  signal: WakeSignal = wakeSignal(),
): RunningKnowledgeIndexer {
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 2;
  const leaseMs = options.leaseMs ?? 30_000;
  const retryDelaysMs = options.retryDelaysMs ?? [30_000, 5 * 60_000];
  const reconcileEveryMs = options.reconcileEveryMs ?? 60_000;
  const lease = randomUUID();
  let stopped = false;
  let lastReconcile = 0;
  let lastRenew = 0;
  const running = new Set<Promise<void>>();
  // One embedding pass at a time, beside the jobs: a large one never holds indexing up.
  let embeddingPass: Promise<void> | null = null;

  const loop = (async () => {
    while (!stopped) {
      try {
        if (Date.now() - lastReconcile >= reconcileEveryMs) {
          lastReconcile = Date.now();
          await reconcileKnowledgeJobs(deps);
          embeddingPass ??= reconcileEmbeddings(deps)
            .then(() => undefined)
            .catch((err) => {
              deps.logger.warn('knowledge embedding pass failed', { error: (err as Error).message });
            })
            .finally(() => {
              embeddingPass = null;
            });
        }
        if (running.size > 0 && Date.now() - lastRenew >= leaseMs / 3) {
          lastRenew = Date.now();
          await deps.jobs.renew(lease, leaseMs);
        }
        const free = concurrency - running.size;
        const jobs = free > 0 ? await deps.jobs.claim(lease, free, leaseMs) : [];
        for (const job of jobs) {
          const run = runKnowledgeJob(deps, job, lease, retryDelaysMs)
            .catch((err) => {
              deps.logger.error('knowledge job failed', { sourceId: job.sourceId, error: (err as Error).message });
            })
            .finally(() => {
              running.delete(run);
              signal.wake();
            });
          running.add(run);
        }
        if (jobs.length > 0 && running.size < concurrency) continue;
      } catch (err) {
        if (!stopped) deps.logger.warn('knowledge indexer pass failed', { error: (err as Error).message });
      }
      await signal.sleep(pollMs);
    }
  })();

  return {
    wake: () => signal.wake(),
    async stop() {
      stopped = true;
      signal.wake();
      await loop;
      await Promise.all(running);
      await embeddingPass;
      signal.close();
    },
  };
}
