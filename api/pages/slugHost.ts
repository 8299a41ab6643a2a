/**
 * Which workspace slug a request's host names: `<slug>.$WORKSPACE_DOMAIN` (the port aside) is a
 * slug host; PUBLIC_URL's own host and anything else is the main domain. `req.hostname` follows
 * X-Forwarded-Host only when TRUST_PROXY says so.
 */
export type HostKind = { kind: 'main' } | { kind: 'slug'; slug: string };

export function hostKindOf(hostname: string, workspaceDomain: string, publicUrl: string): HostKind {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === new URL(publicUrl).hostname.toLowerCase()) return { kind: 'main' };
  const suffix = `.${workspaceDomain.toLowerCase()}`;
  if (!host.endsWith(suffix)) return { kind: 'main' };
  const label = host.slice(0, -suffix.length);
  // One DNS label only: a.b.<domain> is no slug host.
  return label && !label.includes('.') ? { kind: 'slug', slug: label } : { kind: 'main' };
}
