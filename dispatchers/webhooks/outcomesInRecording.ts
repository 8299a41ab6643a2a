/**
 * The webhooks whose failed delivery this process is recording right now. A final failure may
 * disable its webhook (a 410 Gone at once, or the 10th failure in a row); until the outcome is
 * recorded on the aggregate and the webhooks view includes it, the view still says "active".
 * A send of the same webhook claimed in that window waits here first and then reads the view,
 * so it sees the disable instead of posting once more to a receiver that said it is gone.
 *
 * In-process only: another instance learns of the disable through the view, as before. Its
 * window is the views' lag behind the append (milliseconds), not the whole send.
 */
export class OutcomesInRecording {
  private readonly pending = new Map<string, Set<Promise<unknown>>>();

  /** Marks `webhookId` as recording until `work` settles, and answers `work`. */
  track<T>(webhookId: string, work: Promise<T>): Promise<T> {
    let set = this.pending.get(webhookId);
    if (!set) this.pending.set(webhookId, (set = new Set()));
    const entry = work
      .catch(() => undefined)
      .finally(() => {
        set!.delete(entry);
        if (set!.size === 0 && this.pending.get(webhookId) === set) this.pending.delete(webhookId);
      });
    set.add(entry);
    return work;
  }

  isRecording(webhookId: string): boolean {
    return this.pending.has(webhookId);
  }

  /** Resolves once nothing is being recorded for `webhookId` (at once when nothing is). */
  async settled(webhookId: string): Promise<void> {
    for (let set = this.pending.get(webhookId); set; set = this.pending.get(webhookId)) await Promise.all(set);
  }
}
