/**
 * A stored Idempotency-Key answer waits here until the route has checked the calling key
 * (docs/idempotency.md). idempotentPosts finds the answer before the routes run, but another key of
 * the workspace, one without the route's scopes, must not read what the first request answered
 * (a webhook's secret, say): so the answer is sent only after the route's own scope checks.
 */
import type { RequestHandler, Response } from 'express';
import type { StoredAnswer } from '../../infrastructure/idempotency/idempotencyStore.js';
import { REPLAYED_HEADER } from './idempotencyKey.js';

declare global {
  namespace Express {
    interface Locals {
      /** A stored answer found by idempotentPosts, sent once the route's scope checks pass. */
      pendingReplay?: StoredAnswer;
    }
  }
}

/** This call is not billed: X-Quota-Remaining shows the month as it stands (quotaHeaders assumed one more). */
export function notBilled(res: Response): void {
  const { quota } = res.locals;
  if (quota && quota.limit !== null) res.setHeader('X-Quota-Remaining', String(Math.max(0, quota.limit - quota.used)));
}

export function deferReplay(res: Response, answer: StoredAnswer): void {
  res.locals.pendingReplay = answer;
}

/** Whether this request will be answered from a stored answer (it is never billed). */
export function hasPendingReplay(res: Response): boolean {
  return res.locals.pendingReplay !== undefined;
}

/** Sends the stored answer, if any; runs after the route's scope checks and before its budgets. */
export const sendPendingReplay: RequestHandler = (_req, res, next) => {
  const answer = res.locals.pendingReplay;
  if (!answer) return next();
  notBilled(res);
  res.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader(REPLAYED_HEADER, 'true');
  res.send(answer.body);
};
