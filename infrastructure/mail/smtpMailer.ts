/**
 * Mailer adapter that relays through an SMTP server given as a connection URL
 * (smtp://user:pass@host:587, smtps://…; nodemailer reads options from the query too).
 */
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.js';
import { nodemailerMessage } from './nodemailerMessage.js';

export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail: OutgoingMail) {
      const info = await transport.sendMail(nodemailerMessage(options.from, mail));
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
