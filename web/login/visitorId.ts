/** A stable random visitor id for ad-click counting (kept in localStorage, never personal data). */
const KEY = 'confab_vid';

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function visitorId(): string {
  try {
    const known = localStorage.getItem(KEY);
    if (known && /^[0-9a-f]{32}$/.test(known)) return known;
    const id = randomId();
    localStorage.setItem(KEY, id);
    return id;
  } catch {
    // Storage blocked (private mode, policies): a per-page id still counts the click.
    return randomId();
  }
}
