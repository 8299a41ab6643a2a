/**
 * `confab_raise(sqlstate, message)`: fails the statement that calls it, with our own SQLSTATE.
 * SQL has no RAISE outside PL/pgSQL, and a few single statements must be able to give up as a
 * whole (an append to several streams caught half written, a projection batch whose checkpoint
 * moved): calling it where that condition holds undoes the statement, or the whole message.
 * Created only when missing: replacing a function writes its catalogue row, which two
 * processes starting at once would both try.
 */
export const SQL_RAISE_SCHEMA = `
DO $do$ BEGIN
  IF to_regprocedure('confab_raise(text, text)') IS NULL THEN
    CREATE FUNCTION confab_raise(sqlstate text, message text) RETURNS boolean LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION USING ERRCODE = sqlstate, MESSAGE = message;
    END $$;
  END IF;
END $do$;
`;

/** An append to several streams found one of them moved after its snapshot (postgresAppendStatements.ts). */
export const PARTIAL_APPEND = 'CF001';
/** A projection batch found its checkpoint moved by another process (postgresReadStore.ts). */
export const CHECKPOINT_MOVED = 'CF002';

export function hasSqlState(err: unknown, sqlstate: string): boolean {
  return (err as { code?: string } | null)?.code === sqlstate;
}
