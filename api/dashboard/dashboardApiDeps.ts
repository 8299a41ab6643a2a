/**
 * What the dashboard's JSON endpoints (/api/v1/dashboard) may use, handed over by the
 * composition root: the External API's commands and reads (the dashboard reuses its handlers,
 * presenters and schemas) plus the session check. Each resource module takes only its part.
 */
import type { ExternalApiDeps } from '../external/externalApiDeps.js';
import type { SessionAuthDeps } from '../session/sessionAuth.js';
import type { MemberCommands } from '../../commands/memberCommands.js';
import type { SignInCommands } from '../../commands/signInCommands.js';

export interface DashboardApiDeps extends ExternalApiDeps {
  session: SessionAuthDeps;
  /** Members and invites, and the password change (issue 11: api/dashboard/membersRoutes.ts, accountPasswordRoutes.ts). */
  members: MemberCommands;
  signIn: SignInCommands;
}
