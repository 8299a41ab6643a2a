/** Members, invites and roles over real HTTP with real sessions and the outbox (docs/sign-in.md). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../support/testApp.js';
import {
  createSignedInWorkspace,
  hostRequest,
  sessionCookieOf,
  csrfTokenFor,
  signIn,
  startSignInApp,
  type SignedInWorkspace,
} from '../../support/signIn.js';
import { latestMailTo, linkIn } from '../../support/signInMail.js';
import { INVITES_PER_ADMIN } from '../../../api/dashboard/inviteThrottle.js';
import { ATTEMPTS_PER_ACCOUNT } from '../../../api/auth/signInThrottle.js';

const D = '/api/v1/dashboard';
let app: TestApp;

test.before(async () => {
  app = await startSignInApp();
});
test.after(async () => {
  await app.close();
});

const as = (who: { cookie: string; csrfToken: string; origin: string }) => ({
  cookie: who.cookie,
  csrfToken: who.csrfToken,
  origin: who.origin,
});

async function invite(owner: SignedInWorkspace, email: string, role = 'member') {
  const res = await hostRequest(app, 'POST', `${D}/invites`, { ...as(owner), body: { email, role } });
  assert.is(res.status, 201, res.text);
  return { invite: res.body, link: linkIn(latestMailTo(app, email), '/invite') };
}

async function accept(link: URL, body: Record<string, unknown>, opts: { cookie?: string; origin?: string } = {}) {
  const res = await hostRequest(app, 'POST', '/auth/invite/accept', {
    origin: opts.origin ?? link.origin,
    cookie: opts.cookie,
    body: { token: link.searchParams.get('token'), ...body },
  });
  const cookie = sessionCookieOf(res);
  return {
    res,
    cookie: cookie ?? '',
    csrfToken: cookie ? await csrfTokenFor(app, cookie, link.origin) : '',
    origin: link.origin,
  };
}

test('invite by mail → a new user sets name and password and is signed in as a member; the link works once', async () => {
  const owner = await createSignedInWorkspace(app, 'free');
  const { invite: sent, link } = await invite(owner, 'new.member@example.com');
  assert.equal(Object.keys(sent).sort(), ['email', 'expiresAt', 'id', 'role']);
  assert.is(link.origin, owner.origin);
  const listed = await hostRequest(app, 'GET', `${D}/members`, as(owner));
  assert.is(listed.status, 200, listed.text);
  assert.equal(
    listed.body.invites.map((i: any) => i.email),
    ['new.member@example.com'],
  );
  assert.equal(listed.body.members, [
    { userId: owner.ownerId, email: owner.email, name: listed.body.members[0].name, role: 'admin', isOwner: true },
  ]);

  const noPassword = await accept(link, { name: 'New Member' });
  assert.is(noPassword.res.status, 400);
  const joined = await accept(link, { name: 'New Member', password: 'member-password-1' });
  assert.is(joined.res.status, 200, joined.res.text);
  assert.equal(joined.res.body, { redirect: '/dashboard' });
  const me = await hostRequest(app, 'GET', '/auth/session', { cookie: joined.cookie, origin: joined.origin });
  assert.is(me.body.workspace.id, owner.workspaceId);
  assert.is(me.body.workspace.role, 'member');
  assert.is(me.body.user.name, 'New Member');
  const again = await accept(link, { name: 'X', password: 'member-password-1' });
  assert.is(again.res.status, 404);
  assert.is(again.res.body.code, 'INVITE_INVALID');
  // The member signs in by password from now on.
  const byPassword = await signIn(app, { email: 'new.member@example.com', password: 'member-password-1' });
  assert.ok(byPassword.cookie);
});

test('members get 403 on admin endpoints; writes without the CSRF token are 403 CSRF; the owner cannot be changed', async () => {
  const owner = await createSignedInWorkspace(app, 'free');
  const { link } = await invite(owner, 'plain.member@example.com');
  const member = await accept(link, { name: 'Plain', password: 'plain-password-1' });
  const listByMember = await hostRequest(app, 'GET', `${D}/members`, as(member));
  assert.is(listByMember.status, 403);
  assert.is(listByMember.body.code, 'INSUFFICIENT_ROLE');
  const inviteByMember = await hostRequest(app, 'POST', `${D}/invites`, {
    ...as(member),
    body: { email: 'x@example.com', role: 'admin' },
  });
  assert.is(inviteByMember.status, 403);
  const noCsrf = await hostRequest(app, 'POST', `${D}/invites`, {
    cookie: owner.cookie,
    body: { email: 'x@example.com', role: 'member' },
  });
  assert.is(noCsrf.status, 403);
  assert.is(noCsrf.body.code, 'CSRF');
  const ownerPatch = await hostRequest(app, 'PATCH', `${D}/members/${owner.ownerId}`, {
    ...as(owner),
    body: { role: 'member' },
  });
  assert.is(ownerPatch.status, 403);
  assert.is(ownerPatch.body.code, 'OWNER_FIXED');
  assert.is((await hostRequest(app, 'DELETE', `${D}/members/${owner.ownerId}`, as(owner))).status, 403);
  const badRole = await hostRequest(app, 'PATCH', `${D}/members/${owner.ownerId}`, {
    ...as(owner),
    body: { role: 'king' },
  });
  assert.is(badRole.status, 400);
  const badBody = await hostRequest(app, 'POST', `${D}/invites`, { ...as(owner), body: '{"email":' });
  assert.is(badBody.status, 400);
  const badEmail = await hostRequest(app, 'POST', `${D}/invites`, {
    ...as(owner),
    body: { email: 'not-an-address', role: 'member' },
  });
  assert.is(badEmail.status, 400);
});

test('promote, then remove: the role applies at once and a removed member is signed out there', async () => {
  const owner = await createSignedInWorkspace(app, 'free');
  const { link } = await invite(owner, 'promoted@example.com');
  const member = await accept(link, { name: 'Promoted', password: 'promoted-password' });
  const userId = (await hostRequest(app, 'GET', '/auth/session', as(member))).body.user.id;
  assert.is(
    (await hostRequest(app, 'PATCH', `${D}/members/${userId}`, { ...as(owner), body: { role: 'admin' } })).status,
    204,
  );
  assert.is((await hostRequest(app, 'GET', `${D}/members`, as(member))).status, 200);
  assert.is((await hostRequest(app, 'DELETE', `${D}/members/${userId}`, as(owner))).status, 204);
  assert.is((await hostRequest(app, 'GET', '/auth/session', as(member))).status, 401);
  assert.is((await hostRequest(app, 'DELETE', `${D}/members/${userId}`, as(owner))).status, 404);
});

test('one email, one user: an existing account accepts an invite to a second workspace with its password and sees both', async () => {
  const first = await createSignedInWorkspace(app, 'free');
  const second = await createSignedInWorkspace(app, 'free');
  const { link } = await invite(second, first.email, 'admin');
  const joined = await accept(link, { password: first.password });
  assert.is(joined.res.status, 200, joined.res.text);
  const me = await hostRequest(app, 'GET', '/auth/session', as(joined));
  assert.is(me.body.user.id, first.ownerId);
  assert.is(me.body.workspace.id, second.workspaceId);
  assert.equal(me.body.workspaces.map((w: any) => w.id).sort(), [first.workspaceId, second.workspaceId].sort());
  // Switching back to the first workspace goes through a one-time handoff.
  const sw = await hostRequest(app, 'POST', '/auth/switch', {
    ...as(joined),
    body: { workspaceId: first.workspaceId },
  });
  assert.is(sw.status, 200, sw.text);
  const handoff = new URL(sw.body.redirect);
  const entered = await hostRequest(app, 'POST', '/auth/handoff', {
    origin: handoff.origin,
    body: { code: handoff.searchParams.get('code') },
  });
  assert.is(entered.status, 200);
  const there = await hostRequest(app, 'GET', '/auth/session', {
    cookie: sessionCookieOf(entered)!,
    origin: handoff.origin,
  });
  assert.is(there.body.workspace.id, first.workspaceId);
  // Not a workspace of this user: 404.
  const foreign = await createSignedInWorkspace(app, 'free');
  assert.is(
    (await hostRequest(app, 'POST', '/auth/switch', { ...as(joined), body: { workspaceId: foreign.workspaceId } }))
      .status,
    404,
  );
});

test('invites are budgeted per admin: past it 429 INVITE_RATE_LIMIT with Retry-After; refused invites cost nothing', async () => {
  const owner = await createSignedInWorkspace(app, 'free');
  const post = (email: string) =>
    hostRequest(app, 'POST', `${D}/invites`, { ...as(owner), body: { email, role: 'member' } });
  assert.is((await post('not-an-address')).status, 400);
  assert.is((await post(owner.email)).status, 409);
  for (let i = 0; i < INVITES_PER_ADMIN; i++) assert.is((await post(`budget-${i}@example.com`)).status, 201);
  const refused = await post('one-too-many@example.com');
  assert.is(refused.status, 429, refused.text);
  assert.is(refused.body.code, 'INVITE_RATE_LIMIT');
  assert.ok(Number(refused.headers['retry-after']) > 0);
  assert.throws(() => latestMailTo(app, 'one-too-many@example.com'));
});

test('an invite to an existing account adds nothing until the account proves itself: its password, or its own session', async () => {
  const first = await createSignedInWorkspace(app, 'free');
  const second = await createSignedInWorkspace(app, 'free');
  const { link } = await invite(second, first.email);
  const workspacesOf = async () =>
    (await hostRequest(app, 'GET', '/auth/session', as(first))).body.workspaces.map((w: any) => w.id);
  const bare = await accept(link, {});
  assert.is(bare.res.status, 401, bare.res.text);
  assert.is(bare.res.body.code, 'ACCOUNT_PROOF_REQUIRED');
  assert.not.ok(bare.cookie, 'no session');
  const wrong = await accept(link, { name: 'Someone', password: 'not-the-owners-password' });
  assert.is(wrong.res.status, 401);
  assert.is(wrong.res.body.code, 'WRONG_PASSWORD');
  assert.equal(await workspacesOf(), [first.workspaceId], 'not joined');
  // The account's own session on this host is proof enough, and the invite is still live.
  const bySession = await accept(link, {}, { cookie: first.cookie });
  assert.is(bySession.res.status, 200, bySession.res.text);
  assert.equal((await workspacesOf()).sort(), [first.workspaceId, second.workspaceId].sort());
});

test("wrong passwords at an invite spend the invited account's sign-in password budget", async () => {
  const first = await createSignedInWorkspace(app, 'free');
  const second = await createSignedInWorkspace(app, 'free');
  const { link } = await invite(second, first.email);
  for (let i = 0; i < ATTEMPTS_PER_ACCOUNT; i++)
    assert.is((await accept(link, { password: `guess-number-${i}` })).res.status, 401);
  const refused = await accept(link, { password: first.password });
  assert.is(refused.res.status, 429, refused.res.text);
  const login = await hostRequest(app, 'POST', '/auth/password', {
    body: { email: first.email, password: first.password },
  });
  assert.is(login.status, 429);
});

test("a slug workspace's invite opens on its own host only, not on the main host", async () => {
  const owner = await createSignedInWorkspace(app, 'pro', { slug: `inv${Math.random().toString(36).slice(2, 8)}` });
  const { link } = await invite(owner, 'slug.invitee@example.com');
  assert.is(link.origin, owner.origin);
  const main = new URL(app.config.publicUrl).origin;
  const onMain = await accept(link, { name: 'Slug Invitee', password: 'slug-password-1' }, { origin: main });
  assert.is(onMain.res.status, 404, onMain.res.text);
  assert.is(onMain.res.body.code, 'INVITE_WRONG_HOST');
  assert.ok(onMain.res.body.error.includes(owner.origin), 'names where it opens');
  const forged = await accept(
    new URL(`${main}/invite?token=${owner.workspaceId}.${'A'.repeat(43)}`),
    { name: 'F', password: 'forged-password' },
    { origin: main },
  );
  assert.is(forged.res.body.code, 'INVITE_INVALID', 'a dead token hears nothing about the workspace');
  const onOwnHost = await accept(link, { name: 'Slug Invitee', password: 'slug-password-1' });
  assert.is(onOwnHost.res.status, 200, onOwnHost.res.text);
  assert.equal(onOwnHost.res.body, { redirect: '/' });
});

test('revoked invites do not open; another workspace cannot touch these members', async () => {
  const owner = await createSignedInWorkspace(app, 'free');
  const other = await createSignedInWorkspace(app, 'free');
  const { invite: sent, link } = await invite(owner, 'revoked@example.com');
  assert.is((await hostRequest(app, 'DELETE', `${D}/invites/${sent.id}`, as(other))).status, 404);
  assert.is((await hostRequest(app, 'DELETE', `${D}/invites/${sent.id}`, as(owner))).status, 204);
  const late = await accept(link, { name: 'Late', password: 'late-password-1' });
  assert.is(late.res.status, 404);
  const { link: link2 } = await invite(owner, 'kept@example.com');
  const member = await accept(link2, { name: 'Kept', password: 'kept-password-1' });
  const userId = (await hostRequest(app, 'GET', '/auth/session', as(member))).body.user.id;
  assert.is(
    (await hostRequest(app, 'PATCH', `${D}/members/${userId}`, { ...as(other), body: { role: 'admin' } })).status,
    404,
  );
  assert.is((await hostRequest(app, 'DELETE', `${D}/members/${userId}`, as(other))).status, 404);
  const forged = await accept(new URL(`${link2.origin}/invite?token=${owner.workspaceId}.${'A'.repeat(43)}`), {
    name: 'F',
    password: 'forged-password',
  });
  assert.is(forged.res.status, 404);
});

test.run();
