/**
 * Fault: the mail server is unreachable (SMTP_URL points at a port where nothing listens).
 * The first step of the email change must answer a clear 5xx JSON error at once (502
 * MAIL_DELIVERY_FAILED), and leave nothing half-done that blocks the owner: once the mail
 * server is back on the same address, request-change to the same address works and the whole
 * three-step change completes. A server that accepts the connection but never greets gets
 * the same answer, bounded by the mail transport's greeting timeout (never a hung request).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startMailbox, type Mailbox } from '../api/external/accountMailbox.js';
import { cliJson } from './support/cli.js';
import { EXTERNAL, http } from './support/externalApi.js';
import { freshStore, type FaultStore } from './support/faultStore.js';
import { serviceEnv, startService, type ServiceProcess } from './support/serviceProcess.js';
import { tcpGate, type TcpGate } from './support/tcpGate.js';

const REQUEST = `${EXTERNAL}/account/email/request-change`;
const VERIFY = `${EXTERNAL}/account/email/verify-identity`;
const CONFIRM = `${EXTERNAL}/account/email/confirm-change`;

let store: FaultStore;
let mailbox: Mailbox;
let gate: TcpGate;
let service: ServiceProcess;
let env: NodeJS.ProcessEnv;
let owner: { workspaceId: string; apiKey: string; email: string };

test.before(async () => {
  store = await freshStore();
  mailbox = await startMailbox();
  // SMTP_URL names the gate's port; the gate is closed (nothing listens there) until the
  // mail server "comes back", and then forwards to the real SMTP test server.
  gate = await tcpGate(Number(new URL(mailbox.url).port));
  env = serviceEnv({ ...store.env, SMTP_URL: `smtp://127.0.0.1:${gate.port}` });
  const email = 'owner@smtp-fault.test';
  const ws = await cliJson(env, 'workspace', 'create', '--name', 'Mail fault', '--plan', 'pro', '--owner-email', email);
  owner = { workspaceId: ws.workspaceId, apiKey: ws.apiKey, email };
  service = await startService(env);
});

test.after(async () => {
  await service?.kill('SIGTERM');
  await gate?.close();
  await mailbox?.close();
  await store?.cleanup();
});

const post = (path: string, body: unknown, key = owner.apiKey) =>
  http(service.url, 'POST', path, { key, body, timeoutMs: 60_000 });

test('mail server down: request-change answers 502 MAIL_DELIVERY_FAILED as JSON, no code in the answer', async () => {
  assert.not.ok(gate.isOpen());
  const r = await post(REQUEST, { newEmail: 'moved@smtp-fault.test' });
  assert.is(r.status, 502, r.text);
  assert.match(String(r.headers.get('content-type')), /application\/json/);
  assert.type(r.body?.error, 'string');
  assert.is(r.body.code, 'MAIL_DELIVERY_FAILED');
  assert.not.match(r.text, /\d{6}/, 'no code leaks into the error');
  assert.is(mailbox.received.length, 0);
  // The process is still serving.
  assert.is((await http(service.url, 'GET', '/healthz')).status, 200);
});

test('the failed attempt does not block the owner: with the server back, the same address goes through all three steps', async () => {
  await gate.open();
  const again = await post(REQUEST, { newEmail: 'moved@smtp-fault.test' });
  assert.is(again.status, 200, again.text);
  const toCurrent = mailbox.to(owner.email);
  assert.is(toCurrent.length, 1, 'exactly one code mail to the current address');
  const verify = await post(VERIFY, { newEmail: 'moved@smtp-fault.test', otp: mailbox.latestCode(owner.email) });
  assert.is(verify.status, 200, verify.text);
  const confirm = await post(CONFIRM, {
    newEmail: 'moved@smtp-fault.test',
    otp: mailbox.latestCode('moved@smtp-fault.test'),
  });
  assert.is(confirm.status, 200, confirm.text);
  const account = await http(service.url, 'GET', `${EXTERNAL}/account`, { key: owner.apiKey });
  assert.is(account.status, 200, account.text);
  assert.is(account.body.data.email, 'moved@smtp-fault.test');
});

test('down again at the second step: 502, and starting over once it is back completes the change', async () => {
  // request-change and verify-identity share 5 calls an hour per key: a second admin key.
  const key = (
    await cliJson(
      env,
      'apikey',
      'create',
      '--workspace',
      owner.workspaceId,
      '--role',
      'admin',
      '--scopes',
      'read,write,account:write',
    )
  ).apiKey as string;
  const post2 = (path: string, body: unknown) => post(path, body, key);
  const target = 'second@smtp-fault.test';
  const first = await post2(REQUEST, { newEmail: target });
  assert.is(first.status, 200, first.text);
  const code = mailbox.latestCode('moved@smtp-fault.test');
  await gate.close();
  const verify = await post2(VERIFY, { newEmail: target, otp: code });
  assert.is(verify.status, 502, verify.text);
  assert.is(verify.body?.code, 'MAIL_DELIVERY_FAILED');
  await gate.open();
  const restart = await post2(REQUEST, { newEmail: target });
  assert.is(restart.status, 200, restart.text);
  assert.is((await post2(VERIFY, { newEmail: target, otp: mailbox.latestCode('moved@smtp-fault.test') })).status, 200);
  assert.is((await post2(CONFIRM, { newEmail: target, otp: mailbox.latestCode(target) })).status, 200);
  const account = await http(service.url, 'GET', `${EXTERNAL}/account`, { key: owner.apiKey });
  assert.is(account.body.data.email, target);
});

test('a mail server that accepts the connection but never answers: 502 within a bounded time, then it works again', async () => {
  const key = (
    await cliJson(
      env,
      'apikey',
      'create',
      '--workspace',
      owner.workspaceId,
      '--role',
      'admin',
      '--scopes',
      'read,write,account:write',
    )
  ).apiKey as string;
  await gate.open('silent');
  const started = Date.now();
  const r = await post(REQUEST, { newEmail: 'third@smtp-fault.test' }, key);
  const tookMs = Date.now() - started;
  console.log(`silent mail server: request-change answered ${r.status} after ${tookMs} ms`);
  assert.is(r.status, 502, r.text);
  assert.is(r.body?.code, 'MAIL_DELIVERY_FAILED');
  await gate.open('forward');
  const sent = mailbox.to('second@smtp-fault.test').length;
  const again = await post(REQUEST, { newEmail: 'third@smtp-fault.test' }, key);
  assert.is(again.status, 200, again.text);
  assert.is(mailbox.to('second@smtp-fault.test').length, sent + 1);
});

test.run();
