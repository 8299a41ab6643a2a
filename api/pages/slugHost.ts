/**
 * Which workspace slug a page request's host names: a workspace host is a slug host, anything
 * else (the service's own hosts included) is the main domain, by the one rule of
 * api/session/workspaceHost.ts. `req.hostname` follows X-Forwarded-Host only when TRUST_PROXY says so.
 */
import { type WorkspaceHostRule, workspaceSlugOfHost } from '../session/workspaceHost.js';

export type HostKind = { kind: 'main' } | { kind: 'slug'; slug: string };

export function hostKindOf(hostname: string | undefined, rule: WorkspaceHostRule): HostKind {
  const slug = workspaceSlugOfHost(hostname, rule);
  return slug ? { kind: 'slug', slug } : { kind: 'main' };
}
