/**
 * The sign-in mails of a test app, read from its outbox (DATA_DIR/outbox, one .eml per mail):
 * the latest mail to an address, and the link or code in it a person would use.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMail, type ReceivedMail } from '../api/external/accountMailbox.js';
import type { TestApp } from './testApp.js';

export function outboxMails(app: TestApp): ReceivedMail[] {
  const dir = join(app.config.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const raw = readFileSync(join(dir, f), 'utf8');
      const to = /^To: (.*)$/im.exec(raw)?.[1] ?? '';
      return parseMail(raw, [to.trim()]);
    });
}

export function mailsTo(app: TestApp, address: string): ReceivedMail[] {
  return outboxMails(app).filter((m) => m.to.some((t) => t.toLowerCase().includes(address.toLowerCase())));
}

export function latestMailTo(app: TestApp, address: string): ReceivedMail {
  const mail = mailsTo(app, address).at(-1);
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

/** The first link in the mail's text part whose path is `path` (e.g. /invite). */
export function linkIn(mail: Pick<ReceivedMail, 'text' | 'subject'>, path: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path) return url;
  }
  throw new Error(`no ${path} link in "${mail.subject}"`);
}

export function codeIn(mail: ReceivedMail): string {
  const code = /^\s{4}(\d{6})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

/** Waits (up to `ms`) until `address` has received `count` mails; the latest one. Sign-in mails go out just after the answer. */
export async function waitForMailTo(app: TestApp, address: string, count = 1, ms = 5000): Promise<ReceivedMail> {
  const until = Date.now() + ms;
  for (;;) {
    const mails = mailsTo(app, address);
    if (mails.length >= count) return mails[count - 1];
    if (Date.now() > until) throw new Error(`no mail #${count} to ${address} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
