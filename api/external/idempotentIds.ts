/**
 * Resource ids that follow from the Idempotency-Key (docs/idempotency.md: a retried POST does nothing twice).
 *
 * The stored answer covers every retry but one: the first request's process dies after its
 * create was written and before its answer was stored. Its key is held for a minute
 * (IN_PROGRESS_LOCK_MS), then a retry runs the route again; likewise after a 5xx that came
 * once the write had landed. With a random id that second run would create a second chatbot;
 * with an id derived from the workspace, the kind of resource, the key and when the key's first
 * request came, it finds the first run's stream and answers with that resource instead (the
 * commands' `earlierCreate`: ChatbotCommands, WebhookCommands, which also gives back the signing
 * secret the lost answer carried). Every create route goes through `createUnderKey`, so the id
 * and the replayed mark are decided in one place. After the key's 24 hours it is a new request
 * with a new id. Without an Idempotency-Key, ids stay random.
 */
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { principalOf } from '../principal/principal.js';
import { REPLAYED_HEADER } from './idempotencyKey.js';

declare global {
  namespace Express {
    interface Locals {
      /** The Idempotency-Key this request holds, after when its first request came. */
      idempotencyKey?: string;
    }
  }
}

/** Called by idempotentPosts once this request holds its key; `since` names the key's first request. */
export function holdIdempotencyKey(res: Response, key: string, since: number): void {
  res.locals.idempotencyKey = `${since}\n${key}`;
}

/** The id a create under this request's Idempotency-Key gives its `kind` of resource; undefined without a key. */
function idempotentIdOf(res: Response, kind: string): string | undefined {
  const key = res.locals.idempotencyKey;
  if (key === undefined) return undefined;
  // 24 hex characters, the shape of every id (commands/ids.ts).
  return createHash('sha256')
    .update(`${principalOf(res).workspaceId}\n${kind}\n${key}`)
    .digest('hex')
    .slice(0, 24);
}

/**
 * Runs a create of a `kind` of resource under this request's key: `create` gets the id the key
 * gives it (`newId`, undefined without a key) and reports `recovered` when a resource of that id
 * was there already, made by an earlier run of this request; that answer is marked replayed
 * (rebuilt from what the earlier run wrote).
 */
export async function createUnderKey<T extends { recovered?: boolean }>(
  res: Response,
  kind: string,
  create: (opts: { newId?: string }) => Promise<T>,
): Promise<T> {
  const result = await create({ newId: idempotentIdOf(res, kind) });
  if (result.recovered) res.setHeader(REPLAYED_HEADER, 'true');
  return result;
}
