/**
 * Which workspace a request's host names (docs/sign-in.md): `<slug>.$WORKSPACE_DOMAIN` is that
 * workspace's branded login and dashboard; any other host names none. The service's own hosts
 * (PUBLIC_URL's and APP_URL's) are never workspace hosts, even when they sit under the workspace
 * domain (PUBLIC_URL app.example.com with WORKSPACE_DOMAIN example.com): `workspaceSlugOfHost`
 * is the one rule the pages, the sign-in routes and the sessions all follow, and the labels of
 * those hosts can never be claimed as slugs (`serviceSlugsOf`).
 * `req.hostname` honours X-Forwarded-Host only from proxies TRUST_PROXY trusts (Express's
 * 'trust proxy', set in api/app.ts), so a client cannot pick a workspace by header.
 *
 * Also the one place that builds a workspace's addresses: scheme and port are PUBLIC_URL's.
 */
import type { Request } from 'express';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { WORKSPACE_BRANDING } from '../../projections/views/workspaceBrandingView.js';

/** What decides whether a host is a workspace's: the workspace domain and the service's own addresses. */
export interface WorkspaceHostRule {
  publicUrl: string;
  workspaceDomain: string;
  /** The storefront app's address (APP_URL); its host is the service's too. */
  appUrl: string;
}

export interface WorkspaceHostDeps extends WorkspaceHostRule {
  views: ReadStoreReader;
}

export interface HostWorkspace {
  workspaceId: string;
  slug: string;
}

const normalHost = (hostname: string): string => hostname.toLowerCase().replace(/\.$/, '');

/** The label of a host directly under the workspace domain, or null; whether that host is a workspace's is `workspaceSlugOfHost`'s call. */
export function slugOfHost(hostname: string, workspaceDomain: string): string | null {
  const host = normalHost(hostname);
  const suffix = `.${workspaceDomain.toLowerCase()}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label) ? label : null;
}

const serviceHostsOf = (rule: WorkspaceHostRule): string[] =>
  [rule.publicUrl, rule.appUrl].map((url) => normalHost(new URL(url).hostname));

/**
 * The workspace slug a host names, or null for every host that names none: the service's own
 * hosts, hosts outside the workspace domain, and a request without a host.
 */
export function workspaceSlugOfHost(hostname: string | undefined, rule: WorkspaceHostRule): string | null {
  if (!hostname) return null;
  if (serviceHostsOf(rule).includes(normalHost(hostname))) return null;
  return slugOfHost(hostname, rule.workspaceDomain);
}

/**
 * The slugs the service's own hosts would be (`app` for PUBLIC_URL app.example.com under
 * example.com): no workspace may claim them, or it would answer for the main host.
 */
export function serviceSlugsOf(rule: WorkspaceHostRule): string[] {
  return serviceHostsOf(rule)
    .map((host) => slugOfHost(host, rule.workspaceDomain))
    .filter((slug): slug is string => slug !== null);
}

export async function workspaceFromHost(req: Request, deps: WorkspaceHostDeps): Promise<HostWorkspace | null> {
  const slug = workspaceSlugOfHost(req.hostname, deps);
  if (!slug) return null;
  const [doc] = await deps.views.find(WORKSPACE_BRANDING, { slug }, { limit: 1 });
  return doc ? { workspaceId: doc.id, slug } : null;
}

/** True when the request came to a workspace host (known slug or not); never on the service's own hosts. */
export function isWorkspaceHost(req: Request, rule: WorkspaceHostRule): boolean {
  return workspaceSlugOfHost(req.hostname, rule) !== null;
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
