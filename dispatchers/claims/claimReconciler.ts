/**
 * Gives back what a create took but never used. A create first takes a plan slot (and, for a
 * webhook, reserves its URL; for a new owner, the email) and then appends the resource itself;
 * when the process dies between the two appends, nothing else would ever release the claim.
 * Every pass lists the claims older than a grace period (a create still in flight is never
 * touched), asks the event store whether the resource exists after all, and releases the rest.
 * Releasing is idempotent, so several instances may run this side by side.
 */
import type { Logger } from '../../infrastructure/logger.js';
import type { PendingClaimDoc } from '../../projections/views/pendingClaimsView.js';

export interface ClaimReconcilerDeps {
  logger: Logger;
  clock: () => Date;
  /** Claims taken before `before`, oldest first (the pending_claims view). */
  staleClaims(before: string, limit: number): Promise<PendingClaimDoc[]>;
  /** Whether the claim's resource was created after all (read from its stream). */
  resourceExists(claim: PendingClaimDoc): Promise<boolean>;
  /** Gives the slot or reservation back, as the system actor. */
  release(claim: PendingClaimDoc): Promise<void>;
}

export interface ClaimReconcilerOptions {
  /** How old a claim must be before it counts as abandoned. */
  graceMs?: number;
  everyMs?: number;
  batch?: number;
}

export const DEFAULT_CLAIM_GRACE_MS = 5 * 60 * 1000;

/** One pass; returns the number of claims released. */
export async function reconcileClaims(
  deps: ClaimReconcilerDeps,
  graceMs = DEFAULT_CLAIM_GRACE_MS,
  batch = 100,
): Promise<number> {
  const before = new Date(deps.clock().getTime() - graceMs).toISOString();
  let released = 0;
  for (const claim of await deps.staleClaims(before, batch)) {
    if (await deps.resourceExists(claim)) continue;
    await deps.release(claim);
    released++;
    deps.logger.warn('released an abandoned claim', {
      kind: claim.kind,
      resourceId: claim.resourceId,
      takenAt: claim.takenAt,
    });
  }
  return released;
}

export function startClaimReconciler(
  deps: ClaimReconcilerDeps,
  options: ClaimReconcilerOptions = {},
): { stop(): Promise<void> } {
  const everyMs = options.everyMs ?? 60_000;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = reconcileClaims(deps, options.graceMs, options.batch).catch((err) => {
      deps.logger.error('claim reconciliation failed', { error: (err as Error).message });
    });
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
