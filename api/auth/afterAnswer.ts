/**
 * Work a sign-in request asks for but whose outcome its answer must not show: it starts only
 * once the answer has gone out (or the client has gone), so neither the body nor the time taken
 * can tell whether an address has an account. A failure is logged; the person asks again.
 */
import type { Response } from 'express';
import type { Logger } from '../../infrastructure/logger.js';

export function afterAnswer(res: Response, logger: Logger, what: string, work: () => Promise<void>): void {
  res.once('close', () => {
    work().catch((err: Error) =>
      logger.error('sign-in request failed after the answer', { what, error: err.message?.slice(0, 200) }),
    );
  });
}
