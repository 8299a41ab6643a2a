/**
 * The views as the External API reads them, with answers kept in process until the projection
 * runner writes the collection they came from (a read then costs no round trip).
 *
 * Exact on one instance: the runner announces the collections of every batch after it commits
 * and before read-your-writes waiters are released (`ProjectionRunner.viewsChanged$`), so a
 * request that follows a write never sees an older answer. A read that an announcement
 * overtook is not kept. With several instances, a batch another instance applied is noticed by
 * this instance's runner when it finds the checkpoint moved (woken by the append's NOTIFY, or its
 * 250 ms poll): it announces "unknown", which drops everything. Until then — milliseconds, at
 * most the poll — an answer may be that much older than the database; `ttlMs` bounds any miss.
 */
import type { Observable, Subscription } from 'rxjs';
import type { Collection, Doc, Filter, FindOptions, ReadStoreReader } from './readStore.js';

export interface CachedReaderOptions {
  /** Collections written (null: unknown, drop everything). */
  viewsChanged$: Observable<string[] | null>;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export interface CachedReader extends ReadStoreReader {
  close(): void;
}

interface Entry {
  collection: string;
  /** Deep-frozen: every hit shares it, so a caller that tried to change it would throw, not corrupt the cache. */
  value: unknown;
  at: number;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export function createCachedReader(base: ReadStoreReader, opts: CachedReaderOptions): CachedReader {
  const ttlMs = opts.ttlMs ?? 10_000;
  const maxEntries = opts.maxEntries ?? 5_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Bumped for a collection on each change of it; `all` on every change of anything unknown. */
  const generations = new Map<string, number>();
  let all = 0;
  const generation = (c: string) => `${all}:${generations.get(c) ?? 0}`;

  const subscription: Subscription = opts.viewsChanged$.subscribe((collections) => {
    if (collections === null) {
      all++;
      entries.clear();
      return;
    }
    for (const c of collections) generations.set(c, (generations.get(c) ?? 0) + 1);
    const changed = new Set(collections);
    for (const [k, e] of entries) if (changed.has(e.collection)) entries.delete(k);
  });

  async function cached<T>(collection: string, key: string, read: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value as T;
    const before = generation(collection);
    const value = deepFreeze(await read());
    if (generation(collection) === before) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { collection, value, at: now() });
    }
    return value;
  }

  return {
    get<D extends Doc>(c: Collection<D>, id: string) {
      return cached(c.name, JSON.stringify(['get', c.name, id]), () => base.get(c, id));
    },
    find<D extends Doc>(c: Collection<D>, filter?: Filter, findOpts?: FindOptions) {
      return cached(c.name, JSON.stringify(['find', c.name, filter ?? {}, findOpts ?? {}]), () =>
        base.find(c, filter, findOpts),
      );
    },
    count(c: Collection, filter?: Filter) {
      return cached(c.name, JSON.stringify(['count', c.name, filter ?? {}]), () => base.count(c, filter));
    },
    close() {
      subscription.unsubscribe();
    },
  };
}
