/**
 * Test support for the account tests: a real SMTP server (smtp-server) that keeps every
 * message it receives, and a small MIME reader that pulls out the text and HTML parts
 * and the 6-digit code a person would type back.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailbox {
  url: string;
  received: ReceivedMail[];
  /** Recipients the server refuses with 550, to simulate a failing mail server. */
  refuse: Set<string>;
  /** Messages for one address, oldest first. */
  to(address: string): ReceivedMail[];
  /** The code in the latest message to `address`, read from its text part (and checked against the HTML part). */
  latestCode(address: string): string;
  close(): Promise<void>;
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, at)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(at + 4) };
}

function decode(body: string, encoding = '7bit'): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

export function parseMail(raw: string, to: string[] = []): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  let text = '';
  let html = '';
  for (const chunk of boundary ? body.split(`--${boundary}`).slice(1, -1) : []) {
    const part = splitHeaders(chunk.replace(/^\r\n/, ''));
    const content = decode(part.body.replace(/\r\n$/, ''), part.headers.get('content-transfer-encoding')).replace(
      /\r\n/g,
      '\n',
    );
    if (/^text\/plain/i.test(part.headers.get('content-type') ?? '')) text = content;
    if (/^text\/html/i.test(part.headers.get('content-type') ?? '')) html = content;
  }
  return { to, raw, subject: decodeHeader(headers.get('subject') ?? ''), text, html };
}

/** The code stands alone on an indented line of the text part, as the template writes it. */
export function codeOf(mail: ReceivedMail): string {
  const code = /^ {4}(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}"`);
  if (!mail.html.includes(`>${code}</p>`)) throw new Error('the HTML part does not carry the same code');
  return code;
}

export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address))
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const to = (address: string) => received.filter((m) => m.to.includes(address));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    to,
    latestCode(address) {
      const mails = to(address);
      if (!mails.length) throw new Error(`no mail to ${address}`);
      return codeOf(mails[mails.length - 1]!);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
