/**
 * What the sign-in endpoints (/auth/*) may use, handed over by the composition root
 * (app/server.ts `appDeps`). Each route module takes only its part.
 */
import type { Logger } from '../../infrastructure/logger.js';
import type { RateLimiterFactory } from '../../infrastructure/rateLimit/rateLimiter.js';
import type { SignInCommands } from '../../commands/signInCommands.js';
import type { MemberCommands } from '../../commands/memberCommands.js';
import type { MailSignInCommands } from '../../commands/mailSignInCommands.js';
import type { SignupCommands } from '../../commands/signupCommands.js';
import type { OidcSignInCommands } from '../../commands/oidcSignInCommands.js';
import type { SessionAuthDeps } from '../session/sessionAuth.js';
import type { SignInLookups } from '../../projections/queries/signInLookups.js';

export interface AuthApiDeps {
  session: SessionAuthDeps;
  signIn: SignInCommands;
  /** Who is a member where, and a workspace's slug (read side). */
  lookups: SignInLookups;
  members: MemberCommands;
  mailSignIn: MailSignInCommands;
  signup: SignupCommands;
  oidc: OidcSignInCommands;
  rateLimiters: RateLimiterFactory;
  logger: Logger;
}
