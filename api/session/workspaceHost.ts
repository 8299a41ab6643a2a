/**
 * Which workspace a request's host names (docs/sign-in.md): `<slug>.$WORKSPACE_DOMAIN` is that
 * workspace's branded login and dashboard; any other host (the PUBLIC_URL host) names none.
 * `req.hostname` honours X-Forwarded-Host only from proxies TRUST_PROXY trusts (Express's
 * 'trust proxy', set in api/app.ts), so a client cannot pick a workspace by header.
 *
 * Also the one place that builds a workspace's addresses: scheme and port are PUBLIC_URL's.
 */
import type { Request } from 'express';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { WORKSPACE_BRANDING } from '../../projections/views/workspaceBrandingView.js';

export interface WorkspaceHostDeps {
  views: ReadStoreReader;
  publicUrl: string;
  workspaceDomain: string;
}

export interface HostWorkspace {
  workspaceId: string;
  slug: string;
}

/** The slug label of a host under the workspace domain, or null. */
export function slugOfHost(hostname: string, workspaceDomain: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const suffix = `.${workspaceDomain.toLowerCase()}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label) ? label : null;
}

export async function workspaceFromHost(req: Request, deps: WorkspaceHostDeps): Promise<HostWorkspace | null> {
  const slug = slugOfHost(req.hostname ?? '', deps.workspaceDomain);
  if (!slug) return null;
  const [doc] = await deps.views.find(WORKSPACE_BRANDING, { slug }, { limit: 1 });
  return doc ? { workspaceId: doc.id, slug } : null;
}

/** True when the request came to a host under the workspace domain (known slug or not). */
export function isWorkspaceHost(req: Request, deps: Pick<WorkspaceHostDeps, 'workspaceDomain'>): boolean {
  return slugOfHost(req.hostname ?? '', deps.workspaceDomain) !== null;
}

/** `<scheme>://<slug>.<domain>[:port]` with PUBLIC_URL's scheme and port; PUBLIC_URL's origin without a slug. */
export function workspaceOrigin(
  slug: string | null,
  deps: Pick<WorkspaceHostDeps, 'publicUrl' | 'workspaceDomain'>,
): string {
  const base = new URL(deps.publicUrl);
  if (!slug) return base.origin;
  return `${base.protocol}//${slug}.${deps.workspaceDomain}${base.port ? `:${base.port}` : ''}`;
}

export function dashboardUrlOf(
  slug: string | null,
  deps: Pick<WorkspaceHostDeps, 'publicUrl' | 'workspaceDomain'>,
): string {
  return slug ? `${workspaceOrigin(slug, deps)}/` : `${deps.publicUrl}/dashboard`;
}

export function loginPageUrlOf(
  slug: string | null,
  deps: Pick<WorkspaceHostDeps, 'publicUrl' | 'workspaceDomain'>,
): string {
  return slug ? `${workspaceOrigin(slug, deps)}/login` : `${deps.publicUrl}/login`;
}

/** The request's own origin as the browser saw it (proxy headers only from trusted proxies). */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.host}`;
}
