/**
 * ReadStore on PostgreSQL (pg or PGlite). One table per collection, `rm_<name>(id, doc jsonb)`,
 * with btree expression indexes on `doc->'field'`. Filters and sorts use the same jsonb
 * expressions, so the planner can use those indexes; jsonb compares numbers numerically and
 * strings (our ISO timestamps and ids) lexically.
 */
import type { SqlClient, SqlQueryable } from '../sql/sqlClient.js';
import { sqlLiteral } from '../sql/sqlLiteral.js';
import { CHECKPOINT_MOVED, SQL_RAISE_SCHEMA, hasSqlState } from '../sql/sqlRaise.js';
import { comparePositions, type Position } from '../eventStore/eventStore.js';
import type {
  BatchWrites,
  Collection,
  CollectionSpec,
  Doc,
  Filter,
  FindOptions,
  ReadStore,
  ReadStoreWriter,
} from './readStore.js';
import { checkedFieldPath, isComparison, ReadStoreWriterDelegate, storageName } from './readStore.js';
import { LIVE_PREFIX, STAGING_CHECKPOINT, STAGING_PREFIX } from './readStore.js';
import { sqlRebuildLock, type RebuildLock } from './rebuildLock.js';
import { applySchema } from '../sql/applySchema.js';

const OPERATORS: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=', $ne: 'IS DISTINCT FROM' };

/** Where a store keeps its tables and checkpoints: the live views, or a rebuild's staging copies. */
interface Naming {
  tables: string;
  checkpoints: string;
}
const LIVE: Naming = { tables: LIVE_PREFIX, checkpoints: '' };
const STAGING: Naming = { tables: STAGING_PREFIX, checkpoints: STAGING_CHECKPOINT };

function indexName(table: string, fields: string[]): string {
  return `${table}_${fields.join('_').replace(/\./g, '_')}`.slice(0, 60);
}

/** `a.b` → doc->'a'->'b' (identifiers are checked, never user input). */
function path(field: string): string {
  return [
    'doc',
    ...checkedFieldPath(field)
      .split('.')
      .map((p) => `'${p}'`),
  ].join('->');
}

function where(filter: Filter, params: unknown[]): string {
  const clauses = Object.entries(filter).map(([field, condition]) => {
    if (field === 'id') {
      if (!isComparison(condition)) {
        params.push(condition);
        return `id = $${params.length}`;
      }
      return Object.entries(condition)
        .map(([op, value]) => {
          params.push(value);
          if (op === '$in') return `id = ANY($${params.length}::text[])`;
          return `id ${op === '$ne' ? '<>' : OPERATORS[op]} $${params.length}`;
        })
        .join(' AND ');
    }
    const expr = path(field);
    if (condition === null) return `(${expr} IS NULL OR ${expr} = 'null'::jsonb)`;
    if (!isComparison(condition)) {
      params.push(JSON.stringify(condition));
      return `${expr} = $${params.length}::jsonb`;
    }
    return Object.entries(condition)
      .map(([op, value]) => {
        if (op === '$in') {
          params.push((value as unknown[]).map((v) => JSON.stringify(v)));
          return `${expr} = ANY($${params.length}::jsonb[])`;
        }
        if (op === '$ne' && value === null) return `(${expr} IS NOT NULL AND ${expr} <> 'null'::jsonb)`;
        params.push(JSON.stringify(value));
        if (op === '$ne') return `${expr} IS DISTINCT FROM $${params.length}::jsonb`;
        return `(jsonb_typeof(${expr}) = jsonb_typeof($${params.length}::jsonb) AND ${expr} ${OPERATORS[op]} $${params.length}::jsonb)`;
      })
      .join(' AND ');
  });
  return clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
}

function toPosition(row: { commit: string; prepare: string } | undefined): Position | null {
  return row ? { commit: BigInt(row.commit), prepare: BigInt(row.prepare) } : null;
}

/**
 * Locks a checkpoint's row, created at "never saved" if missing: the no-op update takes the
 * row lock in one statement. Statements without parameters (they travel with others).
 */
function lockCheckpointSql(name: string): string {
  return `INSERT INTO projection_checkpoints (name, commit, prepare) VALUES (${sqlLiteral(name)}, '-1', '-1')
    ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name`;
}

function positionSql(p: Position | null): string {
  return p ? `${sqlLiteral(p.commit.toString())}, ${sqlLiteral(p.prepare.toString())}` : `'-1', '-1'`;
}

function saveCheckpointSql(name: string, position: Position): string {
  return `INSERT INTO projection_checkpoints (name, commit, prepare) VALUES (${sqlLiteral(name)}, ${positionSql(position)})
    ON CONFLICT (name) DO UPDATE SET commit = EXCLUDED.commit, prepare = EXCLUDED.prepare`;
}

function writer(q: SqlQueryable, naming: Naming = LIVE): ReadStoreWriter {
  const table = (collection: Collection) => storageName(collection.name, naming.tables);
  const cp = (name: string) => naming.checkpoints + name;
  return {
    async get<T extends Doc>(collection: Collection<T>, id: string): Promise<T | null> {
      const r = await q.query<{ doc: T }>(`SELECT doc FROM ${table(collection)} WHERE id = $1`, [id]);
      return r.rows[0]?.doc ?? null;
    },
    async find<T extends Doc>(collection: Collection<T>, filter: Filter = {}, opts: FindOptions = {}) {
      const params: unknown[] = [];
      const order = (opts.sort ?? []).map(
        ([f, dir]) => `${f === 'id' ? 'id' : path(f)} ${dir === -1 ? 'DESC' : 'ASC'}`,
      );
      let sql = `SELECT doc FROM ${table(collection)} ${where(filter, params)}`;
      sql += ` ORDER BY ${[...order, 'id'].join(', ')}`;
      if (opts.limit !== undefined) sql += ` LIMIT ${Math.max(0, Math.floor(opts.limit))}`;
      if (opts.skip) sql += ` OFFSET ${Math.max(0, Math.floor(opts.skip))}`;
      const r = await q.query<{ doc: T }>(sql, params);
      return r.rows.map((row) => row.doc);
    },
    async count(collection, filter = {}) {
      const params: unknown[] = [];
      const r = await q.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table(collection)} ${where(filter, params)}`,
        params,
      );
      return r.rows[0].n;
    },
    async upsert(collection, doc) {
      await q.query(
        `INSERT INTO ${table(collection)} (id, doc) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
        [doc.id, JSON.stringify(doc)],
      );
    },
    async upsertMany(collection, docs) {
      await q.query(
        `INSERT INTO ${table(collection)} (id, doc) SELECT * FROM unnest($1::text[], $2::jsonb[]) ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
        [docs.map((d) => d.id), docs.map((d) => JSON.stringify(d))],
      );
    },
    async patch(collection, id, fields) {
      const r = await q.query(`UPDATE ${table(collection)} SET doc = doc || $2::jsonb WHERE id = $1 RETURNING id`, [
        id,
        JSON.stringify(fields),
      ]);
      return r.rows.length > 0;
    },
    async increment(collection, id, field, by, seed = {}) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`invalid field ${field}`);
      const initial = { ...seed, id, [field]: by };
      await q.query(
        `INSERT INTO ${table(collection)} (id, doc) VALUES ($1, $2::jsonb)
         ON CONFLICT (id) DO UPDATE SET doc = jsonb_set(${table(collection)}.doc, '{${field}}',
           to_jsonb(COALESCE((${table(collection)}.doc->>'${field}')::numeric, 0) + $3))`,
        [id, JSON.stringify(initial), by],
      );
    },
    async delete(collection, id) {
      await q.query(`DELETE FROM ${table(collection)} WHERE id = $1`, [id]);
    },
    async deleteMany(collection, filter) {
      const params: unknown[] = [];
      const r = await q.query(`DELETE FROM ${table(collection)} ${where(filter, params)} RETURNING id`, params);
      return r.rows.length;
    },
    async lockCheckpoint(name) {
      // Without parameters, so that a transaction's BEGIN travels with it in one round trip.
      const r = await q.query<{ commit: string; prepare: string }>(
        `${lockCheckpointSql(cp(name))} RETURNING commit, prepare`,
      );
      const p = toPosition(r.rows[0]);
      return p && p.commit >= 0n ? p : null;
    },
    async saveCheckpoint(name, position) {
      // Inside a transaction the save goes with COMMIT (nothing reads it back before).
      const save = saveCheckpointSql(cp(name), position);
      if (q.atCommit) q.atCommit(save);
      else await q.query(save);
    },
  };
}

class PostgresReadStore extends ReadStoreWriterDelegate implements ReadStore {
  private specs: CollectionSpec[] = [];
  constructor(
    private readonly sql: SqlClient,
    private readonly naming: Naming = LIVE,
  ) {
    super(writer(sql, naming));
  }

  async getCheckpoint(name: string): Promise<Position | null> {
    const r = await this.sql.query<{ commit: string; prepare: string }>(
      `SELECT commit, prepare FROM projection_checkpoints WHERE name = $1`,
      [this.naming.checkpoints + name],
    );
    const p = toPosition(r.rows[0]);
    return p && p.commit >= 0n ? p : null;
  }

  transaction<T>(fn: (tx: ReadStoreWriter) => Promise<T>): Promise<T> {
    return this.sql.transaction((q) => fn(writer(q, this.naming)));
  }

  /**
   * One message of statements without parameters (values as literals), which PostgreSQL runs
   * as one implicit transaction: lock the checkpoint, give up (CHECKPOINT_MOVED) unless it
   * stands at `from`, write, move it. Each statement reads the latest committed rows, so the
   * check sees what a runner that held the lock before committed.
   */
  async commitBatch(name: string, from: Position | null, to: Position, writes: BatchWrites): Promise<boolean> {
    const cp = this.naming.checkpoints + name;
    const statements = [
      lockCheckpointSql(cp),
      `SELECT confab_raise('${CHECKPOINT_MOVED}', 'projection checkpoint ' || name || ' moved') FROM projection_checkpoints
       WHERE name = ${sqlLiteral(cp)} AND (commit, prepare) IS DISTINCT FROM (${positionSql(from)})`,
    ];
    for (const [collection, { upserts, deletes }] of writes) {
      const t = storageName(collection, this.naming.tables);
      if (upserts.length) {
        const rows = upserts.map((d) => `(${sqlLiteral(d.id)}, ${sqlLiteral(JSON.stringify(d))}::jsonb)`);
        statements.push(
          `INSERT INTO ${t} (id, doc) VALUES ${rows.join(', ')} ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
        );
      }
      if (deletes.length) statements.push(`DELETE FROM ${t} WHERE id IN (${deletes.map(sqlLiteral).join(', ')})`);
    }
    statements.push(saveCheckpointSql(cp, to));
    try {
      await this.sql.exec(statements.join(';\n'));
      return true;
    } catch (err) {
      if (hasSqlState(err, CHECKPOINT_MOVED)) return false;
      throw err;
    }
  }

  async ensureCollections(specs: CollectionSpec[]): Promise<void> {
    this.specs = [...this.specs.filter((s) => !specs.some((n) => n.name === s.name)), ...specs];
    for (const spec of specs) {
      const t = storageName(spec.name, this.naming.tables);
      const ddl = [`CREATE TABLE IF NOT EXISTS ${t} (id TEXT PRIMARY KEY, doc JSONB NOT NULL)`];
      for (const fields of spec.indexes) {
        ddl.push(
          `CREATE INDEX IF NOT EXISTS ${indexName(t, fields)} ON ${t} (${fields.map((f) => `(${path(f)})`).join(', ')})`,
        );
      }
      await applySchema(this.sql, ddl.join(';\n'));
    }
  }

  async dropAll(): Promise<void> {
    const r = await this.sql.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND starts_with(tablename, $1)`,
      [this.naming.tables],
    );
    for (const { tablename } of r.rows) await this.sql.exec(`DROP TABLE IF EXISTS ${tablename}`);
    await this.sql.query(`DELETE FROM projection_checkpoints WHERE starts_with(name, $1) = $2`, [
      STAGING_CHECKPOINT,
      this.naming === STAGING,
    ]);
    await this.ensureCollections(this.specs);
  }

  lockRebuild(): Promise<RebuildLock> {
    return sqlRebuildLock(this.sql);
  }

  async openStaging(): Promise<ReadStore> {
    const staging = new PostgresReadStore(this.sql, STAGING);
    await staging.ensureCollections(this.specs);
    await staging.dropAll();
    return staging;
  }

  async promoteStaging(_staging: ReadStore, checkpoint: string): Promise<boolean> {
    return this.sql.transaction(async (q) => {
      // Locks the live checkpoint: no live batch can commit into the tables being replaced.
      const live = await writer(q, LIVE).lockCheckpoint(checkpoint);
      const built = await writer(q, STAGING).lockCheckpoint(checkpoint);
      if (live && (!built || comparePositions(built, live) < 0)) return false;
      for (const spec of this.specs) {
        const from = storageName(spec.name, STAGING_PREFIX);
        const to = storageName(spec.name, LIVE_PREFIX);
        await q.query(`DROP TABLE IF EXISTS ${to}`);
        await q.query(`ALTER TABLE ${from} RENAME TO ${to}`);
        for (const fields of spec.indexes)
          await q.query(`ALTER INDEX IF EXISTS ${indexName(from, fields)} RENAME TO ${indexName(to, fields)}`);
      }
      if (built) await writer(q, LIVE).saveCheckpoint(checkpoint, built);
      await q.query(`DELETE FROM projection_checkpoints WHERE name = $1`, [STAGING_CHECKPOINT + checkpoint]);
      return true;
    });
  }

  async close(): Promise<void> {
    // The SqlClient is shared with the event store; the composition root closes it.
  }
}

/** The views on `sql`, the checkpoints' table made if missing (ensureCollections makes the views' own). */
export async function createPostgresReadStore(sql: SqlClient): Promise<PostgresReadStore> {
  await applySchema(
    sql,
    `CREATE TABLE IF NOT EXISTS projection_checkpoints (name TEXT PRIMARY KEY, commit TEXT NOT NULL, prepare TEXT NOT NULL);${SQL_RAISE_SCHEMA}`,
  );
  return new PostgresReadStore(sql);
}

export type { PostgresReadStore };
