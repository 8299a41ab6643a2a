/**
 * A SqlClient that a test can cut off from its database: while cut, every statement fails as a
 * lost connection does (ECONNREFUSED, which the service reads as "store unavailable"), on the
 * embedded store as on a server. For a real network cut of a PostgreSQL server see tcpRelay.ts.
 */
import type { SqlClient } from '../../infrastructure/sql/sqlClient.js';

export interface CuttableSql {
  sql: SqlClient;
  cut(): void;
  restore(): void;
}

const unreachable = () =>
  Object.assign(new Error('connect ECONNREFUSED (cut off by the test)'), { code: 'ECONNREFUSED' });

export function cuttableSql(target: SqlClient): CuttableSql {
  let cut = false;
  const guarded = new Set(['query', 'exec', 'transaction']);
  const sql = new Proxy(target, {
    get(t, prop, receiver) {
      const v = Reflect.get(t, prop, receiver);
      if (typeof v !== 'function') return v;
      if (!guarded.has(String(prop))) return v.bind(t);
      return (...args: unknown[]) =>
        cut ? Promise.reject(unreachable()) : (v as (...a: unknown[]) => unknown).apply(t, args);
    },
  });
  return { sql, cut: () => void (cut = true), restore: () => void (cut = false) };
}
