/**
 * Mailer adapter that relays through an SMTP server given as a connection URL
 * (smtp://user:pass@host:587, smtps://…; nodemailer reads options from the query too).
 */
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.js';
import { nodemailerMessage } from './nodemailerMessage.js';

/**
 * A request that sends mail waits for the server: nodemailer's own defaults (2 min to connect,
 * 30 s for the greeting, 10 min of silence) would hold it far longer than a person waits.
 * The URL's query may set any of them; these apply where it does not.
 */
const TIMEOUTS = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' };

export function withDefaultTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(TIMEOUTS)) if (!url.searchParams.has(name)) url.searchParams.set(name, ms);
  return url.toString();
}

export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(withDefaultTimeouts(options.smtpUrl));
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
