/**
 * ReadStore on MongoDB (`mongodb`), the customer's production choice (DESIGN.md, decision 5). One
 * collection per view, `rm_<name>`, with `_id` = the document id; the port's filters are a
 * Mongo subset, so they map straight to Mongo operators. Transactions need a replica set (a
 * single-node one will do).
 *
 * UNVERIFIED until the contract suite runs against a server (set MONGODB_URL).
 */
import { type ClientSession, type Db, type Document, MongoClient, MongoServerError } from 'mongodb';
import { comparePositions, type Position } from '../eventStore/eventStore.js';
import type { Collection, CollectionSpec, Doc, Filter, FindOptions, ReadStore, ReadStoreWriter } from './readStore.js';
import { checkedFieldPath, isComparison, ReadStoreWriterDelegate, storageName } from './readStore.js';
import { LIVE_PREFIX, STAGING_CHECKPOINT, STAGING_PREFIX } from './readStore.js';
import { inProcessRebuildLock, type RebuildLock } from './rebuildLock.js';

const CHECKPOINTS = 'projection_checkpoints';
const NAMESPACE_EXISTS = 48;

/** Where a store keeps its collections and checkpoints: the live views, or a rebuild's staging copies. */
interface Naming {
  collections: string;
  checkpoints: string;
}
const LIVE: Naming = { collections: LIVE_PREFIX, checkpoints: '' };
const STAGING: Naming = { collections: STAGING_PREFIX, checkpoints: STAGING_CHECKPOINT };

function fieldName(field: string): string {
  return field === 'id' ? '_id' : checkedFieldPath(field);
}

function toMongoFilter(filter: Filter): Document {
  const out: Document = {};
  for (const [field, condition] of Object.entries(filter)) {
    // Only the port's operators pass through; any other object is a literal value, so a value
    // that came from a request can never smuggle in $where or $regex.
    if (condition === null) out[fieldName(field)] = null;
    else if (isComparison(condition)) out[fieldName(field)] = { ...condition };
    else out[fieldName(field)] = { $eq: condition };
  }
  return out;
}

function toDoc<T extends Doc>(stored: Document | null): T | null {
  if (!stored) return null;
  const { _id, ...rest } = stored;
  return { id: _id as string, ...rest } as T;
}

function withoutId(fields: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, _id: _mongoId, ...rest } = fields;
  return rest;
}

function toPosition(stored: Document | null): Position | null {
  if (!stored) return null;
  const p = { commit: BigInt(stored.commit as string), prepare: BigInt(stored.prepare as string) };
  return p.commit >= 0n ? p : null;
}

function writer(db: Db, session?: ClientSession, naming: Naming = LIVE): ReadStoreWriter {
  const col = (c: Collection) => db.collection(storageName(c.name, naming.collections));
  const checkpoints = () => db.collection<{ _id: string; commit: string; prepare: string }>(CHECKPOINTS);
  return {
    async get<T extends Doc>(collection: Collection<T>, id: string) {
      return toDoc<T>(await col(collection).findOne({ _id: id as never }, { session }));
    },
    async find<T extends Doc>(collection: Collection<T>, filter: Filter = {}, opts: FindOptions = {}) {
      // Mongo reads limit 0 as "no limit"; the port means none.
      if (opts.limit !== undefined && Math.floor(opts.limit) <= 0) return [];
      const sort: Record<string, 1 | -1> = {};
      for (const [field, dir] of opts.sort ?? []) sort[fieldName(field)] = dir === -1 ? -1 : 1;
      if (!('_id' in sort)) sort._id = 1;
      let cursor = col(collection).find(toMongoFilter(filter), { session }).sort(sort);
      if (opts.skip) cursor = cursor.skip(Math.max(0, Math.floor(opts.skip)));
      if (opts.limit !== undefined) cursor = cursor.limit(Math.floor(opts.limit));
      return (await cursor.toArray()).map((d) => toDoc<T>(d)!);
    },
    async count(collection, filter = {}) {
      return col(collection).countDocuments(toMongoFilter(filter), { session });
    },
    async upsert(collection, doc) {
      await col(collection).replaceOne({ _id: doc.id as never }, withoutId(doc), { upsert: true, session });
    },
    async patch(collection, id, fields) {
      const set = withoutId(fields);
      if (Object.keys(set).length === 0)
        return (await col(collection).countDocuments({ _id: id as never }, { session, limit: 1 })) > 0;
      const r = await col(collection).updateOne({ _id: id as never }, { $set: set }, { session });
      return r.matchedCount > 0;
    },
    async increment(collection, id, field, by, seed = {}) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`invalid field ${field}`);
      // $setOnInsert may not name the field $inc touches, or the update is rejected.
      const { [field]: _ignored, ...onInsert } = withoutId(seed);
      const update: Document = { $inc: { [field]: by } };
      if (Object.keys(onInsert).length) update.$setOnInsert = onInsert;
      await col(collection).updateOne({ _id: id as never }, update, { upsert: true, session });
    },
    async delete(collection, id) {
      await col(collection).deleteOne({ _id: id as never }, { session });
    },
    async deleteMany(collection, filter) {
      return (await col(collection).deleteMany(toMongoFilter(filter), { session })).deletedCount;
    },
    async lockCheckpoint(name) {
      // Mongo has no SELECT … FOR UPDATE: writing the document makes any other transaction
      // that locks it hit a write conflict, and withTransaction retries it after we commit.
      const r = await checkpoints().findOneAndUpdate(
        { _id: naming.checkpoints + name },
        { $setOnInsert: { commit: '-1', prepare: '-1' }, $inc: { locks: 1 } },
        { upsert: true, returnDocument: 'after', session },
      );
      return toPosition(r);
    },
    async saveCheckpoint(name, position) {
      await checkpoints().updateOne(
        { _id: naming.checkpoints + name },
        { $set: { commit: position.commit.toString(), prepare: position.prepare.toString() } },
        { upsert: true, session },
      );
    },
  };
}

class MongoReadStore extends ReadStoreWriterDelegate implements ReadStore {
  private specs: CollectionSpec[] = [];
  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    private readonly naming: Naming = LIVE,
  ) {
    super(writer(db, undefined, naming));
  }

  async getCheckpoint(name: string): Promise<Position | null> {
    return toPosition(
      await this.db.collection<{ _id: string }>(CHECKPOINTS).findOne({ _id: this.naming.checkpoints + name }),
    );
  }

  async transaction<T>(fn: (tx: ReadStoreWriter) => Promise<T>): Promise<T> {
    const session = this.client.startSession();
    try {
      // withTransaction may run fn again after a transient error (a write conflict), so the
      // result is the last run's.
      let result: T | undefined;
      await session.withTransaction(async (s) => {
        result = await fn(writer(this.db, s, this.naming));
      });
      return result as T;
    } finally {
      await session.endSession();
    }
  }

  async ensureCollections(specs: CollectionSpec[]): Promise<void> {
    this.specs = [...this.specs.filter((s) => !specs.some((n) => n.name === s.name)), ...specs];
    // Collections are created up front: creating one inside a transaction is not always allowed.
    for (const name of [CHECKPOINTS, ...specs.map((s) => storageName(s.name, this.naming.collections))]) {
      await this.db.createCollection(name).catch((err) => {
        if (!(err instanceof MongoServerError && err.code === NAMESPACE_EXISTS)) throw err;
      });
    }
    for (const spec of specs) {
      const col = this.db.collection(storageName(spec.name, this.naming.collections));
      for (const fields of spec.indexes) {
        const keys: Record<string, 1> = {};
        for (const f of fields) keys[fieldName(f)] = 1;
        await col.createIndex(keys, { name: fields.join('_') });
      }
    }
  }

  async dropAll(): Promise<void> {
    const collections = await this.db
      .listCollections({ name: new RegExp(`^${this.naming.collections}`) }, { nameOnly: true })
      .toArray();
    for (const { name } of collections) await this.db.dropCollection(name);
    const staging = { _id: { $regex: `^${STAGING_CHECKPOINT}` } };
    await this.db
      .collection<{ _id: string }>(CHECKPOINTS)
      .deleteMany(this.naming === STAGING ? staging : { $nor: [staging] });
    await this.ensureCollections(this.specs);
  }

  /** Guarded within this process only: MongoDB has no session lock here (not verified on a server). */
  async lockRebuild(): Promise<RebuildLock> {
    return inProcessRebuildLock(this.client);
  }

  async openStaging(): Promise<ReadStore> {
    const staging = new MongoReadStore(this.client, this.db, STAGING);
    await staging.ensureCollections(this.specs);
    await staging.dropAll();
    return staging;
  }

  /**
   * Unverified (no MongoDB on our machines): renameCollection with dropTarget swaps each view
   * atomically, but not all of them at once; the checkpoint moves after the last one.
   */
  async promoteStaging(_staging: ReadStore, checkpoint: string): Promise<boolean> {
    const live = await this.getCheckpoint(checkpoint);
    const built = toPosition(
      await this.db.collection<{ _id: string }>(CHECKPOINTS).findOne({ _id: STAGING_CHECKPOINT + checkpoint }),
    );
    if (live && (!built || comparePositions(built, live) < 0)) return false;
    for (const spec of this.specs) {
      await this.db.renameCollection(storageName(spec.name, STAGING_PREFIX), storageName(spec.name, LIVE_PREFIX), {
        dropTarget: true,
      });
    }
    if (built) await writer(this.db).saveCheckpoint(checkpoint, built);
    await this.db.collection<{ _id: string }>(CHECKPOINTS).deleteOne({ _id: STAGING_CHECKPOINT + checkpoint });
    return true;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** The database is the one named in the URL unless `dbName` is given (tests isolate so). */
export async function createMongoReadStore(url: string, opts: { dbName?: string } = {}): Promise<MongoReadStore> {
  const client = new MongoClient(url);
  await client.connect();
  return new MongoReadStore(client, client.db(opts.dbName));
}

export type { MongoReadStore };
