/**
 * One SQL dialect (PostgreSQL), two drivers: `pg` against a server, `@electric-sql/pglite`
 * embedded under DATA_DIR. The store adapters are written against this interface only.
 */
export interface SqlQueryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /**
   * Inside a transaction, where round trips cost (the server driver): runs `sql` (no
   * parameters) as the transaction's last statement, in the same round trip as COMMIT. A
   * failure fails the commit, so the transaction rolls back as if it had run in place.
   */
  atCommit?(sql: string): void;
}

export interface SqlClient extends SqlQueryable {
  /**
   * Runs fn in one transaction on one connection; rolls back when it throws. The server driver
   * sends BEGIN with fn's first statement when that one has no parameters (one round trip).
   */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /**
   * Runs several statements without parameters in one message, which PostgreSQL runs as one
   * implicit transaction (DDL, and a projection batch's writes: postgresReadStore.ts).
   */
  exec(sql: string): Promise<void>;
  /** Called with the payload of every NOTIFY on the channel, from any process on the database. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Takes the session-level advisory lock `key` (SQL for its two int4 arguments) on a
   * connection of its own, or answers null when another session holds it. The lock lasts as
   * long as that connection: a process that dies or loses the server gives it up. Only the
   * server driver has it (the embedded store has one process).
   */
  sessionLock?(key: string): Promise<SessionLock | null>;
  /**
   * Resolves when the database answers, asked on a connection of its own (the server driver), so
   * that a pool busy with requests does not read as an outage: readiness (api/http/readiness.ts)
   * must say whether the database is there, not whether this process is busy.
   */
  probe?(): Promise<void>;
  close(): Promise<void>;
  readonly driver: 'pg' | 'pglite';
}

export interface SessionLock {
  /** False once the lock's connection ended (the server then released the lock). */
  readonly held: boolean;
  release(): Promise<void>;
}
