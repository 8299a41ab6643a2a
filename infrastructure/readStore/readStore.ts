/**
 * The ReadStore port (DESIGN.md, decision 5): collections of JSON documents that projections write and
 * queries read. Adapters: postgresReadStore (pg or PGlite) and mongoReadStore.
 *
 * Filters are a small, Mongo-like subset so that every adapter can translate them to an
 * indexed query: equality, $in, $ne and range operators on top-level or dotted fields.
 */
import type { RebuildLock } from './rebuildLock.js';
import type { Position } from '../eventStore/eventStore.js';

export type Doc = { id: string } & Record<string, unknown>;
export type Comparison = {
  $gt?: unknown;
  $gte?: unknown;
  $lt?: unknown;
  $lte?: unknown;
  $in?: unknown[];
  $ne?: unknown;
};
export type Filter = Record<string, unknown>;
export type SortSpec = Array<[field: string, direction: 1 | -1]>;
export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
}

/**
 * A collection of the views by name, typed with the documents it holds: reads through a handle
 * answer its document type and writes take it, so a caller cannot choose another type for the
 * same name. Each view exports the handles of its collections.
 */
export interface Collection<D extends Doc = Doc> {
  readonly name: string;
  /** Never set: only carries the document type. */
  readonly documentType?: D;
}

export function collection<D extends Doc>(name: string): Collection<D> {
  return { name };
}

export interface CollectionSpec {
  name: string;
  /** Each entry is one (compound) index over dotted field paths. */
  indexes: string[][];
}

export interface ReadStoreReader {
  get<D extends Doc>(collection: Collection<D>, id: string): Promise<D | null>;
  find<D extends Doc>(collection: Collection<D>, filter?: Filter, opts?: FindOptions): Promise<D[]>;
  count(collection: Collection, filter?: Filter): Promise<number>;
}

export interface ReadStoreWriter extends ReadStoreReader {
  /** Inserts or replaces the whole document. */
  upsert<D extends Doc>(collection: Collection<D>, doc: NoInfer<D>): Promise<void>;
  /** upsert for many documents in one statement, where the adapter can (bufferedWriter.ts). */
  upsertMany?<D extends Doc>(collection: Collection<D>, docs: NoInfer<D>[]): Promise<void>;
  /** Shallow-merges fields into an existing document; false when it does not exist. */
  patch<D extends Doc>(collection: Collection<D>, id: string, fields: Partial<NoInfer<D>>): Promise<boolean>;
  /** Adds `by` to a numeric field, creating the document from `seed` (field starting at 0) when absent. */
  increment(
    collection: Collection,
    id: string,
    field: string,
    by: number,
    seed?: Record<string, unknown>,
  ): Promise<void>;
  /** Makes the document absent (whether it was there is not reported: a buffered batch writes it later). */
  delete(collection: Collection, id: string): Promise<void>;
  deleteMany(collection: Collection, filter: Filter): Promise<number>;
  /** Locks a projection's checkpoint for the rest of the transaction and returns it. */
  lockCheckpoint(name: string): Promise<Position | null>;
  /** In a transaction, the write may be held back until the commit: save last, never read it back before. */
  saveCheckpoint(name: string, position: Position): Promise<void>;
}

/** What a projection batch writes: per collection name, the documents to store and the ids to delete. */
export type BatchWrites = Map<string, { upserts: Doc[]; deletes: string[] }>;

export interface ReadStore extends ReadStoreWriter {
  transaction<T>(fn: (tx: ReadStoreWriter) => Promise<T>): Promise<T>;
  /**
   * A projection batch in one step, where the store can (PostgreSQL: one round trip): if
   * checkpoint `name` still stands at `from` (null: never saved), writes `writes` and moves the
   * checkpoint to `to`, all at once; otherwise writes nothing and answers false.
   */
  commitBatch?(name: string, from: Position | null, to: Position, writes: BatchWrites): Promise<boolean>;
  ensureCollections(specs: CollectionSpec[]): Promise<void>;
  /** Drops every collection and checkpoint. */
  dropAll(): Promise<void>;
  /**
   * Rebuild support: the right to use the staging copies, one rebuild at a time across every
   * process on these views (rebuildLock.ts); refuses with RebuildRunningError while another
   * rebuild holds it. Taken before openStaging, released once the copies are promoted or given up.
   */
  lockRebuild(): Promise<RebuildLock>;
  /**
   * Rebuild support: a store over fresh, empty copies of the collections (with checkpoints of
   * their own) that readers of this store never see, to replay the log into.
   */
  openStaging(): Promise<ReadStore>;
  /**
   * Puts the staging collections and the staging checkpoint `checkpoint` in place of the live
   * ones in one step — unless the staging checkpoint is behind the live one (then nothing
   * changes and the answer is false: catch up and try again).
   */
  promoteStaging(staging: ReadStore, checkpoint: string): Promise<boolean>;
  getCheckpoint(name: string): Promise<Position | null>;
  close(): Promise<void>;
}

/** Live views are stored under `rm_`; a rebuild's staging copies under `rs_` until promoted. */
export const LIVE_PREFIX = 'rm_';
export const STAGING_PREFIX = 'rs_';
/** Staging checkpoints live beside the live ones, under this prefix. */
export const STAGING_CHECKPOINT = 'staging:';

/** The backing table or collection of a view: checked, since it is spliced into queries. */
export function storageName(collection: string, prefix = LIVE_PREFIX): string {
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(collection)) throw new Error(`invalid collection name ${collection}`);
  return `${prefix}${collection}`;
}

/** A dotted field path (`a.b`), checked the same way; the adapters turn it into their syntax. */
export function checkedFieldPath(field: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(field))
    throw new Error(`invalid field path ${field}`);
  return field;
}

export function isComparison(value: unknown): value is Comparison {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0 &&
    Object.keys(value).every((k) => ['$gt', '$gte', '$lt', '$lte', '$in', '$ne'].includes(k))
  );
}

/**
 * Base for adapters whose plain (non-transactional) operations are the same writer they hand
 * to transactions: every ReadStoreWriter method forwards to `base`.
 */
export abstract class ReadStoreWriterDelegate implements ReadStoreWriter {
  constructor(protected readonly base: ReadStoreWriter) {}

  get<D extends Doc>(c: Collection<D>, id: string): Promise<D | null> {
    return this.base.get(c, id);
  }
  find<D extends Doc>(c: Collection<D>, f?: Filter, o?: FindOptions): Promise<D[]> {
    return this.base.find(c, f, o);
  }
  count(c: Collection, f?: Filter): Promise<number> {
    return this.base.count(c, f);
  }
  upsert<D extends Doc>(c: Collection<D>, d: NoInfer<D>): Promise<void> {
    return this.base.upsert(c, d);
  }
  async upsertMany<D extends Doc>(c: Collection<D>, docs: NoInfer<D>[]): Promise<void> {
    if (this.base.upsertMany) return this.base.upsertMany(c, docs);
    for (const d of docs) await this.base.upsert(c, d);
  }
  patch<D extends Doc>(c: Collection<D>, id: string, f: Partial<NoInfer<D>>): Promise<boolean> {
    return this.base.patch(c, id, f);
  }
  increment(c: Collection, id: string, f: string, by: number, s?: Record<string, unknown>): Promise<void> {
    return this.base.increment(c, id, f, by, s);
  }
  delete(c: Collection, id: string): Promise<void> {
    return this.base.delete(c, id);
  }
  deleteMany(c: Collection, f: Filter): Promise<number> {
    return this.base.deleteMany(c, f);
  }
  lockCheckpoint(name: string): Promise<Position | null> {
    return this.base.lockCheckpoint(name);
  }
  saveCheckpoint(name: string, p: Position): Promise<void> {
    return this.base.saveCheckpoint(name, p);
  }
}
