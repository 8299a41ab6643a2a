/**
 * Media URLs answer with PUBLIC_URL's origin, but the same path is served on every host: a path
 * keeps an image same-origin (and inside the page's CSP) on a workspace's own host.
 */
export function mediaPath(url: string): string {
  try {
    return new URL(url, location.href).pathname;
  } catch {
    return url;
  }
}
