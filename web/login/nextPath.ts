/**
 * `?next=` on the login page (the dashboard sends people there with the page they wanted): only
 * ever a path on the same host, never `//elsewhere`, a URL or a header-splitting string. Shared by
 * the server (a signed-in visit to /login goes straight there) and the page (after sign-in).
 */
export function safeNext(next: unknown): string | null {
  return typeof next === 'string' && /^\/(?![/\\])/.test(next) && !/[\r\n]/.test(next) ? next : null;
}
