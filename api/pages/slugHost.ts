/**
 * Which workspace slug a page request's host names: `<slug>.$WORKSPACE_DOMAIN` (the port aside,
 * parsed by api/session/workspaceHost.ts) is a slug host, unless it is PUBLIC_URL's own host
 * (e.g. PUBLIC_URL app.example.com with WORKSPACE_DOMAIN example.com); anything else is the main
 * domain. `req.hostname` follows X-Forwarded-Host only when TRUST_PROXY says so.
 */
import { slugOfHost } from '../session/workspaceHost.js';

export type HostKind = { kind: 'main' } | { kind: 'slug'; slug: string };

export function hostKindOf(hostname: string | undefined, workspaceDomain: string, publicUrl: string): HostKind {
  // An empty Host header leaves Express no hostname: a request that names no host names no workspace.
  if (!hostname) return { kind: 'main' };
  if (hostname.toLowerCase().replace(/\.$/, '') === new URL(publicUrl).hostname.toLowerCase()) return { kind: 'main' };
  const slug = slugOfHost(hostname, workspaceDomain);
  return slug ? { kind: 'slug', slug } : { kind: 'main' };
}
