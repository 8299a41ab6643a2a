/**
 * Writers to one stream inside this process queue up instead of racing: optimistic retries on
 * the expected revision then only happen between processes, where they are rare.
 */
export class StreamQueue {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `fn` once every earlier call for `streamId` has settled. */
  async run<T>(streamId: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(streamId) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(streamId, tail);
    try {
      return await run;
    } finally {
      if (this.tails.get(streamId) === tail) this.tails.delete(streamId);
    }
  }
}
