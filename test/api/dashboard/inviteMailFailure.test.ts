/**
 * An invite whose mail cannot be sent answers 502 and leaves no pending invite: the members page
 * does not list an invitation nobody received, and the members stream records why it went
 * (InviteRevoked, reason mail_not_delivered). Against a real SMTP server (the account tests'
 * mailbox) behind a TCP gate: closed, nothing listens (the mail server is down); open, it
 * forwards to the mailbox, which can also refuse a recipient (550).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../support/testApp.js';
import { createSignedInWorkspace, hostRequest, startSignInApp, type SignedInWorkspace } from '../../support/signIn.js';
import { linkIn } from '../../support/signInMail.js';
import { startMailbox, type Mailbox } from '../external/accountMailbox.js';
import { tcpGate, type TcpGate } from '../../faults/support/tcpGate.js';
import { membersStream } from '../../../domain/member/workspaceMembers.js';

const D = '/api/v1/dashboard';
let app: TestApp;
let mailbox: Mailbox;
let gate: TcpGate;

test.before(async () => {
  mailbox = await startMailbox();
  gate = await tcpGate(Number(new URL(mailbox.url).port));
  app = await startSignInApp({ SMTP_URL: `smtp://127.0.0.1:${gate.port}` });
});
test.after(async () => {
  await app?.close();
  await gate?.close();
  await mailbox?.close();
});

const as = (who: SignedInWorkspace) => ({ cookie: who.cookie, csrfToken: who.csrfToken, origin: who.origin });
const invite = (owner: SignedInWorkspace, email: string) =>
  hostRequest(app, 'POST', `${D}/invites`, { ...as(owner), body: { email, role: 'member' } });
const pendingInvites = async (owner: SignedInWorkspace) =>
  (await hostRequest(app, 'GET', `${D}/members`, as(owner))).body.invites.map((i: { email: string }) => i.email);
const accept = (link: URL) =>
  hostRequest(app, 'POST', '/auth/invite/accept', {
    origin: link.origin,
    body: { token: link.searchParams.get('token'), name: 'Invited', password: 'invited-password-1' },
  });

async function membersLog(workspaceId: string): Promise<Array<{ type: string; reason?: string }>> {
  return (await app.services.events.readStream(membersStream(workspaceId))).map((e) => ({
    type: e.type,
    reason: (e.data as { reason?: string }).reason,
  }));
}

test('mail server down: the invite answers 502 and no invite stays pending; once it is back, inviting again works', async () => {
  if (gate.isOpen()) await gate.close();
  const owner = await createSignedInWorkspace(app, 'free');
  const email = 'while.down@example.com';
  const failed = await invite(owner, email);
  assert.is(failed.status, 502, failed.text);
  assert.is(failed.body.code, 'MAIL_DELIVERY_FAILED');
  assert.equal(await pendingInvites(owner), [], 'nothing listed as on its way');
  assert.equal(await membersLog(owner.workspaceId), [
    { type: 'MemberInvited', reason: undefined },
    { type: 'InviteRevoked', reason: 'mail_not_delivered' },
  ]);

  await gate.open();
  const sent = await invite(owner, email);
  assert.is(sent.status, 201, sent.text);
  assert.equal(await pendingInvites(owner), [email]);
  const mails = mailbox.to(email);
  assert.is(mails.length, 1, 'one mail: the invite that was answered 201');
  const joined = await accept(linkIn(mails[0], '/invite'));
  assert.is(joined.status, 200, joined.text);
});

test('a recipient the mail server refuses: 502, no pending invite; the invite it replaced stays revoked, as the 502 says to invite again', async () => {
  await gate.open();
  const owner = await createSignedInWorkspace(app, 'free');
  const email = 'refused@example.com';
  assert.is((await invite(owner, email)).status, 201);
  const earlierLink = linkIn(mailbox.to(email).at(-1)!, '/invite');
  mailbox.refuse.add(email);
  try {
    const failed = await invite(owner, email);
    assert.is(failed.status, 502, failed.text);
  } finally {
    mailbox.refuse.delete(email);
  }
  assert.equal(await pendingInvites(owner), []);
  assert.equal(
    (await membersLog(owner.workspaceId)).map((e) => `${e.type}${e.reason ? `:${e.reason}` : ''}`),
    ['MemberInvited', 'InviteRevoked:replaced', 'MemberInvited', 'InviteRevoked:mail_not_delivered'],
  );
  const stale = await accept(earlierLink);
  assert.is(stale.status, 404, stale.text);
  assert.is(stale.body.code, 'INVITE_INVALID');
  assert.is((await invite(owner, email)).status, 201);
  assert.is((await accept(linkIn(mailbox.to(email).at(-1)!, '/invite'))).status, 200);
});

test.run();
