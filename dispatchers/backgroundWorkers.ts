/**
 * The background workers of a process (webhook dispatcher, mail dispatcher, retention jobs),
 * each with its own subscription and checkpoint. Started after the projections.
 */
import type { Services } from '../app/compositionRoot.js';
import { webhookDispatcherWorker } from './webhooks/webhookDispatcher.js';

export interface BackgroundWorker {
  name: string;
  start(services: Services): Promise<{ stop(): Promise<void> }>;
}

/** Workers register here, once. */
export const workers: BackgroundWorker[] = [webhookDispatcherWorker];

export interface BackgroundWorkers {
  stop(): Promise<void>;
}

export async function startBackgroundWorkers(services: Services): Promise<BackgroundWorkers> {
  const running: Array<{ stop(): Promise<void> }> = [];
  for (const w of workers) running.push(await w.start(services));
  return {
    async stop() {
      await Promise.all(running.map((r) => r.stop()));
    },
  };
}
