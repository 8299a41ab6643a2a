/** Request id (echoed as X-Request-Id) and the caller's address, for logs and the audit trail. */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export const requestContext: RequestHandler = (req, res, next) => {
  const incoming = req.get('x-request-id');
  res.locals.requestId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
  res.locals.clientIp = req.ip;
  res.locals.userAgent = req.get('user-agent')?.slice(0, 300);
  res.setHeader('X-Request-Id', res.locals.requestId);
  next();
};
