/**
 * The background workers of a process, each with its own subscription and checkpoint, started
 * after the projections. Today one: the webhook dispatcher. A new worker is added here.
 */
import { systemContext } from '../commands/commandContext.js';
import { WEBHOOKS, type WebhookDoc } from '../projections/views/webhooksView.js';
import {
  startWebhookDispatcher,
  type WebhookDispatcherDeps,
  type WebhookDispatcherOptions,
} from '../dispatchers/webhooks/webhookDispatcher.js';
import type { Services } from './compositionRoot.js';

export interface BackgroundWorkers {
  stop(): Promise<void>;
}

/** The dispatcher's view of the process: the webhooks view, the webhook commands, the clock. */
export function webhookDispatcherDeps(services: Services): WebhookDispatcherDeps {
  const { sql, events, views, logger, clock, config, webhooks, projections } = services;
  const ctx = (workspaceId: string) => systemContext('webhook-dispatcher', workspaceId);
  return {
    sql, events, logger, clock,
    outcomes: {
      recordFailure: (webhookId, workspaceId, outcome) => webhooks.recordFailure(webhookId, outcome, ctx(workspaceId)),
      recordSuccess: (webhookId, workspaceId, outcome) => webhooks.recordSuccess(webhookId, outcome, ctx(workspaceId)),
    },
    subscriptionsOf: (chatbotId) => views.find<WebhookDoc>(WEBHOOKS, { chatbotId }),
    webhookOf: async (webhookId) => {
      const doc = await views.get<WebhookDoc>(WEBHOOKS, webhookId);
      return doc ? { url: doc.url, secret: doc.secret, status: doc.status } : null;
    },
    viewsInclude: (position) => projections.waitFor(position),
    timeoutMs: config.webhookTimeoutMs,
    retryDelaysMs: config.webhookRetryDelaysMs,
    allowHosts: config.webhookAllowHosts,
  };
}

export async function startBackgroundWorkers(services: Services, dispatcher: WebhookDispatcherOptions = {}): Promise<BackgroundWorkers> {
  const running = [await startWebhookDispatcher(webhookDispatcherDeps(services), dispatcher)];
  return {
    async stop() {
      await Promise.all(running.map((r) => r.stop()));
    },
  };
}
