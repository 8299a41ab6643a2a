/**
 * One log line per request once it is answered: method, path (no query string, which may hold
 * personal data), status, duration and request id. Headers and bodies are never logged, so keys
 * and codes cannot leak here.
 */
import type { RequestHandler } from 'express';
import type { Logger } from '../../infrastructure/logger.js';

export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? 'warn' : 'info';
      // winston formats a line before its transports drop it by level: skip that work on the hot path.
      if (!logger.isLevelEnabled(level)) return;
      logger.log(level, 'request', {
        method: req.method,
        path: req.originalUrl.split('?')[0].slice(0, 300),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        requestId: res.locals.requestId,
      });
    });
    next();
  };
}
