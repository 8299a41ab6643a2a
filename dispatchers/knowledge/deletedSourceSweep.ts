/**
 * Finishes the deletion of knowledge sources a process died in the middle of. Deleting a source
 * records its deletion, then removes its chunks, its stored content and, last, its job row
 * (KnowledgeSourceCommands.removeLeftovers); a crash in between would leave chunks a search could
 * still find. Every source that may hold chunks has a job row, so the sweep walks the job rows
 * whose source the view no longer lists, confirms from the source's own events that it is
 * deleted (the view may lag or be rebuilding, so its absence alone proves nothing), and removes
 * what is left. It runs when the process starts and then every minute; removing is idempotent,
 * so several instances may sweep side by side.
 */
import type { KnowledgeSourceCommands } from '../../commands/knowledgeSourceCommands.js';
import type { KnowledgeJobs } from '../../infrastructure/knowledge/knowledgeJobs.js';
import type { Logger } from '../../infrastructure/logger.js';

export const SWEEP_INTERVAL_MS = 60_000;
const PAGE = 500;

export interface DeletedSourceSweepDeps {
  logger: Logger;
  jobs: Pick<KnowledgeJobs, 'sourceIds'>;
  sources: Pick<KnowledgeSourceCommands, 'load' | 'removeLeftovers'>;
  /** Of these sources, the ones the view lists. */
  listed(sourceIds: readonly string[]): Promise<Set<string>>;
}

/** Removes the leftovers of every deleted source; answers how many sources it cleaned. */
export async function sweepDeletedSources(deps: DeletedSourceSweepDeps): Promise<number> {
  let cleaned = 0;
  let after: string | null = null;
  for (;;) {
    const ids = await deps.jobs.sourceIds(after, PAGE);
    if (ids.length === 0) return cleaned;
    after = ids.at(-1)!;
    const listed = await deps.listed(ids);
    for (const id of ids) {
      if (listed.has(id)) continue;
      if ((await deps.sources.load(id)).status !== 'deleted') continue;
      await deps.sources.removeLeftovers(id);
      cleaned += 1;
    }
  }
}

export function startDeletedSourceSweep(
  deps: DeletedSourceSweepDeps,
  intervalMs = SWEEP_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepDeletedSources(deps).then(
      (n) => {
        if (n > 0) deps.logger.info('leftovers of deleted knowledge sources removed', { sources: n });
      },
      (err) => deps.logger.warn('sweep of deleted knowledge sources failed', { error: String(err) }),
    );
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
