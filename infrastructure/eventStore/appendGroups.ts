/**
 * Natural batching: up to `maxInFlight` groups are written at once; while all of them are
 * busy, the requests that arrive wait, and then go together as the next group. A quiet writer
 * adds no wait (a request is a group of one at once); a busy one makes one round trip and one
 * commit for many requests, as PostgreSQL's own group commit does for fsyncs.
 *
 * Requests sharing a key (a stream; a request may name several) never share a group nor run
 * beside each other, and keep their order: the later one waits until the earlier one is written.
 */
export interface AppendGroups<R, T> {
  submit(request: R): Promise<T>;
}

/**
 * `write` answers one outcome per request of the group, in order: a value, or an Error for that
 * request alone. When `write` itself throws, every request of the group is written again on its
 * own, so that one bad request cannot fail the others.
 */
export function appendGroups<R, T>(opts: {
  keysOf: (request: R) => string[];
  write: (group: R[]) => Promise<Array<T | Error>>;
  maxGroup: number;
  maxInFlight: number;
}): AppendGroups<R, T> {
  type Waiting = { request: R; resolve: (value: T) => void; reject: (err: unknown) => void };
  const queue: Waiting[] = [];
  let inFlight = 0;
  /** Keys of the groups being written. */
  const busy = new Set<string>();

  function settle(w: Waiting, outcome: T | Error): void {
    if (outcome instanceof Error) w.reject(outcome);
    else w.resolve(outcome);
  }

  async function writeAlone(w: Waiting): Promise<void> {
    try {
      settle(w, (await opts.write([w.request]))[0]);
    } catch (err) {
      w.reject(err);
    }
  }

  async function writeGroup(group: Waiting[]): Promise<void> {
    let outcomes: Array<T | Error>;
    try {
      outcomes = await opts.write(group.map((w) => w.request));
    } catch (err) {
      if (group.length === 1) return group[0].reject(err);
      await Promise.all(group.map(writeAlone));
      return;
    }
    group.forEach((w, i) => settle(w, outcomes[i]));
  }

  function next(): void {
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const group: Waiting[] = [];
      const keys: string[] = [];
      // A key already taken (being written, or earlier in this group) makes the request wait;
      // so do the keys of requests that wait, so that no later request overtakes them.
      const passed = new Set<string>();
      for (let i = 0; i < queue.length && group.length < opts.maxGroup; ) {
        const requestKeys = opts.keysOf(queue[i].request);
        if (requestKeys.some((k) => busy.has(k) || passed.has(k))) {
          for (const k of requestKeys) passed.add(k);
          i++;
          continue;
        }
        for (const k of requestKeys) busy.add(k);
        keys.push(...requestKeys);
        group.push(queue.splice(i, 1)[0]);
      }
      if (group.length === 0) return;
      inFlight++;
      void writeGroup(group).finally(() => {
        inFlight--;
        for (const key of keys) busy.delete(key);
        next();
      });
    }
  }

  return {
    submit(request) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        next();
      });
    },
  };
}
