/**
 * What the dashboard's JSON endpoints (/api/v1/dashboard) may use, handed over by the
 * composition root: the External API's commands and reads (the dashboard reuses its handlers,
 * presenters and schemas) plus the session check. Each resource module takes only its part.
 */
import type { Router } from 'express';
import type { ExternalApiDeps } from '../external/externalApiDeps.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { SessionAuthDeps } from '../session/sessionAuth.js';
import type { MemberCommands } from '../../commands/memberCommands.js';
import type { MemberQueries } from '../../projections/queries/memberQueries.js';
import type { SignInCommands } from '../../commands/signInCommands.js';
import type { WorkspaceCommands } from '../../commands/workspaceCommands.js';
import type { DeliveryLog } from '../../infrastructure/webhooks/deliveryLogQueries.js';
import type { ApiKeyLastUsed } from '../../infrastructure/usage/apiKeyLastUsed.js';

export interface DashboardApiDeps extends ExternalApiDeps {
  session: SessionAuthDeps;
  /** Members and invites, and the password change (membersRoutes.ts, accountPasswordRoutes.ts). */
  members: MemberCommands;
  memberQueries: MemberQueries;
  signIn: SignInCommands;
  /** API keys are created and revoked by the operator's commands (api/dashboard/apiKeysRoutes.ts). */
  workspaces: WorkspaceCommands;
  /** When each API key was last used (read side of the in-memory recorder). */
  keyLastUsed: ApiKeyLastUsed;
  /** The webhook delivery log: its pages, each webhook's latest success, resendable deliveries. */
  deliveryLog: DeliveryLog;
}

/** One resource of the dashboard API: adds its routes (and their OpenAPI entries) under `mount`. */
export type DashboardResource = (
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  deps: DashboardApiDeps,
) => void;
