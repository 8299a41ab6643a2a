/**
 * A front door as a shared resource sees it: which one it is, and how a route is added behind
 * it. The key door (the External API, externalRouter.ts) adds its scopes, CORS, burst limit,
 * quota and idempotency; the session door (the dashboard, dashboardRouter.ts) its CSRF and
 * roles. A resource module (chatbots, responses, analytics, webhooks, account) is written once
 * and mounted by both; where the doors' answers differ, it picks by `door.kind`.
 */
import type { RequestHandler, Response } from 'express';
import type { ApiKeyScope } from '../../domain/apiKey/apiKey.js';
import type { RouteHandler, RouteSpec } from '../http/route.js';

export type DoorKind = 'key' | 'session';

/** What a route asks of its door beyond the door's own checks. */
export interface DoorPolicy {
  /** Session door: admins only (403 INSUFFICIENT_ROLE for members). */
  admin?: boolean;
  /** Key door: scopes beyond the method's read or write. */
  extraScopes?: ApiKeyScope[];
  /** Key door: handlers that run after the scope checks, before the route. */
  before?: RequestHandler[];
}

export interface ResourceDoor {
  kind: DoorKind;
  add(spec: Omit<RouteSpec, 'security' | 'externalApi'>, handler: RouteHandler, policy?: DoorPolicy): void;
  /**
   * Runs a create of a `kind` of resource. The key door gives it the id the request's
   * Idempotency-Key implies (docs/idempotency.md) and marks a recovered one replayed; the session
   * door has no Idempotency-Key, so ids stay random.
   */
  create<T extends { recovered?: boolean }>(
    res: Response,
    kind: string,
    run: (opts: { newId?: string }) => Promise<T>,
  ): Promise<T>;
}

/** One value per door, chosen by the door a route is mounted on. */
export type PerDoor<T> = Record<DoorKind, T>;
