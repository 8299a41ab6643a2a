/** Request id (echoed as X-Request-Id) and the caller's address, for logs and the audit trail. */
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

declare global {
  namespace Express {
    interface Locals {
      /** Set first thing for every request (requestContext), so every later handler has it. */
      requestId: string;
      clientIp?: string;
      userAgent?: string;
    }
  }
}

export const requestContext: RequestHandler = (req, res, next) => {
  const incoming = req.get('x-request-id');
  res.locals.requestId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
  res.locals.clientIp = req.ip;
  res.locals.userAgent = req.get('user-agent')?.slice(0, 300);
  res.setHeader('X-Request-Id', res.locals.requestId);
  next();
};

/** What a CommandContext takes from the request itself: its id (also the correlation id) and who sent it. */
export function requestTraceOf(res: Response): {
  correlationId: string;
  requestId: string;
  request: { ip?: string; userAgent?: string };
} {
  const { requestId, clientIp, userAgent } = res.locals;
  return { correlationId: requestId, requestId, request: { ip: clientIp, userAgent } };
}
