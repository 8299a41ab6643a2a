/**
 * Who calls a workspace's routes: the actor of their events, the workspace (its view document
 * and plan), the role and scopes that gate each route, and how they proved it (an API key, or
 * a signed-in user's session). Either door resolves one: the key door (`x-api-key`,
 * apiKeyDoor.ts) or the session door (the session cookie, sessionDoor.ts); the routes behind
 * them read it through `principalOf` and never ask which door it came through, except where a
 * rule is a door's own (a per-caller limit, the signed-in user's own profile).
 */
import type { Response } from 'express';
import type { CommandContext } from '../../commands/commandContext.js';
import { AuthenticationError } from '../../domain/errors.js';
import type { PlanName } from '../../domain/plans.js';
import type { Actor } from '../../infrastructure/eventStore/eventStore.js';
import type { WorkspaceDoc } from '../../projections/views/workspacesView.js';
import { requestTraceOf } from '../http/requestContext.js';

export type PrincipalRole = 'admin' | 'member';

/** An API key of the workspace. */
export interface KeyAuthentication {
  kind: 'key';
  keyId: string;
  /** Who created the key; null when its view document predates keeping it. */
  createdBy: Actor | null;
}

/** A signed-in member's session on the workspace's host. */
export interface SessionAuthentication {
  kind: 'session';
  sessionId: string;
  userId: string;
  email: string;
  name: string;
}

export interface Principal {
  /** Who the events of this request are recorded as (the audit trail). */
  actor: Actor;
  workspaceId: string;
  workspace: WorkspaceDoc;
  plan: PlanName;
  role: PrincipalRole;
  /** What the caller may do: a key's own scopes; a session holds every scope its role allows. */
  scopes: readonly string[];
  via: KeyAuthentication | SessionAuthentication;
}

declare global {
  namespace Express {
    interface Locals {
      /** Set by a door (apiKeyDoor.ts, sessionDoor.ts) before any route of a workspace runs. */
      principal?: Principal;
    }
  }
}

/** The principal a door resolved for this request; 401 when none did. */
export function principalOf(res: Response): Principal {
  const principal = res.locals.principal;
  if (!principal) throw new AuthenticationError('Sign in to continue', 'NOT_SIGNED_IN');
  return principal;
}

/** The signed-in user behind this request; 401 when it did not come through the session door. */
export function sessionOf(res: Response): SessionAuthentication {
  const { via } = principalOf(res);
  if (via.kind !== 'session') throw new AuthenticationError('Sign in to continue', 'NOT_SIGNED_IN');
  return via;
}

/**
 * One id per caller, for per-caller limits: the key's id, or `user:<id>` for a session (never
 * a key id, so a user and a key never share a budget).
 */
export function callerIdOf({ via }: Principal): string {
  return via.kind === 'key' ? via.keyId : `user:${via.userId}`;
}

/** The CommandContext of this request: the principal's actor and workspace, with the request's trace. */
export function contextOf(res: Response): CommandContext & { workspaceId: string } {
  const { actor, workspaceId } = principalOf(res);
  return { actor, workspaceId, ...requestTraceOf(res) };
}
