/**
 * Outgoing mail port. Dispatchers depend on `Mailer` only; which adapter backs it
 * is decided once, from configuration (SMTP_URL set or not).
 */
import { createOutboxMailer } from './outboxMailer.js';
import { createSmtpMailer } from './smtpMailer.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close?(): Promise<void>;
}

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
