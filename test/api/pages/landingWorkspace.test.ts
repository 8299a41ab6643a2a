/**
 * The main host's invite and sign-in-link pages name their workspace only for a live token
 * (api/pages/landingWorkspace.ts), looked up by the service itself (MemberCommands.inviteWorkspace,
 * MailSignInCommands.magicLinkWorkspace): the name as the mails say it, in the page data and the
 * title; nothing for a used, revoked, guessed or missing token, nor for a link asked on a slug
 * host; and showing the page never uses the token up.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { operatorContext } from '../../../commands/commandContext.js';
import { buildLoginBundle, pageDataOf, startLoginApp, type LoginApp } from '../../web/login/loginHarness.js';
import { hostRequest, sessionCookieOf } from '../../support/signIn.js';
import { linkIn, mailsTo, waitForMailTo } from '../../support/signInMail.js';

let app: LoginApp;
let workspaceId = '';
const OWNER = 'owner@harbor.test';

test.before(async () => {
  buildLoginBundle();
  app = await startLoginApp();
  ({ workspaceId } = await app.services.workspaces.createWorkspace(
    { name: 'Harbor Health', plan: 'free', ownerEmail: OWNER },
    operatorContext(),
  ));
});
test.after(async () => {
  await app?.close();
});

async function page(path: string) {
  const res = await hostRequest(app, 'GET', path);
  return { status: res.status, data: pageDataOf(res.text), title: /<title>([^<]*)<\/title>/.exec(res.text)?.[1] };
}

async function assertUnnamed(path: string) {
  const p = await page(path);
  assert.is(p.status, 200, path);
  assert.is(p.data.workspaceName, undefined, path);
  assert.not.match(JSON.stringify(p.data), /Harbor/, `${path}: the name is nowhere in the page`);
  assert.match(String(p.title), /· Confab$/, path);
}

/** Invites `email` and returns the path of the mailed link (the workspace has no slug: the main host). */
async function invite(email: string): Promise<{ path: string; token: string; inviteId: string }> {
  const { id } = await app.services.members.invite(
    { email, role: 'member', inviterName: 'Dana' },
    { ...operatorContext(workspaceId), workspaceId },
  );
  const link = linkIn(await waitForMailTo(app, email), '/invite');
  return { path: link.pathname + link.search, token: link.searchParams.get('token') ?? '', inviteId: id };
}

async function magicLink(hostWorkspaceId: string | null = null): Promise<{ path: string; token: string }> {
  const before = mailsTo(app, OWNER).length;
  await app.services.mailSignIn.requestMagicLink(OWNER, hostWorkspaceId, app.config.publicUrl);
  const link = linkIn(await waitForMailTo(app, OWNER, before + 1), '/login/magic');
  return { path: link.pathname + link.search, token: link.searchParams.get('token') ?? '' };
}

test('a live invite names its workspace as the mail does, and viewing the page does not use it', async () => {
  const { path, token } = await invite('new-member@harbor.test');
  for (let i = 0; i < 2; i++) {
    const p = await page(path);
    assert.is(p.status, 200);
    assert.is(p.data.workspaceName, 'Harbor Health');
    assert.is(p.title, 'Accept your invitation · Harbor Health');
  }
  const accepted = await hostRequest(app, 'POST', '/auth/invite/accept', {
    body: { token, name: 'New Member', password: 'a long enough passphrase' },
  });
  assert.is(accepted.status, 200, accepted.text);
  await assertUnnamed(path);
});

test('a revoked invite names nothing', async () => {
  const { path, inviteId } = await invite('revoked@harbor.test');
  assert.is((await page(path)).data.workspaceName, 'Harbor Health');
  await app.services.members.revokeInvite(inviteId, { ...operatorContext(workspaceId), workspaceId });
  await assertUnnamed(path);
});

test('a live sign-in link names its workspace, and viewing the page does not use it', async () => {
  const { path, token } = await magicLink();
  const p = await page(path);
  assert.is(p.data.workspaceName, 'Harbor Health');
  assert.is(p.title, 'Sign in with your link · Harbor Health');
  const signedIn = await hostRequest(app, 'POST', '/auth/magic-link/verify', { body: { token } });
  assert.is(signedIn.status, 200, signedIn.text);
  assert.ok(sessionCookieOf(signedIn));
  await assertUnnamed(path);
});

test('a link asked on a slug host names nothing on the main host, where it would not open', async () => {
  const { path } = await magicLink(workspaceId);
  await assertUnnamed(path);
});

test('guessed, wrong-kind or missing tokens name nothing', async () => {
  const liveInvite = await invite('kept@harbor.test');
  const liveLink = await magicLink();
  for (const path of [
    // An invite token starts with its workspace id: a guess of that shape must reveal nothing.
    `/invite?token=${workspaceId}.${'x'.repeat(43)}`,
    `/invite?token=${encodeURIComponent(liveLink.token)}`,
    `/login/magic?token=${encodeURIComponent(liveInvite.token)}`,
    `/invite?token=${'y'.repeat(5000)}`,
    '/invite?token[]=a',
    '/invite',
    '/login/magic?token=',
    // Only the pages a mailed link opens name anything.
    `/login?token=${encodeURIComponent(liveInvite.token)}`,
  ])
    await assertUnnamed(path);
});

test.run();
