/** Without SMTP_URL the email-change mails are .eml files in DATA_DIR/outbox (docs/configuration.md). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { codeOf, parseMail, type ReceivedMail } from '../../external/accountMailbox.js';

const BASE = '/api/v1/external/v1/account/email';
let app: TestApp;

async function outbox(): Promise<ReceivedMail[]> {
  const dir = join(app.config.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (f) => {
      const raw = await readFile(join(dir, f), 'utf8');
      const to = /^To: (.+)$/m.exec(raw)?.[1]?.trim() ?? '';
      return parseMail(raw, [to]);
    }),
  );
}

test.before(async () => {
  app = await startTestApp({ MAIL_FROM: 'Confab <no-reply@confab.test>' });
});

test('each mail of the flow lands as an .eml file with text and HTML parts', async () => {
  assert.is(app.config.smtpUrl, undefined);
  const { apiKey } = await app.createWorkspace('pro', {
    ownerEmail: 'outbox-owner@example.com',
    name: 'Outbox Bakery',
  });
  const newEmail = 'outbox-new@example.org';
  assert.is((await app.api('POST', `${BASE}/request-change`, { apiKey, body: { newEmail } })).status, 200);
  let mails = await outbox();
  assert.is(mails.length, 1);
  assert.equal(mails[0]!.to, ['outbox-owner@example.com']);
  assert.match(mails[0]!.raw, /^From: Confab <no-reply@confab\.test>/m);
  assert.match(mails[0]!.text, /Outbox Bakery/);
  assert.match(mails[0]!.html, /^<!DOCTYPE html>/);

  assert.is(
    (await app.api('POST', `${BASE}/verify-identity`, { apiKey, body: { newEmail, otp: codeOf(mails[0]!) } })).status,
    200,
  );
  mails = await outbox();
  assert.is(mails.length, 2);
  assert.equal(mails[1]!.to, [newEmail]);

  const r = await app.api('POST', `${BASE}/confirm-change`, { apiKey, body: { newEmail, otp: codeOf(mails[1]!) } });
  assert.is(r.status, 200);
  mails = await outbox();
  assert.is(mails.length, 3);
  assert.equal(mails[2]!.to, ['outbox-owner@example.com'], 'the old address is notified');
  assert.match(mails[2]!.subject, /was changed/);
});

test('close', async () => {
  await app.close();
});

test.run();
