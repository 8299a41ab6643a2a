/** Picks the mail adapter: SMTP when SMTP_URL is set, else the .eml outbox under DATA_DIR. */
import type { Mailer } from './mailer.js';
import { createOutboxMailer } from './outboxMailer.js';
import { createSmtpMailer } from './smtpMailer.js';

export interface MailerOptions {
  smtpUrl?: string;
  /** The From header, e.g. `Confab <no-reply@localhost>` (MAIL_FROM). */
  from: string;
  /** Without SMTP, messages land in `<dataDir>/outbox/` as .eml files. */
  dataDir: string;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer({ smtpUrl: options.smtpUrl, from: options.from })
    : createOutboxMailer({ from: options.from, dataDir: options.dataDir });
}
