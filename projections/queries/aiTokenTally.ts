/**
 * The month's AI tokens of each workspace, kept in process for the budget check before every
 * model call (docs/ai-agents.md, Budgets), so a turn reads no view: each tally is seeded from the
 * `ai_token_usage` view, added to by every answer this instance records, and read again from the
 * view at most once a second, which is how answers recorded by other instances come in.
 *
 * What holds: this instance's own answers always count, from the moment they are recorded (a
 * seed first waits until the views include this instance's writes of the workspace, and answers
 * recorded while the seed is read are added on top: at worst counted twice for that instant,
 * which only errs towards stopping early). Another instance's answers count once the views
 * include them and this instance reads the view again: at most REFRESH_MS plus the views' lag
 * late. The budget is a check before the call, not a reservation, so concurrent turns could
 * always pass it together; with several instances they may also pass it for up to that second.
 */
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { monthOf } from '../../infrastructure/usage/usageCounter.js';
import { aiTokensUsed } from '../views/aiTokenUsageView.js';

/** How long a tally is used before the view is read again. */
export const REFRESH_MS = 1000;
/** Tallies kept before those not read within REFRESH_MS are let go. */
const PRUNE_AT = 10_000;

interface Tally {
  tokens: number;
  readAt: number;
}

interface Seeding {
  /** Tokens recorded while the seed is read. */
  added: number;
  tokens: Promise<number>;
}

export class AiTokenTally {
  private readonly tallies = new Map<string, Tally>();
  private readonly seeding = new Map<string, Seeding>();

  constructor(
    private readonly deps: {
      /** The views, uncached: a seed reads the row once. */
      views: ReadStoreReader;
      /** Resolves once the views include what this process wrote for the workspace. */
      ownWritesInViews(workspaceId: string): Promise<void>;
      /** Milliseconds, for the refresh (a monotonic clock). */
      now?: () => number;
      refreshMs?: number;
    },
  ) {}

  /** The workspace's AI tokens in `month` (YYYY-MM, UTC): from memory, or one read of the view. */
  used(workspaceId: string, month: string): Promise<number> {
    const key = keyOf(workspaceId, month);
    const tally = this.tallies.get(key);
    if (tally && this.now() - tally.readAt < (this.deps.refreshMs ?? REFRESH_MS)) return Promise.resolve(tally.tokens);
    return (this.seeding.get(key) ?? this.seed(workspaceId, month, key)).tokens;
  }

  /** An answer this instance recorded, at `at`, of `tokens` (in and out together). */
  recorded(workspaceId: string, at: Date, tokens: number): void {
    const key = keyOf(workspaceId, monthOf(at));
    const tally = this.tallies.get(key);
    if (tally) tally.tokens += tokens;
    const seeding = this.seeding.get(key);
    if (seeding) seeding.added += tokens;
  }

  private seed(workspaceId: string, month: string, key: string): Seeding {
    const seeding: Seeding = { added: 0, tokens: Promise.resolve(0) };
    this.seeding.set(key, seeding);
    seeding.tokens = this.read(workspaceId, month, key, seeding).finally(() => this.seeding.delete(key));
    return seeding;
  }

  private async read(workspaceId: string, month: string, key: string, seeding: Seeding): Promise<number> {
    await this.deps.ownWritesInViews(workspaceId);
    const tokens = (await aiTokensUsed(this.deps.views, workspaceId, month)) + seeding.added;
    if (this.tallies.size >= PRUNE_AT) this.prune();
    this.tallies.set(key, { tokens, readAt: this.now() });
    return tokens;
  }

  /** Tallies of workspaces idle for a while are read again when next needed anyway. */
  private prune(): void {
    const stale = this.now() - (this.deps.refreshMs ?? REFRESH_MS);
    for (const [key, tally] of this.tallies) if (tally.readAt < stale) this.tallies.delete(key);
  }

  private now(): number {
    return this.deps.now ? this.deps.now() : performance.now();
  }
}

const keyOf = (workspaceId: string, month: string) => `${workspaceId}:${month}`;
