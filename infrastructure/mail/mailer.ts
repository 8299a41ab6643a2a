/**
 * Outgoing mail port. The commands that send mail (the account email change) depend on
 * `Mailer` only; which adapter backs it is decided once (mailerFromConfig.ts), from
 * configuration (SMTP_URL set or not).
 */

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
