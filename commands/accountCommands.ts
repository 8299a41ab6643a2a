/**
 * Account commands for the workspace owner: profile updates and the three-step email change.
 *
 * Codes are generated here (CSPRNG), hashed with a per-code salt and the server's code pepper
 * (never in the log, so hash and salt in the log do not give the code back) and only the hash
 * is appended; the code in clear exists only in this process and in the mail, so mails are
 * sent right after the append and never from the log.
 *
 * Email uniqueness (DESIGN.md, decision 4) uses the `email` reservation streams:
 * - request-change reserves the new address for the user and, once the request is appended,
 *   releases the address of the request it superseded. When another account holds the
 *   address, request-change and verify-identity answer as for any address (no account is
 *   revealed to whoever asks); confirm-change, once the new inbox's code proves it, answers
 *   409 EMAIL_TAKEN, and nothing changes;
 * - verify-identity and confirm-change re-assert the reservation before deciding, so an
 *   address reclaimed by someone else in between can never be confirmed;
 * - a burned or expired request releases its address; confirm releases the old address;
 * - a reservation at least RECLAIM_GRACE_MS old whose holder no longer refers to the
 *   address (crash between two appends, or an abandoned request more than
 *   RECLAIM_GRACE_MS past its expiry) is stale and reclaimed when another account asks
 *   for the address. The grace periods keep a request that has reserved but not yet
 *   appended, and a confirm that is just finishing, safe from being reclaimed under them.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { ConflictError, NotFoundError, UpstreamError } from '../domain/errors.js';
import { validateEmailAddress, validateProfilePatch } from '../domain/account/profileRules.js';
import { EMAIL_CHANGE_CODE_TTL_MS, codeHasher, type CodeHasher } from '../domain/account/emailChange.js';
import { userDecider, type UserAccountState, type UserCommand } from '../domain/user/userAccount.js';
import { emailChangeCodeToCurrent, emailChangeCodeToNew, emailChangedNotice } from './emailTemplates.js';
import type { Mailer } from '../infrastructure/mail/mailer.js';
import type { Logger } from '../infrastructure/logger.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';
import type { Reservations } from './reservations.js';
import { reservationStream } from '../domain/reservation.js';
import type { EventStore } from '../infrastructure/eventStore/eventStore.js';
import { userStream } from '../domain/user/user.js';

export const RECLAIM_GRACE_MS = 5 * 60 * 1000;
const CODE_MINUTES = EMAIL_CHANGE_CODE_TTL_MS / 60_000;

/** The code could not be mailed: the request stays recorded, a new request-change retries. */
export class MailDeliveryError extends UpstreamError {
  constructor(message: string) {
    super(message, 'MAIL_DELIVERY_FAILED');
  }
}

type Ctx = CommandContext & { workspaceId: string };

export interface AccountDeps {
  aggregates: AggregateStore;
  reservations: Reservations;
  /** To read when a reservation was taken (its event's time). */
  events: EventStore;
  mailer: Mailer;
  logger: Logger;
  /** Server-side key of the code hashes (infrastructure/secrets/codePepper.ts); never logged or appended. */
  codePepper: string;
  /** The workspace's display name, for the mails. */
  workspaceName: (workspaceId: string) => Promise<string>;
}

function newCode(hashCode: CodeHasher): { code: string; salt: string; codeHash: string } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  return { code, salt, codeHash: hashCode(code, salt) };
}

const emailTaken = (email: string) =>
  new ConflictError(`The address ${email} is already used by another account`, 'EMAIL_TAKEN');

export class AccountCommands {
  private readonly hashCode: CodeHasher;

  constructor(private readonly deps: AccountDeps) {
    this.hashCode = codeHasher(deps.codePepper);
  }

  private stream(userId: string): string {
    return userStream(userId);
  }

  async load(userId: string): Promise<UserAccountState> {
    const { state } = await this.deps.aggregates.load(this.stream(userId), userDecider);
    if (!state.registration.exists) throw new NotFoundError('Account not found');
    return state;
  }

  async updateProfile(userId: string, body: unknown, ctx: Ctx): Promise<void> {
    const patch = validateProfilePatch(body, this.deps.aggregates.now());
    await this.deps.aggregates.handle(this.stream(userId), userDecider, { type: 'UpdateProfile', userId, patch }, ctx);
  }

  async requestEmailChange(userId: string, rawNewEmail: unknown, ctx: Ctx): Promise<void> {
    const newEmail = validateEmailAddress(rawNewEmail, 'newEmail');
    const loaded = await this.load(userId);
    const alreadyHeld = newEmail === loaded.registration.email || newEmail === loaded.emailChange.pending?.newEmail;
    await this.tryReserveEmail(newEmail, userId, ctx);
    const { code, salt, codeHash } = newCode(this.hashCode);
    const now = this.deps.aggregates.now();
    const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_CODE_TTL_MS).toISOString();
    let before: UserAccountState;
    try {
      ({ before } = await this.decideAndAppend(userId, ctx, {
        type: 'RequestEmailChange',
        requestId: randomBytes(12).toString('hex'),
        newEmail,
        codeHash,
        salt,
        expiresAt,
      }));
    } catch (err) {
      // Refused (e.g. the address is the current one): give back what this call took.
      if (!alreadyHeld) await this.deps.reservations.release('email', newEmail, userId, ctx);
      throw err;
    }
    const superseded = before.emailChange.pending?.newEmail ?? null;
    if (superseded && superseded !== newEmail) await this.deps.reservations.release('email', superseded, userId, ctx);
    const mail = emailChangeCodeToCurrent({
      workspaceName: await this.deps.workspaceName(ctx.workspaceId),
      code,
      newEmail,
      minutes: CODE_MINUTES,
    });
    await this.send(before.registration.email ?? '', mail, 'email change code (current address)');
  }

  async verifyIdentity(userId: string, rawNewEmail: unknown, otp: string, ctx: Ctx): Promise<void> {
    await this.reassertPendingReservation(userId, rawNewEmail, 'identity', ctx);
    const next = newCode(this.hashCode);
    const now = this.deps.aggregates.now();
    const { state } = await this.decideAndAppend(userId, ctx, {
      type: 'VerifyEmailChangeIdentity',
      newEmail: rawNewEmail as string,
      otp,
      hashCode: this.hashCode,
      newCodeHash: next.codeHash,
      newSalt: next.salt,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_CODE_TTL_MS).toISOString(),
      now,
    });
    const mail = emailChangeCodeToNew({
      workspaceName: await this.deps.workspaceName(ctx.workspaceId),
      code: next.code,
      minutes: CODE_MINUTES,
    });
    await this.send(state.emailChange.pending!.newEmail, mail, 'email change code (new address)');
  }

  async confirmChange(userId: string, rawNewEmail: unknown, otp: string, ctx: Ctx): Promise<{ newEmail: string }> {
    const held = await this.reassertPendingReservation(userId, rawNewEmail, 'newAddress', ctx);
    const now = this.deps.aggregates.now();
    const { before, state } = await this.decideAndAppend(userId, ctx, {
      type: 'ConfirmEmailChange',
      newEmail: rawNewEmail as string,
      otp,
      hashCode: this.hashCode,
      now,
      addressTaken: !held,
    });
    const oldEmail = before.registration.email ?? '';
    const newEmail = state.registration.email!;
    await this.deps.reservations.release('email', oldEmail, userId, ctx);
    const notice = emailChangedNotice({
      workspaceName: await this.deps.workspaceName(ctx.workspaceId),
      newEmail,
      changedAt: now,
    });
    // The change is done; a lost notice (already logged by send) must not turn it into an error.
    await this.send(oldEmail, notice, 'email changed notice').catch(() => undefined);
    return { newEmail };
  }

  /**
   * Appends what the decision records, then throws its error if it has one (a wrong code
   * must spend an attempt and still fail). A request that ended (burned, expired) gives
   * its reserved address back.
   */
  private async decideAndAppend(
    userId: string,
    ctx: Ctx,
    command: UserCommand,
  ): Promise<{ before: UserAccountState; state: UserAccountState }> {
    const { before, state, events, rejection } = await this.deps.aggregates.handle(
      this.stream(userId),
      userDecider,
      command,
      ctx,
    );
    const ended = events.some((e) => e.type === 'EmailChangeCodeBurned' || e.type === 'EmailChangeExpired');
    const endedAddress = ended ? before.emailChange.pending?.newEmail : null;
    if (endedAddress) await this.deps.reservations.release('email', endedAddress, userId, ctx);
    if (rejection) throw rejection;
    return { before, state };
  }

  /**
   * Before a code for `stage` is checked, make sure the user still holds the address it
   * would move to; false when another account holds it. Only when the call matches the
   * pending request: a wrong order or a wrong newEmail is left to the decision, which reports
   * it precisely (true then: nothing to tell).
   */
  private async reassertPendingReservation(
    userId: string,
    rawNewEmail: unknown,
    stage: 'identity' | 'newAddress',
    ctx: Ctx,
  ): Promise<boolean> {
    const newEmail = validateEmailAddress(rawNewEmail, 'newEmail');
    const pending = (await this.load(userId)).emailChange.pending;
    if (!pending || pending.stage !== stage || pending.newEmail !== newEmail) return true;
    if (this.deps.aggregates.now().getTime() >= Date.parse(pending.expiresAt)) return true;
    return this.tryReserveEmail(newEmail, userId, ctx);
  }

  /** Reserves an address for the user; false, without saying so to the caller, when another account holds it. */
  private async tryReserveEmail(email: string, userId: string, ctx: Ctx): Promise<boolean> {
    try {
      await this.reserveEmail(email, userId, ctx);
      return true;
    } catch (err) {
      if (err instanceof ConflictError && err.code === 'EMAIL_TAKEN') return false;
      throw err;
    }
  }

  /** Reserves an address for the user, reclaiming it first when its holder's claim is stale. */
  private async reserveEmail(email: string, userId: string, ctx: Ctx): Promise<void> {
    const { reservations } = this.deps;
    try {
      await reservations.reserve('email', email, userId, ctx, '');
      return;
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
    }
    const holder = await reservations.ownerOf('email', email);
    if (holder && holder !== userId && (await this.isStaleClaim(holder, email, await this.reservedAt(email)))) {
      this.deps.logger.info('reclaiming stale email reservation', { holder, userId });
      await reservations.release('email', email, holder, ctx);
    }
    try {
      await reservations.reserve('email', email, userId, ctx, '');
    } catch (err) {
      throw err instanceof ConflictError ? emailTaken(email) : err;
    }
  }

  /**
   * A fresh reservation may belong to a request that has not appended yet, and a holder
   * that is not a registered user may be mid-registration: both claims stand. Otherwise
   * a holder keeps the address while it is their address or their live request.
   */
  private async isStaleClaim(holderId: string, email: string, reservedAt: number): Promise<boolean> {
    if (this.deps.aggregates.now().getTime() < reservedAt + RECLAIM_GRACE_MS) return false;
    const { state } = await this.deps.aggregates.load(this.stream(holderId), userDecider);
    if (!state.registration.exists || state.registration.email === email) return false;
    const pending = state.emailChange.pending;
    if (!pending || pending.newEmail !== email) return true;
    return this.deps.aggregates.now().getTime() >= Date.parse(pending.expiresAt) + RECLAIM_GRACE_MS;
  }

  private async reservedAt(email: string): Promise<number> {
    const recorded = await this.deps.events.readStream(reservationStream('email', email));
    const last = recorded.at(-1);
    return last ? Date.parse(last.metadata.occurredAt) : Number.POSITIVE_INFINITY;
  }

  private async send(to: string, mail: { subject: string; text: string; html: string }, what: string): Promise<void> {
    try {
      await this.deps.mailer.send({ to, ...mail });
    } catch (err) {
      // The transport's message may quote the session; log only what failed, never the mail.
      this.deps.logger.error('mail not delivered', { what, error: (err as Error).message?.slice(0, 200) });
      throw new MailDeliveryError('The email could not be sent right now; try again later with a new request-change');
    }
  }
}
