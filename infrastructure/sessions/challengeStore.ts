/**
 * One-time sign-in challenges in their own SQL table, next to the sessions and for the same
 * reason (DESIGN.md): short-lived, high-churn secrets that the event log should not carry.
 *
 * Two shapes:
 * - tokens (magic links, handoff and OIDC codes, OIDC state, signup links): 32 random bytes
 *   handed out once, stored as sha256, taken with one DELETE … RETURNING so two requests can
 *   never both use one;
 * - codes (6 digits by mail): one live code per subject, stored as the pepper-keyed hash of
 *   domain/account/emailChange.ts, judged by domain/signIn/challenges.ts inside a row lock so
 *   parallel guesses cannot share a try.
 */
import { createHash } from 'node:crypto';
import type { SqlClient } from '../sql/sqlClient.js';
import { judgeCode, type ChallengeKind, type CodeVerdict } from '../../domain/signIn/challenges.js';
import { newSecretToken } from './sessionStore.js';
import { applySchema } from '../sql/applySchema.js';

export interface Challenge<D> {
  subject: string;
  data: D;
}

export interface ChallengeStore {
  issueToken<D extends object>(kind: ChallengeKind, subject: string, data: D, ttlMs: number): Promise<string>;
  /** The challenge of a token, removed in the same step; null when unknown, used or expired. */
  consumeToken<D>(kind: ChallengeKind, token: string): Promise<Challenge<D> | null>;
  /** The challenge of a live token, left in place (a page that only shows what a link is for); null when unknown, used or expired. */
  peekToken<D>(kind: ChallengeKind, token: string): Promise<Challenge<D> | null>;
  /** Stores the live code of a subject (replacing an older one). */
  issueCode<D extends object>(
    kind: ChallengeKind,
    subject: string,
    data: D,
    code: { hash: string; salt: string },
    ttlMs: number,
    attempts: number,
  ): Promise<void>;
  /** hashWith: hashes the submitted code with the stored salt. */
  verifyCode<D>(
    kind: ChallengeKind,
    subject: string,
    hashWith: (salt: string) => string,
  ): Promise<{ verdict: CodeVerdict | 'none'; challenge?: Challenge<D> }>;
}

const keyOf = (kind: string, value: string) => createHash('sha256').update(`${kind}:${value}`, 'utf8').digest('hex');

interface Row {
  subject: string;
  data: unknown;
  secret_hash: string | null;
  salt: string | null;
  attempts_left: number;
  expires_at: string | number;
}

const parsed = <D>(data: unknown): D => (typeof data === 'string' ? JSON.parse(data) : data) as D;

const isTokenShaped = (token: unknown): token is string =>
  typeof token === 'string' && token !== '' && token.length <= 200;

function liveChallenge<D>(row: Row | undefined, now: number): Challenge<D> | null {
  if (!row || Number(row.expires_at) <= now) return null;
  return { subject: row.subject, data: parsed(row.data) };
}

export async function createSqlChallengeStore(
  sql: SqlClient,
  clock: () => Date = () => new Date(),
): Promise<ChallengeStore> {
  await applySchema(
    sql,
    `CREATE TABLE IF NOT EXISTS auth_challenges (
      key TEXT PRIMARY KEY, kind TEXT NOT NULL, subject TEXT NOT NULL, data JSONB NOT NULL,
      secret_hash TEXT, salt TEXT, attempts_left INT NOT NULL, expires_at BIGINT NOT NULL);
    CREATE INDEX IF NOT EXISTS auth_challenges_expiry ON auth_challenges (expires_at);`,
  );
  const now = () => clock().getTime();
  const sweep = () => sql.query(`DELETE FROM auth_challenges WHERE expires_at <= $1`, [now()]);

  return {
    async issueToken(kind, subject, data, ttlMs) {
      await sweep();
      const token = newSecretToken();
      await sql.query(
        `INSERT INTO auth_challenges (key, kind, subject, data, attempts_left, expires_at) VALUES ($1, $2, $3, $4::jsonb, 1, $5)`,
        [keyOf(kind, token), kind, subject, JSON.stringify(data), now() + ttlMs],
      );
      return token;
    },

    async consumeToken(kind, token) {
      if (!isTokenShaped(token)) return null;
      const { rows } = await sql.query<Row>(`DELETE FROM auth_challenges WHERE key = $1 AND kind = $2 RETURNING *`, [
        keyOf(kind, token),
        kind,
      ]);
      return liveChallenge(rows[0], now());
    },

    async peekToken(kind, token) {
      if (!isTokenShaped(token)) return null;
      const { rows } = await sql.query<Row>(`SELECT * FROM auth_challenges WHERE key = $1 AND kind = $2`, [
        keyOf(kind, token),
        kind,
      ]);
      return liveChallenge(rows[0], now());
    },

    async issueCode(kind, subject, data, code, ttlMs, attempts) {
      await sweep();
      await sql.query(
        `INSERT INTO auth_challenges (key, kind, subject, data, secret_hash, salt, attempts_left, expires_at) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8)
         ON CONFLICT (key) DO UPDATE SET data = EXCLUDED.data, secret_hash = EXCLUDED.secret_hash, salt = EXCLUDED.salt,
           attempts_left = EXCLUDED.attempts_left, expires_at = EXCLUDED.expires_at`,
        [keyOf(kind, subject), kind, subject, JSON.stringify(data), code.hash, code.salt, attempts, now() + ttlMs],
      );
    },

    async verifyCode(kind, subject, hashWith) {
      const key = keyOf(kind, subject);
      return sql.transaction(async (tx) => {
        const { rows } = await tx.query<Row>(`SELECT * FROM auth_challenges WHERE key = $1 FOR UPDATE`, [key]);
        const row = rows[0];
        if (!row) return { verdict: 'none' as const };
        const verdict = judgeCode(
          { attemptsLeft: row.attempts_left, expiresAt: new Date(Number(row.expires_at)), secretHash: row.secret_hash },
          hashWith(row.salt ?? ''),
          new Date(now()),
        );
        if (verdict === 'wrong')
          await tx.query(`UPDATE auth_challenges SET attempts_left = attempts_left - 1 WHERE key = $1`, [key]);
        else await tx.query(`DELETE FROM auth_challenges WHERE key = $1`, [key]);
        return { verdict, challenge: { subject: row.subject, data: parsed(row.data) } };
      });
    },
  };
}
