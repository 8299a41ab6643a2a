/**
 * `?next=` on the login page (the dashboard sends people there with the page they wanted): only
 * ever a path on the same host, never `//elsewhere`, a URL or a header-splitting string. Shared by
 * the server (a signed-in visit to /login goes straight there) and the page (after sign-in).
 * No control character at all: browsers drop tabs and line breaks from an address before reading
 * it, so "/\t/evil.example" would leave the host as "//evil.example".
 */
export function safeNext(next: unknown): string | null {
  return typeof next === 'string' && /^\/(?![/\\])/.test(next) && !/[\u0000-\u001f\u007f]/.test(next) ? next : null;
}
