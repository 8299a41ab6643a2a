/**
 * Read-your-writes moved from the write to the read (DESIGN.md decision 7), for writes that
 * answer before the views include them: a visitor's chat turn never reads the views, so it does
 * not wait for them; instead the last position this process appended for each workspace is noted
 * here, and a read of that workspace (the External API, the dashboard) first waits until the
 * views include it. Once they do, a read costs one map lookup.
 */
import { comparePositions, type Position } from '../infrastructure/eventStore/eventStore.js';

/** Workspaces noted before entries the views already include are let go. */
const PRUNE_AT = 10_000;

export class WritesAheadOfViews {
  private readonly ahead = new Map<string, Position>();
  private pruneAt = PRUNE_AT;

  constructor(
    private readonly views: {
      /** Resolves once the views include `position` (bounded: it gives up and resolves at its timeout). */
      waitFor(position: Position): Promise<void>;
      includes(position: Position): boolean;
    },
  ) {}

  /** A write of `workspaceId` at `position` answered without waiting for the views. */
  note(workspaceId: string, position: Position): void {
    const known = this.ahead.get(workspaceId);
    if (!known || comparePositions(position, known) > 0) this.ahead.set(workspaceId, position);
    if (this.ahead.size >= this.pruneAt) this.prune();
  }

  /** Resolves once the views include every write noted for `workspaceId` so far. */
  async caughtUp(workspaceId: string): Promise<void> {
    const position = this.ahead.get(workspaceId);
    if (!position) return;
    if (!this.views.includes(position)) await this.views.waitFor(position);
    // A later write noted meanwhile stays for the next read.
    if (this.ahead.get(workspaceId) === position) this.ahead.delete(workspaceId);
  }

  /** How many workspaces have writes the views may not include yet. */
  get size(): number {
    return this.ahead.size;
  }

  /** Workspaces written to and never read keep no entry once the views include their writes. */
  private prune(): void {
    for (const [workspaceId, position] of this.ahead) if (this.views.includes(position)) this.ahead.delete(workspaceId);
    // Entries the views do not include yet stay; the next prune waits until as many more arrive.
    this.pruneAt = Math.max(PRUNE_AT, this.ahead.size * 2);
  }
}
