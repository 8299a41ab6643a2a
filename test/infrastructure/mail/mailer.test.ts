import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server';
import { createMailer } from '../../../infrastructure/mail/mailerFromConfig.js';
import { withDefaultTimeouts } from '../../../infrastructure/mail/smtpMailer.js';

const mail = {
  to: 'owner@example.com',
  subject: 'Your Confab code: Grüße',
  text: 'Your code is 482913.\nIt expires in 10 minutes. Grüße',
  html: '<!DOCTYPE html><html lang="en"><body><p>Your code is <strong>482913</strong>. Grüße</p></body></html>',
};

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** A minimal RFC 5322 / MIME reader: enough to prove the message is well formed. */
function parseMessage(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  assert.ok(split > 0, 'header/body separator (CRLF CRLF)');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    assert.ok(colon > 0, `header line "${line}"`);
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 4) };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
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

/** Checks the shape every mail of ours must have and returns the decoded parts. */
function assertAlternativeMessage(raw: string) {
  const message = parseMessage(raw);
  assert.is(decodeHeader(message.headers.get('subject')!), mail.subject);
  assert.match(message.headers.get('to')!, /owner@example\.com/);
  assert.match(message.headers.get('from')!, /no-reply@confab\.test/);
  assert.ok(message.headers.get('message-id'), 'Message-ID header');
  assert.ok(message.headers.get('date'), 'Date header');
  const contentType = message.headers.get('content-type')!;
  assert.match(contentType, /^multipart\/alternative;/);
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)![1]!;
  const chunks = message.body.split(`--${boundary}`);
  assert.ok(chunks[chunks.length - 1]!.startsWith('--'), 'closing boundary');
  const parts = chunks.slice(1, -1).map((chunk) => parseMessage(chunk.replace(/^\r\n/, '').replace(/\r\n$/, '')));
  assert.is(parts.length, 2);
  const [textPart, htmlPart] = parts as [Part, Part];
  assert.match(textPart.headers.get('content-type')!, /^text\/plain; charset=utf-8/);
  assert.match(htmlPart.headers.get('content-type')!, /^text\/html; charset=utf-8/);
  assert.is(decodeBody(textPart).replace(/\r\n/g, '\n'), mail.text);
  assert.is(decodeBody(htmlPart), mail.html);
}

test('SMTP mode: a real SMTP exchange delivers envelope and multipart/alternative message', async () => {
  const received: { envelope: SMTPServerEnvelope; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ envelope: structuredClone(session.envelope), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Confab <no-reply@confab.test>',
    dataDir: '/nonexistent-never-used',
  });
  try {
    const { messageId } = await mailer.send(mail);
    assert.match(messageId, /^<.+@.+>$/);
    assert.is(received.length, 1);
    const [{ envelope, raw }] = received as [(typeof received)[number]];
    assert.is((envelope.mailFrom as { address: string }).address, 'no-reply@confab.test');
    assert.equal(
      envelope.rcptTo.map((r) => r.address),
      ['owner@example.com'],
    );
    assert.ok(raw.includes(messageId), 'Message-ID on the wire matches the returned id');
    assertAlternativeMessage(raw);
  } finally {
    await mailer.close?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('SMTP mode: a refused recipient rejects the send', async () => {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Confab <no-reply@confab.test>',
    dataDir: '/x',
  });
  try {
    let failed: unknown;
    await mailer.send(mail).catch((err: unknown) => (failed = err));
    assert.instance(failed, Error);
    assert.match(String((failed as Error).message), /550|No such user/);
  } finally {
    await mailer.close?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('outbox mode: writes one parseable .eml per mail under <dataDir>/outbox', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'confab-mail-'));
  try {
    const mailer = createMailer({ from: 'Confab <no-reply@confab.test>', dataDir });
    const first = await mailer.send(mail);
    const second = await mailer.send({ ...mail, to: 'new@example.org' });
    assert.is.not(first.messageId, second.messageId);

    const files = (await readdir(join(dataDir, 'outbox'))).sort();
    assert.is(files.length, 2, `only finished .eml files, got ${files.join(', ')}`);
    for (const file of files) {
      assert.match(file, /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[A-Za-z0-9._-]+\.eml$/);
      const mode = (await stat(join(dataDir, 'outbox', file))).mode & 0o777;
      assert.is(mode & 0o077, 0, 'not readable by group or others');
    }
    const raws = await Promise.all(files.map((f) => readFile(join(dataDir, 'outbox', f), 'utf8')));
    const firstRaw = raws.find((r) => r.includes(first.messageId))!;
    assert.ok(firstRaw, 'file carries the returned Message-ID');
    assert.not.match(firstRaw.replace(/\r\n/g, ''), /\n/, 'CRLF line ends only');
    assertAlternativeMessage(firstRaw);
    assert.ok(raws.some((r) => /^To: new@example\.org\r$/m.test(r)));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('SMTP timeouts default to seconds, not minutes, unless the URL sets them', () => {
  const url = new URL(withDefaultTimeouts('smtp://user:pw@mail.example:587?greetingTimeout=2500'));
  assert.is(url.searchParams.get('greetingTimeout'), '2500');
  assert.is(url.searchParams.get('connectionTimeout'), '10000');
  assert.is(url.searchParams.get('socketTimeout'), '30000');
  assert.is(url.username, 'user');
});

test.run();
