/**
 * Shared setup of the email-change end-to-end tests: the app started against a real SMTP
 * server (the mailbox), fresh owners with their own account:write keys, and the steps.
 */
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { operatorContext } from '../../../../commands/commandContext.js';
import { startMailbox, type Mailbox } from '../../external/accountMailbox.js';

export const BASE = '/api/v1/external/v1/account';
export const REQUEST = `${BASE}/email/request-change`;
export const VERIFY = `${BASE}/email/verify-identity`;
export const CONFIRM = `${BASE}/email/confirm-change`;

export let app: TestApp;
export let mailbox: Mailbox;
let n = 0;

export interface Owner {
  workspaceId: string;
  ownerId: string;
  email: string;
  key: string;
  keyId: string;
}

/** A fresh workspace and a fresh account:write key, so each test has its own rate-limit budget. */
export async function owner(name = 'Acme Widgets'): Promise<Owner> {
  n += 1;
  const email = `owner${n}@example.com`;
  const ws = await app.createWorkspace('pro', { ownerEmail: email, name });
  const key = await app.services.workspaces.createApiKey(
    { workspaceId: ws.workspaceId, role: 'admin', scopes: ['account:write'] },
    operatorContext(ws.workspaceId),
  );
  return { workspaceId: ws.workspaceId, ownerId: ws.ownerId, email, key: key.apiKey, keyId: key.id };
}

export async function freshKey(o: Owner): Promise<string> {
  return (
    await app.services.workspaces.createApiKey(
      { workspaceId: o.workspaceId, role: 'admin', scopes: ['account:write'] },
      operatorContext(o.workspaceId),
    )
  ).apiKey;
}

export const post = (path: string, key: string, body: unknown) => app.api('POST', path, { apiKey: key, body });
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export async function emailOf(o: Owner): Promise<string> {
  const r = await app.api('GET', BASE, { apiKey: o.key });
  assert.is(r.status, 200);
  return r.body.data.email;
}

export async function stepOne(o: Owner, newEmail: string): Promise<string> {
  const r = await post(REQUEST, o.key, { newEmail });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return mailbox.latestCode(o.email);
}

export async function stepTwo(o: Owner, newEmail: string, code: string): Promise<string> {
  const r = await post(VERIFY, o.key, { newEmail, otp: code });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return mailbox.latestCode(newEmail);
}

export async function startHarness(): Promise<void> {
  mailbox = await startMailbox();
  app = await startTestApp({ SMTP_URL: mailbox.url, MAIL_FROM: 'Confab <no-reply@confab.test>' });
}

export async function closeHarness(): Promise<void> {
  await app.close();
  await mailbox.close();
}

/** The counter behind unique addresses, for tests that make up their own. */
export const serial = () => n;
