/**
 * Idempotent POSTs of the External API (docs/idempotency.md), in the manner of Stripe: a POST with an
 * `Idempotency-Key` header runs once per workspace and key; a retry with the same method, path
 * and body within 24 hours gets the first answer again (status, body, Content-Type and Location)
 * with `Idempotent-Replayed: true`, and the handler does not run again.
 *
 * Runs after authentication, the burst limit and plan gating (a replay is a request, so it
 * spends a burst point) and before the monthly quota (a replay, a 409 and a 422 are never
 * billed, and a replay is served even once the quota is spent). Kept: 2xx and the 4xx that are
 * the service's decision about this request (400, 403 plan limit, 404, 409...). Not kept: 5xx and
 * 429 (the retry should run again) and refusals that depend on which key called (scope, role).
 */
import type { RequestHandler, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { IdempotencyStore } from '../../infrastructure/idempotency/idempotencyStore.js';
import type { Logger } from '../../infrastructure/logger.js';
import { principalOf } from '../principal/principal.js';
import {
  IDEMPOTENCY_HEADER,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  isValidIdempotencyKey,
  requestFingerprint,
} from './idempotencyKey.js';
import { deferReplay, notBilled } from './pendingReplay.js';
import { holdIdempotencyKey } from './idempotentIds.js';

/** Headers that belong to the answer itself; RateLimit-*, X-Quota-* and X-Request-Id are the current call's. */
const REPLAYED_HEADERS = ['content-type', 'location'];
/** Refusals about the calling key rather than the request: another key of the workspace may do better. */
const CALLER_CODES = new Set(['INSUFFICIENT_SCOPE', 'INSUFFICIENT_ROLE']);

export const IN_USE_RETRY_AFTER_SECONDS = 1;

function codeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

export function isKeptAnswer(status: number, body: string): boolean {
  if (status >= 200 && status < 300) return true;
  if (status < 400 || status >= 500 || status === 401 || status === 408 || status === 429) return false;
  return !CALLER_CODES.has(codeOf(body) ?? '');
}

function refuse(res: Response, status: number, error: string, code: string): void {
  notBilled(res);
  res.status(status).json({ error, code });
}

/**
 * Stores the answer before it is sent: once a client has seen an answer, every retry of it is
 * a replay. An answer that is not kept gives the key back first, so its retry runs again.
 */
function recordAnswer(
  res: Response,
  store: IdempotencyStore,
  logger: Logger,
  workspaceId: string,
  key: string,
  owner: string,
): void {
  const send = res.send.bind(res);
  let recorded = false;
  res.send = function recordThenSend(body?: unknown) {
    // An object is turned into JSON text by res.json, which calls send again with the text.
    if (recorded || (body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body))) return send(body);
    recorded = true;
    const text = body === undefined ? '' : String(body);
    const status = res.statusCode;
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = res.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const saved = isKeptAnswer(status, text)
      ? store.complete(workspaceId, key, owner, { status, headers, body: text })
      : store.release(workspaceId, key, owner);
    saved
      .catch((err) =>
        logger.warn('idempotency record not saved', { error: String(err), requestId: res.locals.requestId }),
      )
      .finally(() => send(body));
    return res;
  } as Response['send'];
}

export function idempotentPosts({
  idempotency: store,
  logger,
}: {
  idempotency: IdempotencyStore;
  logger: Logger;
}): RequestHandler {
  return async (req, res, next) => {
    try {
      const key = req.method === 'POST' ? req.get(IDEMPOTENCY_HEADER) : undefined;
      if (key === undefined) return next();
      if (!isValidIdempotencyKey(key)) {
        return refuse(
          res,
          400,
          `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters`,
          'INVALID_IDEMPOTENCY_KEY',
        );
      }
      const { workspaceId } = principalOf(res);
      const fingerprint = requestFingerprint(req.method, req.originalUrl.split('?')[0], req.body);
      const outcome = await store.begin(workspaceId, key, fingerprint, randomUUID());
      if (outcome.acquired) {
        recordAnswer(res, store, logger, workspaceId, key, outcome.owner);
        holdIdempotencyKey(res, key, outcome.since);
        return next();
      }
      const { record } = outcome;
      if (record.fingerprint !== fingerprint) {
        return refuse(
          res,
          422,
          `This ${IDEMPOTENCY_HEADER} was already used with another request (method, path or body). Use a new key for a new request.`,
          'IDEMPOTENCY_KEY_REUSED',
        );
      }
      if (record.state === 'in-progress') {
        res.setHeader('Retry-After', String(IN_USE_RETRY_AFTER_SECONDS));
        return refuse(
          res,
          409,
          `A request with this ${IDEMPOTENCY_HEADER} is still in progress. Retry shortly.`,
          'IDEMPOTENCY_KEY_IN_USE',
        );
      }
      // Sent by the route once it has checked the calling key's scopes (pendingReplay.ts).
      deferReplay(res, record.answer);
      next();
    } catch (err) {
      next(err);
    }
  };
}
