/**
 * Resource ids that follow from the Idempotency-Key (CONTRACT.md §8: "does nothing twice").
 *
 * The stored answer covers every retry but one: the first request's process dies after its
 * create was written and before its answer was stored. Its key is held for a minute
 * (IN_PROGRESS_LOCK_MS), then a retry runs the route again; likewise after a 5xx that came
 * once the write had landed. With a random id that second run would create a second chatbot;
 * with an id derived from the workspace, the kind of resource, the key and when the key's first
 * request came, it finds the first run's stream and answers with that resource instead
 * (ChatbotCommands `earlierCreate`). After the key's 24 hours it is a new request with a new id.
 * Without an Idempotency-Key, ids stay random.
 */
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { callerOf } from './apiKeyAuth.js';
import { REPLAYED_HEADER } from './idempotencyKey.js';

const KEY_LOCAL = 'idempotencyKey';

/** Called by idempotentPosts once this request holds its key; `since` names the key's first request. */
export function holdIdempotencyKey(res: Response, key: string, since: number): void {
  res.locals[KEY_LOCAL] = `${since}\n${key}`;
}

/** The id a create under this request's Idempotency-Key gives its `kind` of resource; undefined without a key. */
export function idempotentIdOf(res: Response, kind: string): string | undefined {
  const key = res.locals[KEY_LOCAL] as string | undefined;
  if (key === undefined) return undefined;
  // 24 hex characters, the shape of every id (commands/ids.ts).
  return createHash('sha256').update(`${callerOf(res).workspaceId}\n${kind}\n${key}`).digest('hex').slice(0, 24);
}

/** Marks an answer rebuilt from what an earlier run of this key wrote. */
export function markReplayed(res: Response): void {
  res.setHeader(REPLAYED_HEADER, 'true');
}
