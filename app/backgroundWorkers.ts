/**
 * The background workers of a process, started after the projections: the webhook dispatcher
 * and the claim reconciler. A new worker is added here.
 */
import { systemContext } from '../commands/commandContext.js';
import { WEBHOOKS } from '../projections/views/webhooksView.js';
import { WORKSPACES } from '../projections/views/workspacesView.js';
import { hasWebhookAccess, type PlanName } from '../domain/plans.js';
import { PENDING_CLAIMS, type PendingClaimDoc } from '../projections/views/pendingClaimsView.js';
import { startClaimReconciler, type ClaimReconcilerDeps } from '../dispatchers/claims/claimReconciler.js';
import {
  startWebhookDispatcher,
  type WebhookDispatcherDeps,
  type WebhookDispatcherOptions,
} from '../dispatchers/webhooks/webhookDispatcher.js';
import type { Services } from './compositionRoot.js';
import {
  type KnowledgeIndexerDeps,
  type KnowledgeIndexerOptions,
  startKnowledgeIndexer,
} from '../dispatchers/knowledge/knowledgeIndexer.js';
import { KNOWLEDGE_SOURCES } from '../projections/views/knowledgeSourcesView.js';
import { startIdempotencyPurge } from '../infrastructure/idempotency/idempotencyPurge.js';
import { type DeletedSourceSweepDeps, startDeletedSourceSweep } from '../dispatchers/knowledge/deletedSourceSweep.js';

export interface BackgroundWorkers {
  stop(): Promise<void>;
}

/** The dispatcher's view of the process: the webhooks view, the webhook commands, the clock. */
export function webhookDispatcherDeps(services: Services): WebhookDispatcherDeps {
  const { sql, events, views, logger, clock, config, webhooks, projections } = services;
  const ctx = (workspaceId: string) => systemContext('webhook-dispatcher', workspaceId);
  return {
    sql,
    events,
    logger,
    clock,
    outcomes: {
      recordFailure: (webhookId, workspaceId, outcome) => webhooks.recordFailure(webhookId, outcome, ctx(workspaceId)),
      recordSuccess: (webhookId, workspaceId, outcome) => webhooks.recordSuccess(webhookId, outcome, ctx(workspaceId)),
    },
    subscriptionsOf: async (chatbotId) => {
      const subs = await views.find(WEBHOOKS, { chatbotId });
      if (subs.length === 0) return subs;
      // A workspace on the Free plan has no webhook access: its webhooks wait, unserved, for an upgrade.
      const workspaceIds = [...new Set(subs.map((s) => s.workspaceId))];
      const served = new Set(
        (await views.find(WORKSPACES, { id: { $in: workspaceIds } }))
          .filter((w) => hasWebhookAccess(w.plan as PlanName))
          .map((w) => w.id),
      );
      return subs.filter((s) => served.has(s.workspaceId));
    },
    webhookOf: async (webhookId) => {
      const doc = await views.get(WEBHOOKS, webhookId);
      return doc ? { url: doc.url, secret: doc.secret, status: doc.status } : null;
    },
    viewsInclude: (position) => projections.waitFor(position),
    applied$: projections.applied$,
    leads: () => projections.leads(),
    timeoutMs: config.webhookTimeoutMs,
    retryDelaysMs: config.webhookRetryDelaysMs,
    allowHosts: config.webhookAllowHosts,
  };
}

const STREAM_OF_CLAIM: Record<PendingClaimDoc['kind'], string> = {
  chatbotSlot: 'chatbot',
  webhookSlot: 'webhook',
  webhookUrl: 'webhook',
  email: 'user',
};

/** The reconciler's view of the process: the pending claims view, the streams, the releases. */
export function claimReconcilerDeps(services: Services): ClaimReconcilerDeps {
  const { views, events, logger, clock, workspaces, reservations } = services;
  const ctx = (claim: PendingClaimDoc) => systemContext('claim-reconciler', claim.workspaceId);
  return {
    logger,
    clock,
    staleClaims: (before, limit) =>
      views.find(PENDING_CLAIMS, { takenAt: { $lt: before } }, { sort: [['takenAt', 1]], limit }),
    resourceExists: async (claim) =>
      (await events.readStream(`${STREAM_OF_CLAIM[claim.kind]}-${claim.resourceId}`)).length > 0,
    async release(claim) {
      if (claim.kind === 'chatbotSlot')
        return workspaces.releaseSlot(claim.workspaceId!, { chatbotId: claim.resourceId }, ctx(claim));
      if (claim.kind === 'webhookSlot')
        return workspaces.releaseSlot(claim.workspaceId!, { webhookId: claim.resourceId }, ctx(claim));
      await reservations.release(claim.reservation!.kind, claim.reservation!.key, claim.resourceId, ctx(claim));
    },
  };
}

/** The knowledge indexer's view of the process: the stores, the source commands, the views. */
export function knowledgeIndexerDeps(services: Services): KnowledgeIndexerDeps {
  const { views, logger, knowledge, knowledgeStores: stores } = services;
  const { limitsOf } = stores;
  return {
    logger,
    jobs: stores.jobs,
    chunks: stores.chunks,
    contents: stores.contents,
    web: stores.web,
    sources: knowledge,
    limitsOf,
    takePage: async (workspaceId) => stores.pageBudget.take(workspaceId, (await limitsOf(workspaceId)).pagesPerDay),
    async bytesBesides(workspaceId, sourceId) {
      const docs = await views.find(KNOWLEDGE_SOURCES, { workspaceId });
      return docs.filter((d) => d.id !== sourceId).reduce((n, d) => n + (d.sizeBytes ?? 0), 0);
    },
    embeddings: stores.embeddings,
    embeddingModel: stores.embeddingModel,
    embeddingTargets: stores.embeddingTargets,
    async readySources(workspaceId) {
      return (await views.find(KNOWLEDGE_SOURCES, { workspaceId, status: 'ready' })).map((d) => d.id);
    },
    async waitingSources() {
      const docs = await views.find(KNOWLEDGE_SOURCES, { status: { $in: ['queued', 'processing'] } });
      return docs.map((d) => ({ id: d.id, workspaceId: d.workspaceId, revision: d.revision }));
    },
  };
}

/** The sweep of deleted sources' leftovers: the job rows, the source commands, the view. */
export function deletedSourceSweepDeps(services: Services): DeletedSourceSweepDeps {
  const { views, logger, knowledge, knowledgeStores } = services;
  return {
    logger,
    jobs: knowledgeStores.jobs,
    sources: knowledge,
    async listed(sourceIds) {
      return new Set((await views.find(KNOWLEDGE_SOURCES, { id: { $in: [...sourceIds] } })).map((d) => d.id));
    },
  };
}

export async function startBackgroundWorkers(
  services: Services,
  dispatcher: WebhookDispatcherOptions = {},
  knowledgeIndexer: KnowledgeIndexerOptions = {},
): Promise<BackgroundWorkers> {
  const running = [
    startKnowledgeIndexer(knowledgeIndexerDeps(services), knowledgeIndexer, services.knowledgeStores.wake),
    await startWebhookDispatcher(webhookDispatcherDeps(services), dispatcher),
    startClaimReconciler(claimReconcilerDeps(services)),
    startIdempotencyPurge(services.idempotency, services.logger),
    startDeletedSourceSweep(deletedSourceSweepDeps(services)),
  ];
  return {
    async stop() {
      await Promise.all(running.map((r) => r.stop()));
    },
  };
}
