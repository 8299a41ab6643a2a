/**
 * Sends a mail just after the current request is answered. The sign-in mails go out this way
 * so that the time an answer takes never tells whether an address has an account; a mail that
 * fails is logged (what failed, never the mail) and the person asks again.
 */
import type { Mailer } from '../infrastructure/mail/mailer.js';
import type { Logger } from '../infrastructure/logger.js';
import type { RenderedEmail } from './emailTemplates.js';

export function mailAfterAnswer(
  deps: { mailer: Mailer; logger: Logger },
  to: string,
  mail: RenderedEmail,
  what: string,
): void {
  setImmediate(() => {
    deps.mailer
      .send({ to, ...mail })
      .catch((err: Error) => deps.logger.error('mail not delivered', { what, error: err.message?.slice(0, 200) }));
  });
}
