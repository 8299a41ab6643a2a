/**
 * The host a login POST came to: a workspace host admits only that workspace's members; an
 * unknown slug admits nobody (answered like a failed sign-in, never "no such workspace").
 * Also the login-CSRF check every login POST makes first.
 */
import type { Request } from 'express';
import { assertSameOrigin } from '../session/csrf.js';
import { isWorkspaceHost, workspaceFromHost, type WorkspaceHostDeps } from '../session/workspaceHost.js';

export interface LoginHost {
  /**
   * The workspace of a `<slug>.<domain>` host; null on the main host. A slug that names no
   * workspace gets an id no membership has, so every sign-in there fails the ordinary way.
   */
  workspaceId: string | null;
  onWorkspaceHost: boolean;
}

const NO_WORKSPACE = '-';

export async function loginHostOf(req: Request, deps: WorkspaceHostDeps): Promise<LoginHost> {
  assertSameOrigin(req);
  return signInHostOf(req, deps);
}

/** The same host, for a page a link opens (a navigation from anywhere, so no same-origin check). */
export async function signInHostOf(req: Request, deps: WorkspaceHostDeps): Promise<LoginHost> {
  const onWorkspaceHost = isWorkspaceHost(req, deps);
  const host = onWorkspaceHost ? await workspaceFromHost(req, deps) : null;
  return { workspaceId: onWorkspaceHost ? (host?.workspaceId ?? NO_WORKSPACE) : null, onWorkspaceHost };
}
