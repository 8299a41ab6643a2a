/**
 * `?next=` on the login page (the dashboard sends people there with the page they wanted): only
 * ever a dashboard page on the same host, never `//elsewhere`, a URL, a header-splitting string,
 * nor an API or sign-in endpoint (an ad-click redirect, say, that would lead the person on to
 * a site of someone else's choosing). Shared by the server (a signed-in visit to /login goes
 * straight there) and the page (after sign-in).
 * No control character at all: browsers drop tabs and line breaks from an address before reading
 * it, so "/\t/evil.example" would leave the host as "//evil.example". The path is judged as a
 * browser resolves it ("/x/../api", "/%2e%2e/api" and "/x\..\api" all lead to "/api").
 */
import { isDashboardPath } from './dashboardPaths.js';

const BASE = 'https://host.invalid';

export function safeNext(next: unknown): string | null {
  if (typeof next !== 'string' || !/^\/(?![/\\])/.test(next) || /[\u0000-\u001f\u007f]/.test(next)) return null;
  let resolved: URL;
  try {
    resolved = new URL(next, BASE);
  } catch {
    return null;
  }
  return resolved.origin === BASE && isDashboardPath(resolved.pathname) ? next : null;
}
