/**
 * A string as an SQL literal, for the few statements that must have no parameters (they travel
 * with BEGIN or COMMIT in one simple-protocol message, pgSqlClient.ts). standard_conforming_strings
 * is on (PostgreSQL's default since 9.1), so doubling the quotes is the whole escape; a NUL
 * cannot be in a literal at all.
 */
export function sqlLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('an SQL literal cannot hold a NUL character');
  return `'${value.replace(/'/g, "''")}'`;
}
