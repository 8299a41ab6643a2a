/** Waiting in tests: a plain pause, polling until a condition holds, and a deadline on a promise. */

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Polls `probe` until it answers something other than null, undefined or false, and answers
 * that. A probe that throws is tried again (a server may be restarting); at the deadline the
 * wait fails naming `what` and the last error.
 */
export async function eventually<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 8000,
  what = 'a condition',
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== null && v !== undefined && v !== false) return v as T;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`,
      );
    await sleep(everyMs);
  }
}

/**
 * Awaits `work` for at most `timeoutMs`, then fails naming `what`: for a promise that may never
 * settle (a close that waits for a process or for connections to end). The work itself goes on;
 * the caller decides what a timeout leaves behind.
 */
export async function within<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
