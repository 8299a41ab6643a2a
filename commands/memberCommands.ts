/**
 * Members of a workspace (docs/sign-in.md): invite by mail, revoke, accept, change a role,
 * remove. One email is one user across workspaces: accepting an invite with an address that
 * already has an account adds a membership to that user; a new address registers a user
 * (email unique through the `email` reservation, like `confab workspace create`).
 *
 * The invite token is `<workspaceId>.<32 random bytes>`: the prefix says which members stream
 * to open (a slug-less workspace's link lands on the main host, which names no workspace);
 * only the sha256 of the whole token is recorded.
 *
 * The link proves the inbox, and a new address needs nothing more. An address that already has
 * an account does: the account opens every workspace it belongs to, and an invite mail lies in
 * an inbox (forwarded, shared, read over a shoulder) for 7 days. So the account proves itself
 * before the membership is added: by its password, or by a session of that same user on this
 * host. Until then nothing is recorded and the invite stays live.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AuthenticationError, NotFoundError, ValidationError } from '../domain/errors.js';
import { validateEmailAddress } from '../domain/account/profileRules.js';
import {
  INVITE_TTL_MS,
  membersDecider,
  membersStream,
  parseMemberRole,
  inviteByTokenHash,
  type MemberRole,
} from '../domain/member/workspaceMembers.js';
import { userDecider } from '../domain/user/userAccount.js';
import type { Mailer } from '../infrastructure/mail/mailer.js';
import type { Logger } from '../infrastructure/logger.js';
import type { MemberLookups } from '../projections/queries/memberLookups.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';
import type { Reservations } from './reservations.js';
import { inviteMail } from './emailTemplates.js';
import { hashPassword, verifyPassword } from './passwordHash.js';
import { newId } from './ids.js';
import { validatePassword } from './signInCommands.js';
import { MailDeliveryError } from './accountCommands.js';
import { userStream } from '../domain/user/user.js';

type Ctx = CommandContext & { workspaceId: string };

export interface MemberDeps {
  aggregates: AggregateStore;
  reservations: Reservations;
  lookups: MemberLookups;
  mailer: Mailer;
  logger: Logger;
  /** The workspace's login origin (its slug host, or PUBLIC_URL), for the invite link. */
  loginOriginOf: (workspaceId: string) => Promise<string>;
}

const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
export const invalidInvite = () =>
  new NotFoundError('This invite link is invalid, used or expired; ask for a new one', 'INVITE_INVALID');
/** The code of a wrong password given to accept with an existing account: a guess, counted like one at sign-in. */
export const WRONG_ACCOUNT_PASSWORD = 'WRONG_PASSWORD';

/** A live invite: the workspace it opens and the address it was sent to. */
export interface Invitation {
  workspaceId: string;
  email: string;
}

export class MemberCommands {
  constructor(private readonly deps: MemberDeps) {}

  private async ownerOf(workspaceId: string): Promise<{ ownerId: string; name: string }> {
    const workspace = await this.deps.lookups.workspace(workspaceId);
    if (!workspace) throw new NotFoundError('Workspace not found');
    return workspace;
  }

  async invite(
    input: { email: unknown; role: unknown; inviterName: string },
    ctx: Ctx,
  ): Promise<{ id: string; email: string; role: MemberRole; expiresAt: string }> {
    const email = validateEmailAddress(input.email, 'email');
    const role = parseMemberRole(input.role);
    const workspace = await this.ownerOf(ctx.workspaceId);
    const memberEmails = await this.deps.lookups.memberEmails(ctx.workspaceId);
    const token = `${ctx.workspaceId}.${randomBytes(32).toString('base64url')}`;
    const inviteId = newId();
    const now = this.deps.aggregates.now();
    const expiresAt = new Date(now.getTime() + INVITE_TTL_MS).toISOString();
    await this.deps.aggregates.handle(
      membersStream(ctx.workspaceId),
      membersDecider,
      {
        type: 'Invite',
        workspaceId: ctx.workspaceId,
        ownerId: workspace.ownerId,
        inviteId,
        email,
        role,
        tokenHash: tokenHashOf(token),
        expiresAt,
        memberEmails,
        now,
      },
      ctx,
    );
    const link = `${await this.deps.loginOriginOf(ctx.workspaceId)}/invite?token=${encodeURIComponent(token)}`;
    const mail = inviteMail({
      workspaceName: workspace.name,
      inviterName: input.inviterName || 'A workspace admin',
      role,
      link,
      days: INVITE_TTL_MS / 86_400_000,
    });
    try {
      await this.deps.mailer.send({ to: email, ...mail });
    } catch (err) {
      this.deps.logger.error('mail not delivered', { what: 'invite', error: (err as Error).message?.slice(0, 200) });
      await this.withdrawUndelivered(inviteId, ctx);
      throw new MailDeliveryError('The invitation could not be sent right now; invite again later');
    }
    return { id: inviteId, email, role, expiresAt };
  }

  /**
   * The 502 tells the admin the invitation was not sent and to invite again later, so the members
   * page must not go on listing it as pending: an invite nobody was told about looks like one on
   * its way, and would sit there for a week while the admin waits for an answer that cannot come.
   * It is withdrawn as an event (InviteRevoked, reason mail_not_delivered), so the log says why it
   * went. Should the mail have arrived after all (a server that failed after taking it), its link
   * says "invalid; ask for a new one", which is what the admin was told to do. An earlier invite
   * to the address that this one replaced stays revoked: the admin meant to replace it, and the
   * next invite, once mail works, is the one that counts. Failing to withdraw (the store down)
   * still answers the 502; inviting again replaces the leftover invite.
   */
  private async withdrawUndelivered(inviteId: string, ctx: Ctx): Promise<void> {
    try {
      await this.deps.aggregates.handle(
        membersStream(ctx.workspaceId),
        membersDecider,
        { type: 'WithdrawUndeliveredInvite', workspaceId: ctx.workspaceId, inviteId },
        ctx,
      );
    } catch (err) {
      this.deps.logger.error('undelivered invite not withdrawn', {
        inviteId,
        error: (err as Error).message?.slice(0, 200),
      });
    }
  }

  async revokeInvite(inviteId: string, ctx: Ctx): Promise<void> {
    await this.deps.aggregates.handle(
      membersStream(ctx.workspaceId),
      membersDecider,
      { type: 'RevokeInvite', workspaceId: ctx.workspaceId, inviteId },
      ctx,
    );
  }

  async changeRole(userId: string, rawRole: unknown, ctx: Ctx): Promise<void> {
    const role = parseMemberRole(rawRole);
    const { ownerId } = await this.ownerOf(ctx.workspaceId);
    await this.deps.aggregates.handle(
      membersStream(ctx.workspaceId),
      membersDecider,
      { type: 'ChangeRole', workspaceId: ctx.workspaceId, ownerId, userId, role },
      ctx,
    );
  }

  async remove(userId: string, ctx: Ctx): Promise<void> {
    const { ownerId } = await this.ownerOf(ctx.workspaceId);
    await this.deps.aggregates.handle(
      membersStream(ctx.workspaceId),
      membersDecider,
      { type: 'RemoveMember', workspaceId: ctx.workspaceId, ownerId, userId },
      ctx,
    );
  }

  /** The workspace an invite token is for, or null when the token is not shaped like one. */
  static workspaceOfToken(token: string): string | null {
    const match = /^([a-f0-9]{24})\.[A-Za-z0-9_-]{43}$/.exec(token);
    return match ? match[1] : null;
  }

  /** The workspace of a live invite (not accepted, revoked or expired), read without accepting it; else null. */
  async inviteWorkspace(token: string): Promise<string | null> {
    return (await this.invitation(token))?.workspaceId ?? null;
  }

  /** The live invite a token opens, read without accepting it; null when it opens nothing. */
  async invitation(token: string): Promise<Invitation | null> {
    const workspaceId = MemberCommands.workspaceOfToken(token);
    if (!workspaceId) return null;
    const { state } = await this.deps.aggregates.load(membersStream(workspaceId), membersDecider);
    const invite = inviteByTokenHash(state, tokenHashOf(token), this.deps.aggregates.now());
    return invite ? { workspaceId, email: invite.email } : null;
  }

  /**
   * Accepts an invite: the address's existing user joins once it proves itself (its `password`,
   * or `signedInUserId` is that user), or a new user is registered with `name` and `password`
   * (both required then).
   */
  async accept(
    input: { token: string; name?: unknown; password?: unknown; signedInUserId?: string | null },
    ctx: CommandContext,
  ): Promise<{ userId: string; workspaceId: string }> {
    const workspaceId = MemberCommands.workspaceOfToken(input.token);
    if (!workspaceId) throw invalidInvite();
    const tokenHash = tokenHashOf(input.token);
    const { state } = await this.deps.aggregates.load(membersStream(workspaceId), membersDecider);
    const invite = inviteByTokenHash(state, tokenHash, this.deps.aggregates.now());
    if (!invite) throw invalidInvite();
    const wctx = { ...ctx, workspaceId };
    const existingId = await this.deps.lookups.userIdByEmail(invite.email);
    if (existingId) await this.proveAccount(existingId, input);
    const userId = existingId ?? (await this.register(invite.email, workspaceId, input, wctx));
    const { ownerId } = await this.ownerOf(workspaceId);
    await this.deps.aggregates.handle(
      membersStream(workspaceId),
      membersDecider,
      { type: 'AcceptInvite', workspaceId, ownerId, tokenHash, userId, now: this.deps.aggregates.now() },
      wctx,
    );
    this.deps.logger.info('invite accepted', { workspaceId, userId, newUser: !existingId });
    return { userId, workspaceId };
  }

  /** See the file comment: an existing account joins only by its password or its own session. */
  private async proveAccount(userId: string, input: { password?: unknown; signedInUserId?: string | null }) {
    if (input.signedInUserId === userId) return;
    const { passwordHash } = (await this.deps.aggregates.load(userStream(userId), userDecider)).state;
    if (!passwordHash)
      throw new AuthenticationError(
        'This address already has a Confab account without a password: sign in to a workspace of yours, set a password on the Account page, then accept with it',
        'ACCOUNT_PROOF_REQUIRED',
      );
    if (typeof input.password !== 'string' || input.password === '')
      throw new AuthenticationError(
        'This address already has a Confab account: enter its password to accept',
        'ACCOUNT_PROOF_REQUIRED',
      );
    if (!(await verifyPassword(input.password, passwordHash)))
      throw new AuthenticationError('The password of your Confab account is incorrect', WRONG_ACCOUNT_PASSWORD);
  }

  private async register(
    email: string,
    workspaceId: string,
    input: { name?: unknown; password?: unknown },
    ctx: Ctx,
  ): Promise<string> {
    if (typeof input.name !== 'string' || !input.name.trim() || input.name.length > 200)
      throw new ValidationError('name is required (at most 200 characters)', 'name');
    const password = validatePassword(input.password);
    const userId = newId();
    await this.deps.reservations.reserve('email', email, userId, ctx, `An account with email ${email} already exists`);
    await this.deps.aggregates.handle(
      userStream(userId),
      userDecider,
      {
        type: 'RegisterUser',
        userId,
        workspaceId,
        email,
        name: input.name.trim(),
        passwordHash: await hashPassword(password),
        timezone: 'UTC',
      },
      ctx,
    );
    return userId;
  }
}
