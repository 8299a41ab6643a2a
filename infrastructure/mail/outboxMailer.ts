/**
 * Mailer adapter for machines without SMTP: each message is rendered exactly as it
 * would go over the wire and written to `<dataDir>/outbox/<time>-<id>.eml`, so an
 * operator (or a test) can open it in any mail client.
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.js';
import { nodemailerMessage } from './nodemailerMessage.js';

export function createOutboxMailer(options: { from: string; dataDir: string; now?: () => Date }): Mailer {
  const outbox = join(options.dataDir, 'outbox');
  const now = options.now ?? (() => new Date());
  // RFC 5322 mandates CRLF line ends; "windows" makes the file byte-identical to SMTP DATA.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail: OutgoingMail) {
      const info = await transport.sendMail(nodemailerMessage(options.from, mail));
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      // Message-IDs look like <uuid@host>; keep only characters safe on every filesystem.
      const id = (info.messageId ?? '').replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._-]/g, '_') || randomUUID();
      const file = join(outbox, `${stamp}-${id}.eml`);
      // Owner-only, like the rest of DATA_DIR; chmod too, for an outbox an older version left 0755.
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      await chmod(outbox, 0o700);
      // Write then rename, so whoever watches the outbox never reads a half-written message.
      const partial = join(outbox, `.${stamp}-${id}.eml.partial`);
      // Owner-only: these files carry one-time codes.
      await writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await rename(partial, file);
      return { messageId: info.messageId };
    },
  };
}
