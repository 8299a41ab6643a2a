import type { SendMailOptions } from 'nodemailer';
import type { OutgoingMail } from './mailer.js';

/**
 * The nodemailer message both adapters send: only these fields, so no tracking headers,
 * pixels or link rewriting can slip in.
 */
export function nodemailerMessage(from: string, mail: OutgoingMail): SendMailOptions {
  return { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
}
