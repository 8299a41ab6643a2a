/**
 * When each API key was last used, for the dashboard's API keys tab, without a durable write on
 * the External API's hot path: a request only notes the time in memory; a timer
 * writes what was noted since the last flush, one multi-row upsert at most every `flushMs`
 * (a minute by default), so a key costs at most one write per minute however busy it is.
 *
 * Precision: the stored time may lag by up to `flushMs` on another instance, and a crash loses
 * at most the last `flushMs` of notes (the previous value stays). Reads on this instance merge
 * what it has not flushed yet, so its own calls show at once. Several instances write with
 * GREATEST, so an older note never moves a key's time back.
 */
import type { SqlClient } from '../sql/sqlClient.js';
import { applySchema } from '../sql/applySchema.js';

export const LAST_USED_FLUSH_MS = 60_000;

export interface ApiKeyLastUsed {
  /** Notes a use of the key now (memory only). */
  touch(keyId: string): void;
  /** The last use of each key that has one (ISO timestamps). */
  lastUsed(keyIds: readonly string[]): Promise<Map<string, string>>;
  /** Writes what is noted (also run by the timer). */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  close(): Promise<void>;
}

export interface ApiKeyLastUsedOptions {
  clock?: () => Date;
  flushMs?: number;
  onError?: (err: Error) => void;
}

export async function createApiKeyLastUsed(sql: SqlClient, opts: ApiKeyLastUsedOptions = {}): Promise<ApiKeyLastUsed> {
  const clock = opts.clock ?? (() => new Date());
  await applySchema(
    sql,
    `CREATE TABLE IF NOT EXISTS api_key_last_used (key_id TEXT PRIMARY KEY, last_used_at TIMESTAMPTZ NOT NULL)`,
  );
  let noted = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: Map<string, number>): Promise<void> {
    if (batch.size === 0) return;
    const ids = [...batch.keys()];
    const times = ids.map((id) => new Date(batch.get(id)!).toISOString());
    try {
      await sql.query(
        `INSERT INTO api_key_last_used (key_id, last_used_at)
         SELECT * FROM unnest($1::text[], $2::timestamptz[])
         ON CONFLICT (key_id) DO UPDATE SET last_used_at = GREATEST(api_key_last_used.last_used_at, EXCLUDED.last_used_at)`,
        [ids, times],
      );
    } catch (err) {
      // Kept for the next flush rather than lost; a newer note for the same key wins.
      for (const [id, at] of batch) if ((noted.get(id) ?? 0) < at) noted.set(id, at);
      opts.onError?.(err as Error);
    }
  }

  const flush = (): Promise<void> => {
    flushing = flushing.then(() => {
      const batch = noted;
      noted = new Map();
      return write(batch);
    });
    return flushing;
  };

  const timer = setInterval(() => void flush(), opts.flushMs ?? LAST_USED_FLUSH_MS);
  timer.unref();

  return {
    touch(keyId) {
      noted.set(keyId, clock().getTime());
    },
    async lastUsed(keyIds) {
      const out = new Map<string, string>();
      if (keyIds.length === 0) return out;
      const { rows } = await sql.query<{ key_id: string; last_used_at: string | Date }>(
        `SELECT key_id, last_used_at FROM api_key_last_used WHERE key_id = ANY($1::text[])`,
        [[...keyIds]],
      );
      for (const r of rows) out.set(r.key_id, new Date(r.last_used_at).toISOString());
      for (const id of keyIds) {
        const pending = noted.get(id);
        if (pending !== undefined && pending > Date.parse(out.get(id) ?? '1970-01-01'))
          out.set(id, new Date(pending).toISOString());
      }
      return out;
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
