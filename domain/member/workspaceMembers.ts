/**
 * The members of one workspace (stream `members-<workspaceId>`): invited members with their
 * roles, and the pending invites. The owner is not recorded here: WorkspaceCreated names the
 * owner, who is always an admin and can be neither demoted nor removed, so a workspace never
 * lacks an admin. The command layer passes the owner's id in with every command.
 *
 * An invite is a mailed single-use link; only the sha256 of its token is recorded. An invite
 * whose mail could not be sent is withdrawn at once (the admin was answered 502), so the
 * pending invites are the ones whose link went out.
 */
import type { Decider, DomainEvent } from '../event.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { sameDigest } from '../signIn/challenges.js';

export type MemberRole = 'admin' | 'member';
export const MEMBER_ROLES: readonly MemberRole[] = ['admin', 'member'];
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Live invites a workspace may have waiting at once. Each is a mail to an address the admin
 * typed; a team onboarding a department fits, a workspace used to mail strangers does not.
 */
export const MAX_PENDING_INVITES = 50;
/**
 * Why a pending invite went without being accepted: an admin revoked it, a newer invite to the
 * address replaced it, or its mail could not be sent. Absent on events from before it was kept.
 */
export type InviteRevokeReason = 'requested' | 'replaced' | 'mail_not_delivered';

export interface PendingInvite {
  inviteId: string;
  email: string;
  role: MemberRole;
  tokenHash: string;
  expiresAt: string;
}

export interface WorkspaceMembersState {
  /** Members other than the owner, by user id. */
  members: Record<string, MemberRole>;
  invites: Record<string, PendingInvite>;
}

export const initialMembersState: WorkspaceMembersState = { members: {}, invites: {} };

export type MemberEvent =
  | DomainEvent<
      'MemberInvited',
      { workspaceId: string; inviteId: string; email: string; role: MemberRole; tokenHash: string; expiresAt: string }
    >
  | DomainEvent<'InviteRevoked', { workspaceId: string; inviteId: string; reason?: InviteRevokeReason }>
  | DomainEvent<'InviteAccepted', { workspaceId: string; inviteId: string; userId: string }>
  | DomainEvent<'MemberAdded', { workspaceId: string; userId: string; role: MemberRole }>
  | DomainEvent<'MemberRoleChanged', { workspaceId: string; userId: string; role: MemberRole }>
  | DomainEvent<'MemberRemoved', { workspaceId: string; userId: string }>;

export type MemberCommand =
  | {
      type: 'Invite';
      workspaceId: string;
      ownerId: string;
      inviteId: string;
      email: string;
      role: MemberRole;
      tokenHash: string;
      expiresAt: string;
      memberEmails: string[];
      now: Date;
    }
  | { type: 'RevokeInvite'; workspaceId: string; inviteId: string }
  /** The invite's mail could not be sent: a no-op when it is no longer pending (replaced, revoked meanwhile). */
  | { type: 'WithdrawUndeliveredInvite'; workspaceId: string; inviteId: string }
  | { type: 'AcceptInvite'; workspaceId: string; ownerId: string; tokenHash: string; userId: string; now: Date }
  | { type: 'ChangeRole'; workspaceId: string; ownerId: string; userId: string; role: MemberRole }
  | { type: 'RemoveMember'; workspaceId: string; ownerId: string; userId: string };

/**
 * Ids arrive from request paths: only an id recorded in the state counts, never a name every
 * object inherits ("constructor", "toString", "__proto__"), which would pass for a member or an
 * invite and be written into the log as one.
 */
const memberRole = (state: WorkspaceMembersState, userId: string): MemberRole | undefined =>
  Object.hasOwn(state.members, userId) ? state.members[userId] : undefined;
const isPending = (state: WorkspaceMembersState, inviteId: string): boolean => Object.hasOwn(state.invites, inviteId);

export function parseMemberRole(raw: unknown): MemberRole {
  if (raw === 'admin' || raw === 'member') return raw;
  throw new ValidationError("role must be 'admin' or 'member'", 'role');
}

/** The invite a token opens, or null: unknown, revoked, used and expired tokens look alike to the caller. */
export function inviteByTokenHash(state: WorkspaceMembersState, tokenHash: string, now: Date): PendingInvite | null {
  const invite = Object.values(state.invites).find((i) => sameDigest(i.tokenHash, tokenHash));
  if (!invite || now.getTime() >= Date.parse(invite.expiresAt)) return null;
  return invite;
}

export function decideMembers(command: MemberCommand, state: WorkspaceMembersState): MemberEvent[] {
  const { workspaceId } = command;
  switch (command.type) {
    case 'Invite': {
      if (command.memberEmails.includes(command.email))
        throw new ConflictError(`${command.email} is already a member of this workspace`, 'ALREADY_MEMBER');
      // A second invite to the same address replaces the first: only the newest link works.
      const replaced = Object.values(state.invites).filter((i) => i.email === command.email);
      const stillLive = Object.values(state.invites).filter(
        (i) => i.email !== command.email && Date.parse(i.expiresAt) > command.now.getTime(),
      );
      if (stillLive.length >= MAX_PENDING_INVITES)
        throw new ConflictError(
          `This workspace already has ${MAX_PENDING_INVITES} pending invites; revoke some or wait until they are accepted or expire`,
          'PENDING_INVITE_LIMIT',
        );
      return [
        ...replaced.map((i) => ({
          type: 'InviteRevoked' as const,
          data: { workspaceId, inviteId: i.inviteId, reason: 'replaced' as const },
        })),
        {
          type: 'MemberInvited',
          data: {
            workspaceId,
            inviteId: command.inviteId,
            email: command.email,
            role: command.role,
            tokenHash: command.tokenHash,
            expiresAt: command.expiresAt,
          },
        },
      ];
    }
    case 'RevokeInvite':
      if (!isPending(state, command.inviteId)) throw new NotFoundError('Invite not found');
      return [{ type: 'InviteRevoked', data: { workspaceId, inviteId: command.inviteId, reason: 'requested' } }];
    case 'WithdrawUndeliveredInvite':
      if (!isPending(state, command.inviteId)) return [];
      return [
        { type: 'InviteRevoked', data: { workspaceId, inviteId: command.inviteId, reason: 'mail_not_delivered' } },
      ];
    case 'AcceptInvite': {
      const invite = inviteByTokenHash(state, command.tokenHash, command.now);
      if (!invite)
        throw new NotFoundError('This invite link is invalid, used or expired; ask for a new one', 'INVITE_INVALID');
      const accepted: MemberEvent = {
        type: 'InviteAccepted',
        data: { workspaceId, inviteId: invite.inviteId, userId: command.userId },
      };
      if (command.userId === command.ownerId || memberRole(state, command.userId)) return [accepted];
      return [accepted, { type: 'MemberAdded', data: { workspaceId, userId: command.userId, role: invite.role } }];
    }
    case 'ChangeRole': {
      assertChangeable(command.userId, command.ownerId, state);
      if (memberRole(state, command.userId) === command.role) return [];
      return [{ type: 'MemberRoleChanged', data: { workspaceId, userId: command.userId, role: command.role } }];
    }
    case 'RemoveMember':
      assertChangeable(command.userId, command.ownerId, state);
      return [{ type: 'MemberRemoved', data: { workspaceId, userId: command.userId } }];
  }
}

/** The owner stays an admin and a member, which is what keeps every workspace with an admin. */
function assertChangeable(userId: string, ownerId: string, state: WorkspaceMembersState): void {
  if (userId === ownerId) throw new ForbiddenError("The workspace owner's membership cannot be changed", 'OWNER_FIXED');
  if (!memberRole(state, userId)) throw new NotFoundError('Member not found');
}

export function evolveMembers(state: WorkspaceMembersState, event: MemberEvent): WorkspaceMembersState {
  switch (event.type) {
    case 'MemberInvited': {
      const { workspaceId: _w, ...invite } = event.data;
      return { ...state, invites: { ...state.invites, [invite.inviteId]: invite } };
    }
    case 'InviteRevoked':
    case 'InviteAccepted': {
      const { [event.data.inviteId]: _gone, ...invites } = state.invites;
      return { ...state, invites };
    }
    case 'MemberAdded':
    case 'MemberRoleChanged':
      return { ...state, members: { ...state.members, [event.data.userId]: event.data.role } };
    case 'MemberRemoved': {
      const { [event.data.userId]: _gone, ...members } = state.members;
      return { ...state, members };
    }
    default:
      return state;
  }
}

export const membersDecider: Decider<MemberCommand, WorkspaceMembersState, MemberEvent> = {
  decide: decideMembers,
  evolve: evolveMembers,
  initialState: initialMembersState,
};

export const membersStream = (workspaceId: string) => `members-${workspaceId}`;
