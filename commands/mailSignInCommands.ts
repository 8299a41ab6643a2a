/**
 * The two mailed ways in (docs/sign-in.md): a 6-digit code (10 minutes, 5 wrong tries burn
 * it) and a magic link (single use, 15 minutes, used by a POST from the page it opens, so a
 * mail scanner that fetches the link burns nothing).
 *
 * Codes come from the CSPRNG and are stored as the pepper-keyed hash of the email-change
 * codes (domain/account/emailChange.ts `codeHasher`); link tokens as sha256. The answer to a
 * request never depends on whether the address has an account: the sign-in routes answer
 * first and only then call `requestCode`/`requestMagicLink` (its failure is logged), so even
 * the time taken tells nothing.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { AuthenticationError, ValidationError } from '../domain/errors.js';
import { validateEmailAddress } from '../domain/account/profileRules.js';
import { codeHasher, type CodeHasher } from '../domain/account/emailChange.js';
import {
  formatCode,
  isCodeShaped,
  MAGIC_LINK_TTL_MS,
  SIGN_IN_CODE_MAX_ATTEMPTS,
  SIGN_IN_CODE_TTL_MS,
} from '../domain/signIn/challenges.js';
import type { Mailer } from '../infrastructure/mail/mailer.js';
import type { Logger } from '../infrastructure/logger.js';
import type { ChallengeStore } from '../infrastructure/sessions/challengeStore.js';
import type { SignInLookups } from '../projections/queries/signInLookups.js';
import { magicLinkMail, signInCode, type RenderedEmail } from './emailTemplates.js';
import type { SignInCommands } from './signInCommands.js';
import { mailAfterAnswer } from './mailAfterAnswer.js';
import { consumeWhereFits } from './consumeWhereFits.js';

export interface MailSignInDeps {
  signIn: SignInCommands;
  challenges: ChallengeStore;
  lookups: SignInLookups;
  mailer: Mailer;
  logger: Logger;
  codePepper: string;
}

interface Target {
  userId: string;
  workspaceId: string;
}

/** What a magic link's challenge carries: who it lets in, and the login host it was asked on (null: PUBLIC_URL). */
type MagicLinkData = Target & { hostWorkspaceId: string | null };

const codeRefused = () =>
  new AuthenticationError('The code is wrong or has expired; request a new one', 'SIGN_IN_FAILED');
const linkRefused = () =>
  new AuthenticationError('This sign-in link is invalid, used or expired; request a new one', 'SIGN_IN_FAILED');

/** The page a magic link opens: its button uses the token (a GET of the link uses nothing). */
const magicLinkUrl = (loginOrigin: string, token: string) =>
  `${loginOrigin}/login/magic?token=${encodeURIComponent(token)}`;

/** One live code per address and login host: a code asked for on one host does not open another. */
const codeSubject = (email: string, hostWorkspaceId: string | null) => `${hostWorkspaceId ?? 'main'}:${email}`;

export class MailSignInCommands {
  private readonly hashCode: CodeHasher;

  constructor(private readonly deps: MailSignInDeps) {
    this.hashCode = codeHasher(deps.codePepper);
  }

  /** Who the address lets in on this host, or null (unknown, or not a member there). */
  private async targetOf(email: string, hostWorkspaceId: string | null): Promise<Target | null> {
    const user = await this.deps.lookups.userByEmail(email);
    if (!user) return null;
    const workspaceId = await this.deps.signIn.chooseWorkspace(user.id, hostWorkspaceId);
    return workspaceId ? { userId: user.id, workspaceId } : null;
  }

  async requestCode(email: string, hostWorkspaceId: string | null): Promise<void> {
    const target = await this.targetOf(email, hostWorkspaceId);
    if (!target) return this.refusedRequest('code', hostWorkspaceId);
    const code = formatCode(randomInt(0, 1_000_000));
    const salt = randomBytes(16).toString('hex');
    await this.deps.challenges.issueCode(
      'code',
      codeSubject(email, hostWorkspaceId),
      target,
      { hash: this.hashCode(code, salt), salt },
      SIGN_IN_CODE_TTL_MS,
      SIGN_IN_CODE_MAX_ATTEMPTS,
    );
    this.sendLater(
      email,
      signInCode({
        workspaceName: await this.workspaceName(target.workspaceId),
        code,
        minutes: SIGN_IN_CODE_TTL_MS / 60_000,
      }),
      'sign-in code',
    );
  }

  async verifyCode(email: string, rawCode: unknown, hostWorkspaceId: string | null): Promise<Target> {
    const code = isCodeShaped(rawCode) ? rawCode.trim() : '';
    const { verdict, challenge } = await this.deps.challenges.verifyCode<Target>(
      'code',
      codeSubject(email, hostWorkspaceId),
      (salt) => this.hashCode(code, salt),
    );
    // Still a member? A removal between mail and verify must not let them in.
    if (
      verdict === 'accepted' &&
      challenge &&
      (await this.deps.lookups.isMember(challenge.data.userId, challenge.data.workspaceId))
    )
      return challenge.data;
    this.deps.logger.info('sign-in refused', {
      method: 'code',
      verdict,
      userId: challenge?.data.userId ?? null,
      hostWorkspaceId,
    });
    throw codeRefused();
  }

  /** `loginOrigin`: the origin of the login page asked on; the link opens `/login/magic` there. */
  async requestMagicLink(email: string, hostWorkspaceId: string | null, loginOrigin: string): Promise<void> {
    const target = await this.targetOf(email, hostWorkspaceId);
    if (!target) return this.refusedRequest('magic-link', hostWorkspaceId);
    const token = await this.deps.challenges.issueToken(
      'magic',
      target.userId,
      { ...target, hostWorkspaceId },
      MAGIC_LINK_TTL_MS,
    );
    const link = magicLinkUrl(loginOrigin, token);
    this.sendLater(
      email,
      magicLinkMail({
        workspaceName: await this.workspaceName(target.workspaceId),
        link,
        minutes: MAGIC_LINK_TTL_MS / 60_000,
      }),
      'magic link',
    );
  }

  /**
   * The link the mail would carry, handed to an operator instead (confab signin-link): the same
   * single-use token with the same lifetime, for a member of `workspaceId`, opening on the main
   * login host (PUBLIC_URL). Unlike a mailed request it says why it refuses: an operator asks.
   */
  async operatorSignInLink(
    workspaceId: string,
    rawEmail: string,
  ): Promise<{ link: string; userId: string; expiresInMinutes: number }> {
    const email = validateEmailAddress(rawEmail, 'email');
    if ((await this.deps.lookups.workspaceNameOf(workspaceId)) === null)
      throw new ValidationError(`no workspace with id "${workspaceId}"`, 'workspace');
    const user = await this.deps.lookups.userByEmail(email);
    if (!user || !(await this.deps.lookups.isMember(user.id, workspaceId)))
      throw new ValidationError(`no member of workspace "${workspaceId}" has the email address ${email}`, 'email');
    const hostWorkspaceId = null;
    const token = await this.deps.challenges.issueToken<MagicLinkData>(
      'magic',
      user.id,
      { userId: user.id, workspaceId, hostWorkspaceId },
      MAGIC_LINK_TTL_MS,
    );
    this.deps.logger.info('sign-in link issued to an operator', { userId: user.id, workspaceId });
    return {
      link: magicLinkUrl(await this.deps.signIn.loginOriginOf(hostWorkspaceId), token),
      userId: user.id,
      expiresInMinutes: MAGIC_LINK_TTL_MS / 60_000,
    };
  }

  async verifyMagicLink(token: string, hostWorkspaceId: string | null): Promise<Target> {
    // A try on another host leaves the link to its owner on the right one.
    const data = await consumeWhereFits<MagicLinkData>(this.deps.challenges, 'magic', token, (link) =>
      this.opensHere(link, hostWorkspaceId),
    );
    if (!data) {
      this.deps.logger.info('sign-in refused', { method: 'magic-link', hostWorkspaceId });
      throw linkRefused();
    }
    return { userId: data.userId, workspaceId: data.workspaceId };
  }

  /**
   * The workspace a live link would sign into on this host, read without using the link up (the
   * page it opens names the workspace, as the mail did); null for a link that would be refused.
   */
  async magicLinkWorkspace(token: string, hostWorkspaceId: string | null): Promise<string | null> {
    const data = (await this.deps.challenges.peekToken<MagicLinkData>('magic', token))?.data;
    return data && (await this.opensHere(data, hostWorkspaceId)) ? data.workspaceId : null;
  }

  /** A link opens only on the host it was asked on, and only while its user is still a member. */
  private async opensHere(data: MagicLinkData, hostWorkspaceId: string | null): Promise<boolean> {
    return (
      data.hostWorkspaceId === hostWorkspaceId && (await this.deps.lookups.isMember(data.userId, data.workspaceId))
    );
  }

  private refusedRequest(method: string, hostWorkspaceId: string | null): void {
    this.deps.logger.info('sign-in mail not sent: no member with this address here', { method, hostWorkspaceId });
  }

  private async workspaceName(workspaceId: string): Promise<string> {
    return (await this.deps.lookups.workspaceNameOf(workspaceId)) ?? 'your workspace';
  }

  private sendLater(to: string, mail: RenderedEmail, what: string): void {
    mailAfterAnswer(this.deps, to, mail, what);
  }
}
