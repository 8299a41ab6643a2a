/** The members decider: invites replace older ones, undelivered ones are withdrawn, tokens open once, the owner stays an admin. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  decideMembers,
  evolveMembers,
  initialMembersState,
  type MemberCommand,
  type WorkspaceMembersState,
} from '../../../domain/member/workspaceMembers.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../domain/errors.js';
import { MAX_PENDING_INVITES, parseMemberRole } from '../../../domain/member/workspaceMembers.js';

const base = { workspaceId: 'w1', ownerId: 'owner' };
const now = new Date('2030-01-01T00:00:00Z');
const later = '2030-01-08T00:00:00.000Z';

function run(state: WorkspaceMembersState, command: MemberCommand): WorkspaceMembersState {
  return decideMembers(command, state).reduce(evolveMembers, state);
}
const invite = (inviteId: string, email: string, tokenHash: string, memberEmails: string[] = []): MemberCommand => ({
  type: 'Invite',
  ...base,
  inviteId,
  email,
  role: 'member',
  tokenHash,
  expiresAt: later,
  memberEmails,
  now,
});

test('a second invite to one address revokes the first; a member cannot be invited again', () => {
  let s = run(initialMembersState, invite('i1', 'a@x.test', 'h1'));
  const events = decideMembers(invite('i2', 'a@x.test', 'h2'), s);
  assert.equal(
    events.map((e) => e.type),
    ['InviteRevoked', 'MemberInvited'],
  );
  s = events.reduce(evolveMembers, s);
  assert.equal(Object.keys(s.invites), ['i2']);
  assert.throws(
    () => decideMembers(invite('i3', 'b@x.test', 'h3', ['b@x.test']), s),
    (e: unknown) => e instanceof ConflictError,
  );
});

test('pending invites are capped: one more is 409 PENDING_INVITE_LIMIT; replacing one, or ones expired, do not count', () => {
  let s = initialMembersState;
  for (let i = 0; i < MAX_PENDING_INVITES; i++) s = run(s, invite(`i${i}`, `p${i}@x.test`, `h${i}`));
  assert.throws(
    () => decideMembers(invite('over', 'over@x.test', 'h-over'), s),
    (e: unknown) => e instanceof ConflictError && e.code === 'PENDING_INVITE_LIMIT',
  );
  assert.equal(
    decideMembers(invite('again', 'p0@x.test', 'h-again'), s).map((e) => e.type),
    ['InviteRevoked', 'MemberInvited'],
  );
  const weekLater = { ...invite('late', 'late@x.test', 'h-late'), now: new Date(later) } as MemberCommand;
  assert.is(decideMembers(weekLater, s).length, 1);
});

test('an invite whose mail could not be sent is withdrawn, with the reason; once it is no longer pending, withdrawing records nothing', () => {
  const s = run(initialMembersState, invite('i1', 'a@x.test', 'h1'));
  const withdraw: MemberCommand = { type: 'WithdrawUndeliveredInvite', workspaceId: 'w1', inviteId: 'i1' };
  const events = decideMembers(withdraw, s);
  assert.equal(events, [
    { type: 'InviteRevoked', data: { workspaceId: 'w1', inviteId: 'i1', reason: 'mail_not_delivered' } },
  ]);
  const after = events.reduce(evolveMembers, s);
  assert.equal(after.invites, {});
  assert.equal(decideMembers(withdraw, after), [], 'already gone');
  // Replaced by a newer invite before the failure was known: the newer one is left alone.
  const replaced = run(s, invite('i2', 'a@x.test', 'h2'));
  assert.equal(decideMembers(withdraw, replaced), []);
  assert.equal(Object.keys(replaced.invites), ['i2']);
  // Every revocation says why: the log tells an admin's revoke from a replacement.
  assert.equal(decideMembers(invite('i3', 'a@x.test', 'h3'), replaced)[0].data, {
    workspaceId: 'w1',
    inviteId: 'i2',
    reason: 'replaced',
  });
  assert.equal(decideMembers({ type: 'RevokeInvite', workspaceId: 'w1', inviteId: 'i2' }, replaced)[0].data, {
    workspaceId: 'w1',
    inviteId: 'i2',
    reason: 'requested',
  });
});

test('accept: the token hash opens the invite once, before it expires; the owner is never added as a member', () => {
  let s = run(initialMembersState, invite('i1', 'a@x.test', 'h1'));
  assert.throws(
    () => decideMembers({ type: 'AcceptInvite', ...base, tokenHash: 'nope', userId: 'u1', now }, s),
    (e: unknown) => e instanceof NotFoundError,
  );
  assert.throws(
    () => decideMembers({ type: 'AcceptInvite', ...base, tokenHash: 'h1', userId: 'u1', now: new Date(later) }, s),
    (e: unknown) => e instanceof NotFoundError,
  );
  s = run(s, { type: 'AcceptInvite', ...base, tokenHash: 'h1', userId: 'u1', now });
  assert.equal(s.members, { u1: 'member' });
  assert.equal(s.invites, {});
  assert.throws(
    () => decideMembers({ type: 'AcceptInvite', ...base, tokenHash: 'h1', userId: 'u1', now }, s),
    (e: unknown) => e instanceof NotFoundError,
  );
  s = run(s, invite('i2', 'owner@x.test', 'h2'));
  assert.equal(
    decideMembers({ type: 'AcceptInvite', ...base, tokenHash: 'h2', userId: 'owner', now }, s).map((e) => e.type),
    ['InviteAccepted'],
  );
});

test('roles: change and remove members; the owner is fixed; unknown members are 404; same role records nothing', () => {
  let s = run(run(initialMembersState, invite('i1', 'a@x.test', 'h1')), {
    type: 'AcceptInvite',
    ...base,
    tokenHash: 'h1',
    userId: 'u1',
    now,
  });
  s = run(s, { type: 'ChangeRole', ...base, userId: 'u1', role: 'admin' });
  assert.equal(s.members, { u1: 'admin' });
  assert.equal(decideMembers({ type: 'ChangeRole', ...base, userId: 'u1', role: 'admin' }, s), []);
  assert.throws(
    () => decideMembers({ type: 'ChangeRole', ...base, userId: 'owner', role: 'member' }, s),
    (e: unknown) => e instanceof ForbiddenError,
  );
  assert.throws(
    () => decideMembers({ type: 'RemoveMember', ...base, userId: 'owner' }, s),
    (e: unknown) => e instanceof ForbiddenError,
  );
  assert.throws(
    () => decideMembers({ type: 'RemoveMember', ...base, userId: 'ghost' }, s),
    (e: unknown) => e instanceof NotFoundError,
  );
  s = run(s, { type: 'RemoveMember', ...base, userId: 'u1' });
  assert.equal(s.members, {});
  assert.throws(
    () => decideMembers({ type: 'RevokeInvite', workspaceId: 'w1', inviteId: 'i9' }, s),
    (e: unknown) => e instanceof NotFoundError,
  );
  assert.throws(
    () => parseMemberRole('owner'),
    (e: unknown) => e instanceof ValidationError,
  );
});

test('names every object inherits are no member and no invite: 404, nothing recorded', () => {
  const s = run(run(initialMembersState, invite('i1', 'a@x.test', 'h1')), {
    type: 'AcceptInvite',
    ...base,
    tokenHash: 'h1',
    userId: 'u1',
    now,
  });
  const notFound = (e: unknown) => e instanceof NotFoundError;
  for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
    assert.throws(() => decideMembers({ type: 'ChangeRole', ...base, userId: id, role: 'admin' }, s), notFound, id);
    assert.throws(() => decideMembers({ type: 'RemoveMember', ...base, userId: id }, s), notFound, id);
    assert.throws(() => decideMembers({ type: 'RevokeInvite', workspaceId: 'w1', inviteId: id }, s), notFound, id);
    assert.equal(decideMembers({ type: 'WithdrawUndeliveredInvite', workspaceId: 'w1', inviteId: id }, s), [], id);
  }
});

test.run();
