/**
 * Whether an error means the database cannot be reached right now (down, restarting, a broken
 * connection) rather than that a request was wrong: such answers are 503 with Retry-After, so
 * clients and load balancers retry instead of reporting a bug.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres's own message when its query_timeout fires (pgSqlClient.ts drops that connection). */
export const isQueryTimeout = (err: unknown): boolean => err instanceof Error && err.message === 'Query read timeout';

export function isStoreUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  // SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, cannot connect now).
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || NETWORK_CODES.has(code))
    return true;
  // A server that stopped answering: pgSqlClient.ts's query and connect timeouts.
  if (isQueryTimeout(err)) return true;
  return (
    typeof e.message === 'string' &&
    /Connection terminated|connection is closed|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
      e.message,
    )
  );
}
