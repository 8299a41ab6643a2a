/**
 * What the External API's routes may use, handed over by the composition root (app/). Each
 * resource module takes only the part it needs (`Pick<ExternalApiDeps, …>`).
 */
import type { KnowledgeSourceCommands } from '../../commands/knowledgeSourceCommands.js';
import type { KnowledgeEvaluationCommands } from '../../commands/knowledgeEvaluationCommands.js';
import type { KnowledgeLimits } from '../../domain/plans.js';
import type { ChatbotCommands } from '../../commands/chatbotCommands.js';
import type { AgentPreviewCommands } from '../../commands/agentPreviewCommands.js';
import type { WebhookCommands } from '../../commands/webhookCommands.js';
import type { ModelConnectionCommands } from '../../commands/modelConnectionCommands.js';
import type { AccountCommands } from '../../commands/accountCommands.js';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import type { SimulationDeps } from '../resources/chatbots/chatbotFlowSimulation.js';
import type { UsageCounter } from '../../infrastructure/usage/usageCounter.js';
import type { RateLimiterFactory } from '../../infrastructure/rateLimit/rateLimiter.js';
import type { Logger } from '../../infrastructure/logger.js';
import type { IdempotencyStore } from '../../infrastructure/idempotency/idempotencyStore.js';
import type { ApiKeyLastUsed } from '../../infrastructure/usage/apiKeyLastUsed.js';
import type { DeliveryLog } from '../../infrastructure/webhooks/deliveryLogQueries.js';
import type { CallerCache } from '../principal/callerCache.js';
import type { WorkspaceWritesAhead } from '../principal/workspaceViewsCaughtUp.js';

export interface ExternalApiDeps {
  /** The read side: every GET answers from the views. */
  views: ReadStoreReader;
  /** Visitor turns the views may not include yet: a workspace's requests wait for them (absent: none). */
  aheadOfViews?: WorkspaceWritesAhead;
  clock: () => Date;
  /**
   * What what-if runs read: recorded conversations from the event log, and which ones from the
   * views uncached (up to a thousand sessions a run, read once: keeping them would only hold memory).
   */
  flowSimulation: SimulationDeps;
  /** The views uncached, for the conversation export (responseExportRoute.ts). */
  exportViews?: ReadStoreReader;
  logger: Logger;
  usage: UsageCounter;
  /** Notes each authenticated key's use (memory; flushed at most once a minute per key). */
  keyLastUsed?: Pick<ApiKeyLastUsed, 'touch'>;
  /** Keys and workspaces cached in process, invalidated from the event stream (absent: read the views). */
  callers?: CallerCache;
  rateLimiters: RateLimiterFactory;
  rateLimitPerMinute: number;
  /** Idempotency-Key records of POSTs (docs/idempotency.md). */
  idempotency: IdempotencyStore;
  chatbots: ChatbotCommands;
  /** The Agent tab's playground: model calls that record nothing but their tokens. */
  agentPreview: AgentPreviewCommands;
  webhooks: WebhookCommands;
  /** Each webhook's latest successful delivery from the delivery log (absent: the view's alone). */
  deliveryLog?: Pick<DeliveryLog, 'latestSuccesses'>;
  account: AccountCommands;
  modelConnections: ModelConnectionCommands;
  /** Knowledge sources (docs/knowledge.md) and the plan's limits on them. */
  knowledge: KnowledgeSourceCommands;
  knowledgeLimitsOf(workspaceId: string): Promise<KnowledgeLimits>;
  /** Test questions and runs of the knowledge (docs/knowledge-evaluation.md). */
  knowledgeEvaluation: KnowledgeEvaluationCommands;
  /** The operator's default model connection (OPENAI_*), listed read-only; its key never leaves the config. */
  platformModel?: { baseUrl: string; apiKey: string; chatModel: string };
}
