/**
 * Signing in and out (docs/sign-in.md): who may enter which workspace, the password check,
 * starting a session, the one-time handoff between hosts, and the password change.
 *
 * Which workspace a sign-in enters: on a workspace host, that host's workspace (members only);
 * on the main (PUBLIC_URL) host, the workspace the user last entered if they still belong to
 * it, else the one they joined first. When that workspace has a slug, its dashboard lives on
 * its own host, where the main host's cookie is never sent: the sign-in then answers with a
 * one-time handoff link to that host (60 s, single use) instead of a session here.
 *
 * Failures are neutral: an unknown address, a wrong password and a member of another
 * workspace all get the same error, after the same scrypt work.
 */
import { AuthenticationError, ValidationError } from '../domain/errors.js';
import { HANDOFF_TTL_MS } from '../domain/signIn/challenges.js';
import { userDecider } from '../domain/user/userAccount.js';
import type { Logger } from '../infrastructure/logger.js';
import type { SessionStore, SignInMethod } from '../infrastructure/sessions/sessionStore.js';
import type { ChallengeStore } from '../infrastructure/sessions/challengeStore.js';
import type { SignInLookups } from '../projections/queries/signInLookups.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';
import { hashPassword, verifyPassword } from './passwordHash.js';
import { userStream } from '../domain/user/user.js';
import { consumeWhereFits } from './consumeWhereFits.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export interface SignInDeps {
  lookups: SignInLookups;
  aggregates: AggregateStore;
  sessions: SessionStore;
  challenges: ChallengeStore;
  logger: Logger;
  /** `<scheme>://<slug>.<domain>[:port]` of a slug, PUBLIC_URL's origin for null (api/session/workspaceHost.ts). */
  originOf: (slug: string | null) => string;
}

/** Where a successful sign-in goes: a session on this host, or a handoff link to the workspace's host. */
export type Entry =
  | { kind: 'session'; sessionId: string; userId: string; workspaceId: string; redirect: string }
  | { kind: 'handoff'; redirect: string };

export const signInFailed = () => new AuthenticationError('The email or password is incorrect', 'SIGN_IN_FAILED');

interface HandoffData {
  userId: string;
  workspaceId: string;
}

export function validatePassword(raw: unknown, field = 'password'): string {
  if (typeof raw !== 'string' || raw.length < PASSWORD_MIN || raw.length > PASSWORD_MAX) {
    throw new ValidationError(`${field} must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`, field);
  }
  return raw;
}

export class SignInCommands {
  /** Verified against when there is no real hash, so an unknown address costs the same scrypt time. */
  private readonly dummyHash = hashPassword('confab-timing-equaliser');

  constructor(private readonly deps: SignInDeps) {}

  async passwordHashOf(userId: string): Promise<string | null> {
    const { state } = await this.deps.aggregates.load(userStream(userId), userDecider);
    return state.passwordHash;
  }

  /** The user whose password this is, allowed into `hostWorkspaceId` when given; else SIGN_IN_FAILED. */
  async checkPassword(
    email: string,
    password: string,
    hostWorkspaceId: string | null,
  ): Promise<{ userId: string; workspaceId: string }> {
    const user = await this.deps.lookups.userByEmail(email);
    const stored = user ? await this.passwordHashOf(user.id) : null;
    const matches = await verifyPassword(password, stored ?? (await this.dummyHash));
    const workspaceId = user && stored && matches ? await this.chooseWorkspace(user.id, hostWorkspaceId) : null;
    if (!user || !workspaceId) {
      this.deps.logger.info('sign-in refused', { method: 'password', userId: user?.id ?? null, hostWorkspaceId });
      throw signInFailed();
    }
    return { userId: user.id, workspaceId };
  }

  /** See the file comment: the host's workspace, else the last entered, else the first joined. */
  async chooseWorkspace(userId: string, hostWorkspaceId: string | null): Promise<string | null> {
    if (hostWorkspaceId) return (await this.deps.lookups.isMember(userId, hostWorkspaceId)) ? hostWorkspaceId : null;
    const memberships = await this.deps.lookups.membershipsOf(userId);
    const last = await this.deps.sessions.lastWorkspaceOf(userId);
    return memberships.find((m) => m.workspaceId === last)?.workspaceId ?? memberships[0]?.workspaceId ?? null;
  }

  /**
   * Lets a user in whose identity is proven: a session when this host serves the workspace's
   * dashboard, else a handoff link to the host that does. `onWorkspaceHost`: the request came
   * to a `<slug>.<domain>` host (whose workspace the caller already checked).
   */
  async enter(userId: string, workspaceId: string, method: SignInMethod, onWorkspaceHost: boolean): Promise<Entry> {
    const slug = onWorkspaceHost ? null : await this.deps.lookups.slugOf(workspaceId);
    if (slug) return { kind: 'handoff', redirect: await this.handoffLink(userId, workspaceId, slug) };
    const { sessionId } = await this.deps.sessions.create({ userId, workspaceId, method });
    this.deps.logger.info('signed in', { method, userId, workspaceId });
    return { kind: 'session', sessionId, userId, workspaceId, redirect: onWorkspaceHost ? '/' : '/dashboard' };
  }

  /**
   * The login origin of a host's workspace, from the configuration and never from the
   * request's Host header (a forged Host must not put a mailed link on another site).
   */
  async loginOriginOf(hostWorkspaceId: string | null): Promise<string> {
    return this.deps.originOf(hostWorkspaceId ? await this.deps.lookups.slugOf(hostWorkspaceId) : null);
  }

  /** A one-time link that opens a session on the workspace's own host. */
  async handoffLink(userId: string, workspaceId: string, slug: string | null): Promise<string> {
    const code = await this.deps.challenges.issueToken<HandoffData>(
      'handoff',
      userId,
      { userId, workspaceId },
      HANDOFF_TTL_MS,
    );
    return `${this.deps.originOf(slug)}/auth/handoff?code=${encodeURIComponent(code)}`;
  }

  /**
   * Whom a live handoff code would sign in on this host, and where, read without using it up:
   * the handoff page names the account and asks before it signs anyone in (a link someone else
   * made must not sign a visitor into their account unasked). null for a code refused here.
   */
  async handoffFor(
    code: string,
    hostWorkspaceId: string | null,
  ): Promise<{ email: string; workspaceName: string } | null> {
    const data = (await this.deps.challenges.peekToken<HandoffData>('handoff', code))?.data;
    if (!data || !(await this.handoffFits(data, hostWorkspaceId))) return null;
    const [email, workspaceName] = await Promise.all([
      this.deps.lookups.emailOf(data.userId),
      this.deps.lookups.workspaceNameOf(data.workspaceId),
    ]);
    return email ? { email, workspaceName: workspaceName ?? 'your workspace' } : null;
  }

  /**
   * Trades a handoff code for a session on this host. The code must be for this host's
   * workspace (`hostWorkspaceId`; null on the main host, which only takes slug-less ones); a
   * try on another host leaves it to the one it was made for.
   */
  async redeemHandoff(code: string, hostWorkspaceId: string | null): Promise<Entry> {
    const data = await consumeWhereFits<HandoffData>(this.deps.challenges, 'handoff', code, (handoff) =>
      this.handoffFits(handoff, hostWorkspaceId),
    );
    if (!data) {
      this.deps.logger.info('sign-in refused', { method: 'handoff', hostWorkspaceId });
      throw new AuthenticationError('This sign-in link is invalid, used or expired; sign in again', 'HANDOFF_INVALID');
    }
    return this.enter(data.userId, data.workspaceId, 'handoff', hostWorkspaceId !== null);
  }

  private async handoffFits(data: HandoffData, hostWorkspaceId: string | null): Promise<boolean> {
    const forThisHost = hostWorkspaceId
      ? data.workspaceId === hostWorkspaceId
      : (await this.deps.lookups.slugOf(data.workspaceId)) === null;
    return forThisHost && (await this.deps.lookups.isMember(data.userId, data.workspaceId));
  }

  async signOut(sessionId: string, userId: string): Promise<void> {
    await this.deps.sessions.end(sessionId);
    this.deps.logger.info('signed out', { userId });
  }

  /**
   * Sets a new password. A user who has one must give it (currentPassword); one without (an
   * owner created without --owner-password, a member who joined by OIDC) may set one from a
   * signed-in session. Every session of the user ends; the caller gets a fresh one.
   */
  async changePassword(
    input: { userId: string; workspaceId: string; currentPassword: unknown; newPassword: unknown },
    ctx: CommandContext,
  ): Promise<{ sessionId: string }> {
    const newPassword = validatePassword(input.newPassword, 'newPassword');
    const stored = await this.passwordHashOf(input.userId);
    if (stored) {
      const current = typeof input.currentPassword === 'string' ? input.currentPassword : '';
      if (!current || !(await verifyPassword(current, stored))) {
        throw new ValidationError('currentPassword is incorrect', 'currentPassword', 'WRONG_PASSWORD');
      }
    }
    await this.deps.aggregates.handle(
      userStream(input.userId),
      userDecider,
      { type: 'SetPassword', userId: input.userId, passwordHash: await hashPassword(newPassword) },
      ctx,
    );
    const ended = await this.deps.sessions.endAllForUser(input.userId);
    this.deps.logger.info('password changed; sessions ended', { userId: input.userId, sessionsEnded: ended });
    const { sessionId } = await this.deps.sessions.create({
      userId: input.userId,
      workspaceId: input.workspaceId,
      method: 'password-change',
    });
    return { sessionId };
  }
}
