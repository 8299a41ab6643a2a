/**
 * The OpenID Connect popup proxy (docs/sign-in.md): the popup runs the provider flow on the main
 * domain and posts `{type: 'confab:oidc', code}` back to this page's origin. Only a message from
 * PUBLIC_URL's exact origin, from that popup, of that type is accepted.
 */
export type PopupResult = { ok: true; code: string } | { ok: false; error: string };

function popupFeatures(): string {
  const w = 500;
  const h = 640;
  const left = Math.max(0, Math.round((screenX || 0) + (outerWidth - w) / 2));
  const top = Math.max(0, Math.round((screenY || 0) + (outerHeight - h) / 2));
  return `popup=yes,width=${w},height=${h},left=${left},top=${top}`;
}

export function startUrlFor(startUrl: string, publicUrl: string, slug: string | null): string {
  const url = new URL(startUrl || '/auth/oidc/start', publicUrl + '/');
  if (slug && !url.searchParams.has('slug')) url.searchParams.set('slug', slug);
  return url.href;
}

export function openOidcPopup(startUrl: string, publicUrl: string): Promise<PopupResult> {
  const expectedOrigin = new URL(publicUrl).origin;
  const popup = window.open(startUrl, 'confab-oidc', popupFeatures());
  if (!popup)
    return Promise.resolve({
      ok: false,
      error: 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
    });
  return new Promise((resolve) => {
    const done = (result: PopupResult) => {
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
      resolve(result);
    };
    function onMessage(event: MessageEvent) {
      // The origin alone would also admit any other window of PUBLIC_URL's origin.
      if (event.origin !== expectedOrigin || event.source !== popup) return;
      const data = event.data as { type?: unknown; code?: unknown; error?: unknown } | null;
      if (!data || data.type !== 'confab:oidc') return;
      if (typeof data.code === 'string' && data.code) done({ ok: true, code: data.code });
      else
        done({
          ok: false,
          error:
            typeof data.error === 'string' ? data.error : 'The sign-in with your identity provider did not complete.',
        });
    }
    window.addEventListener('message', onMessage);
    // A closed popup without a message: the person gave up (a message may still be in flight).
    const watch = setInterval(() => {
      if (popup.closed)
        setTimeout(() => done({ ok: false, error: 'The sign-in window was closed before it finished.' }), 500);
    }, 400);
  });
}
