/**
 * Mailer adapter that relays through an SMTP server given as a connection URL
 * (smtp://user:pass@host:587, smtps://…; nodemailer reads options from the query too).
 */
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.js';

export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail: OutgoingMail) {
      // Only these fields are passed on: no tracking headers, pixels or link rewriting.
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
