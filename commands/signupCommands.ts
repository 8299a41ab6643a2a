/**
 * Signup on the main domain (docs/sign-in.md): `$PUBLIC_URL/signup` mails a confirmation link;
 * confirming it creates a Free workspace owned by the new user (WorkspaceCommands.createWorkspace:
 * the same workspace, owner and key as `confab workspace create`, email unique through the
 * `email` reservation) and signs them in.
 *
 * Until confirmed nothing is recorded: the request (with the password already hashed) waits in
 * the challenge table for 24 hours. An address that already has an account gets a mail saying
 * so instead, and the answer is the same 202 either way.
 */
import { ConflictError, NotFoundError } from '../domain/errors.js';
import { validateAccountName, validateEmailAddress } from '../domain/account/profileRules.js';
import { SIGNUP_CONFIRM_TTL_MS } from '../domain/signIn/challenges.js';
import type { Mailer } from '../infrastructure/mail/mailer.js';
import type { Logger } from '../infrastructure/logger.js';
import type { ChallengeStore } from '../infrastructure/sessions/challengeStore.js';
import type { CommandContext } from './commandContext.js';
import type { Reservations } from './reservations.js';
import type { WorkspaceCommands } from './workspaceCommands.js';
import { signupConfirmMail, signupExistingAccountMail, type RenderedEmail } from './emailTemplates.js';
import { hashPassword } from './passwordHash.js';
import { validatePassword } from './signInCommands.js';
import { mailAfterAnswer } from './mailAfterAnswer.js';

export interface SignupDeps {
  workspaces: WorkspaceCommands;
  reservations: Pick<Reservations, 'ownerOf'>;
  challenges: ChallengeStore;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}

export interface PendingSignup {
  email: string;
  name: string;
  workspaceName: string;
  passwordHash: string;
}

export class SignupCommands {
  constructor(private readonly deps: SignupDeps) {}

  /**
   * Checks a signup request and hashes its password: everything that may answer 400, and nothing
   * that looks the address up, so it takes the same time for every address.
   */
  async prepare(input: {
    email: unknown;
    name: unknown;
    workspaceName: unknown;
    password: unknown;
  }): Promise<PendingSignup> {
    const email = validateEmailAddress(input.email, 'email');
    // The same rules the workspace create applies at confirmation, so that a name it would refuse
    // (one that strips to nothing) is refused now, not after the mail round trip.
    const name = validateAccountName(input.name, 'name');
    const workspaceName = validateAccountName(input.workspaceName, 'workspaceName');
    const passwordHash = await hashPassword(validatePassword(input.password));
    return { email, name, workspaceName, passwordHash };
  }

  /**
   * Mails a prepared signup its confirmation link, or a note that the address has an account.
   * Called once the neutral answer has gone out: the lookup must not show in the answer's time.
   */
  async deliver(pending: PendingSignup): Promise<void> {
    const { email, workspaceName } = pending;
    if (await this.deps.reservations.ownerOf('email', email)) {
      this.sendLater(
        email,
        signupExistingAccountMail({ loginUrl: `${this.deps.publicUrl}/login` }),
        'signup: existing account',
      );
      return;
    }
    const token = await this.deps.challenges.issueToken<PendingSignup>('signup', email, pending, SIGNUP_CONFIRM_TTL_MS);
    const link = `${this.deps.publicUrl}/signup/confirm?token=${encodeURIComponent(token)}`;
    this.sendLater(
      email,
      signupConfirmMail({ workspaceName, link, hours: SIGNUP_CONFIRM_TTL_MS / 3_600_000 }),
      'signup confirmation',
    );
  }

  /** Creates the workspace of a confirmed signup; the link works once. */
  async confirm(token: string, ctx: CommandContext): Promise<{ workspaceId: string; ownerId: string }> {
    const challenge = await this.deps.challenges.consumeToken<PendingSignup>('signup', token);
    if (!challenge)
      throw new NotFoundError('This confirmation link is invalid, used or expired; sign up again', 'SIGNUP_INVALID');
    const { email, name, workspaceName, passwordHash } = challenge.data;
    try {
      const created = await this.deps.workspaces.createWorkspace(
        { name: workspaceName, plan: 'free', ownerEmail: email, ownerPasswordHash: passwordHash, ownerName: name },
        ctx,
      );
      this.deps.logger.info('signed up', { workspaceId: created.workspaceId, userId: created.ownerId });
      return { workspaceId: created.workspaceId, ownerId: created.ownerId };
    } catch (err) {
      if (err instanceof ConflictError)
        throw new ConflictError('An account with this address already exists; sign in instead', 'EMAIL_TAKEN');
      throw err;
    }
  }

  private sendLater(to: string, mail: RenderedEmail, what: string): void {
    mailAfterAnswer(this.deps, to, mail, what);
  }
}
