/**
 * A string as an SQL literal, for statements that travel without parameters (several in one
 * simple-protocol message: pgSqlClient.ts, postgresReadStore.ts commitBatch). An escape string
 * (E'…') reads the same whatever the server's standard_conforming_strings, so doubling quotes
 * and backslashes is the whole escape; a NUL cannot be in a PostgreSQL string at all.
 */
export function sqlLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('an SQL literal cannot hold a NUL character');
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
