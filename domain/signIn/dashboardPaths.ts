/**
 * The paths of a host that are never dashboard pages: the APIs, the sign-in endpoints and
 * pages, the API reference, assets and probes. A workspace host serves its dashboard on every
 * other path, and a sign-in may only lead on to a dashboard page (safeNext.ts). Matched without
 * regard to case, as the router matches them.
 */
const NOT_A_PAGE =
  /^\/(api|auth|login|signup|invite|storefront|healthz|readyz|docs|assets|widget\.js|favicon\.ico|media)(\/|$|\?)/i;

/** `path`: a URL's pathname, as the router sees it. */
export function isDashboardPath(path: string): boolean {
  return !NOT_A_PAGE.test(path);
}
