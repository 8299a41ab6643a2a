/**
 * Dashboard sessions in their own SQL table (DESIGN.md: sessions are not event-sourced).
 *
 * The id is 32 random bytes given to the browser once; the table keeps only its sha256, so a
 * copy of the database signs nobody in. A session ends after IDLE_MS without use or ABSOLUTE_MS
 * after it began, whichever comes first. Use is recorded at most once a minute per session, so
 * a busy dashboard does not write on every request.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SqlClient } from '../sql/sqlClient.js';
import { applySchema } from '../sql/applySchema.js';

export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export type SignInMethod =
  | 'password'
  | 'code'
  | 'magic-link'
  | 'oidc'
  | 'handoff'
  | 'invite'
  | 'signup'
  | 'password-change';

export interface StoredSession {
  idHash: string;
  userId: string;
  workspaceId: string;
  method: SignInMethod;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

export interface SessionStore {
  /** Starts a session; the returned id goes into the cookie and is never stored. */
  create(input: {
    userId: string;
    workspaceId: string;
    method: SignInMethod;
  }): Promise<{ sessionId: string; session: StoredSession }>;
  /** The live session of a cookie value, or null (unknown, idle too long, or past its absolute end). */
  lookup(sessionId: string): Promise<StoredSession | null>;
  end(sessionId: string): Promise<boolean>;
  /** Ends every session of a user but `exceptSessionId`; returns how many ended. */
  endAllForUser(userId: string, exceptSessionId?: string): Promise<number>;
  /** The workspace the user last started a session in (the main domain's default). */
  lastWorkspaceOf(userId: string): Promise<string | null>;
}

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

interface Row {
  id_hash: string;
  user_id: string;
  workspace_id: string;
  method: SignInMethod;
  created_at: string | number;
  last_seen_at: string | number;
  expires_at: string | number;
}

const toSession = (r: Row): StoredSession => ({
  idHash: r.id_hash,
  userId: r.user_id,
  workspaceId: r.workspace_id,
  method: r.method,
  createdAt: Number(r.created_at),
  lastSeenAt: Number(r.last_seen_at),
  expiresAt: Number(r.expires_at),
});

export async function createSqlSessionStore(
  sql: SqlClient,
  clock: () => Date = () => new Date(),
): Promise<SessionStore> {
  await applySchema(
    sql,
    `CREATE TABLE IF NOT EXISTS auth_sessions (
      id_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, workspace_id TEXT NOT NULL, method TEXT NOT NULL,
      created_at BIGINT NOT NULL, last_seen_at BIGINT NOT NULL, expires_at BIGINT NOT NULL);
    CREATE INDEX IF NOT EXISTS auth_sessions_user ON auth_sessions (user_id);
    CREATE TABLE IF NOT EXISTS auth_last_workspace (user_id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, at BIGINT NOT NULL);`,
  );
  const now = () => clock().getTime();
  const isLive = (s: StoredSession, t: number) => t < s.expiresAt && t < s.lastSeenAt + SESSION_IDLE_MS;

  return {
    async create({ userId, workspaceId, method }) {
      const sessionId = newSecretToken();
      const t = now();
      const session: StoredSession = {
        idHash: hashSessionId(sessionId),
        userId,
        workspaceId,
        method,
        createdAt: t,
        lastSeenAt: t,
        expiresAt: t + SESSION_ABSOLUTE_MS,
      };
      // The user's dead sessions go on the way: the table never grows past the live ones by much.
      await sql.query(`DELETE FROM auth_sessions WHERE user_id = $1 AND (expires_at <= $2 OR last_seen_at <= $3)`, [
        userId,
        t,
        t - SESSION_IDLE_MS,
      ]);
      await sql.query(
        `INSERT INTO auth_sessions (id_hash, user_id, workspace_id, method, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5, $5, $6)`,
        [session.idHash, userId, workspaceId, method, t, session.expiresAt],
      );
      await sql.query(
        `INSERT INTO auth_last_workspace (user_id, workspace_id, at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET workspace_id = EXCLUDED.workspace_id, at = EXCLUDED.at`,
        [userId, workspaceId, t],
      );
      return { sessionId, session };
    },

    async lookup(sessionId) {
      if (!sessionId || sessionId.length > 100) return null;
      const idHash = hashSessionId(sessionId);
      const { rows } = await sql.query<Row>(`SELECT * FROM auth_sessions WHERE id_hash = $1`, [idHash]);
      if (!rows[0]) return null;
      const session = toSession(rows[0]);
      const t = now();
      if (!isLive(session, t)) {
        await sql.query(`DELETE FROM auth_sessions WHERE id_hash = $1`, [idHash]);
        return null;
      }
      if (t - session.lastSeenAt >= TOUCH_EVERY_MS) {
        await sql.query(`UPDATE auth_sessions SET last_seen_at = $2 WHERE id_hash = $1`, [idHash, t]);
        session.lastSeenAt = t;
      }
      return session;
    },

    async end(sessionId) {
      const { rows } = await sql.query(`DELETE FROM auth_sessions WHERE id_hash = $1 RETURNING id_hash`, [
        hashSessionId(sessionId),
      ]);
      return rows.length > 0;
    },

    async endAllForUser(userId, exceptSessionId) {
      const keep = exceptSessionId ? hashSessionId(exceptSessionId) : '';
      const { rows } = await sql.query(
        `DELETE FROM auth_sessions WHERE user_id = $1 AND id_hash <> $2 RETURNING id_hash`,
        [userId, keep],
      );
      return rows.length;
    },

    async lastWorkspaceOf(userId) {
      const { rows } = await sql.query<{ workspace_id: string }>(
        `SELECT workspace_id FROM auth_last_workspace WHERE user_id = $1`,
        [userId],
      );
      return rows[0]?.workspace_id ?? null;
    },
  };
}
