/**
 * The progress of a long command (projections rebuild, events export) on the operator's
 * terminal: one line on stderr that updates in place ("1,234 / 56,789 events") and is erased
 * when the command ends, so the JSON it prints stands alone. When stderr is not a terminal (a
 * pipe, a file, CI logs) there is no line at all, and the commands skip counting the log.
 */

/** Events done so far, of `total` (null: the store cannot count the log without reading it all). */
export type ProgressReport = (done: number, total: number | null) => void;

export interface ProgressLine {
  report: ProgressReport;
  /** Erases the line (if one was drawn): the command's output follows on a clean line. */
  finish(): void;
}

/** process.stderr, or a stand-in in tests. */
export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** A terminal redraws at most this often; the last report (done = total) is always drawn. */
const REDRAW_MS = 100;
const ERASE_LINE = '\r\x1b[K';

const count = (n: number) => n.toLocaleString('en-US');

/** "1,234 / 56,789 events"; events appended meanwhile never show more done than the total. */
export function progressText(done: number, total: number | null): string {
  return total === null ? `${count(done)} events` : `${count(done)} / ${count(Math.max(done, total))} events`;
}

/** The line on `output` when it is a terminal; null when it is not (nothing to report to). */
export function terminalProgress(
  output: ProgressOutput,
  now: () => number = () => performance.now(),
): ProgressLine | null {
  if (!output.isTTY) return null;
  let drawnAt = Number.NEGATIVE_INFINITY;
  let drawn = false;
  return {
    report(done, total) {
      const at = now();
      if (at - drawnAt < REDRAW_MS && done !== total) return;
      drawnAt = at;
      drawn = true;
      output.write(`${ERASE_LINE}${progressText(done, total)}`);
    },
    finish() {
      if (drawn) output.write(ERASE_LINE);
      drawn = false;
    },
  };
}
