/**
 * The few lines of script the /auth pages run, served as files (CSP `default-src 'self'`
 * allows no inline script). Each reads its input from a JSON block or the page address.
 */

/**
 * Handoff page: the page names the account; only a click on its button trades the one-time
 * code in the address for a session on this host (a link alone signs nobody in).
 */
export const HANDOFF_SCRIPT = `(function () {
  var code = new URLSearchParams(location.search).get('code') || '';
  history.replaceState(null, '', location.pathname);
  var button = document.getElementById('continue');
  if (!button) return;
  function failed(text) {
    document.getElementById('status').textContent = text;
    button.hidden = true;
  }
  button.addEventListener('click', function () {
    button.disabled = true;
    fetch('/auth/handoff', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code: code }), credentials: 'same-origin' })
      .then(function (r) { return r.json().then(function (b) { return { ok: r.ok, body: b }; }); })
      .then(function (r) {
        if (r.ok) { location.replace(r.body.redirect); return; }
        failed((r.body && r.body.error) || 'This link did not work.');
      })
      .catch(function () { failed('Could not reach the server.'); });
  });
})();
`;

/**
 * OIDC callback page (in the popup): posts the one-time code, or the error, to the exact
 * origin of the login page that opened the popup (read from the page's data block, which the
 * server filled from the stored sign-in request), never to '*', then closes.
 */
export const OIDC_CALLBACK_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('auth-data').textContent);
  var message = data.code ? { type: 'confab:oidc', code: data.code } : { type: 'confab:oidc', error: data.error };
  if (window.opener && data.targetOrigin) {
    window.opener.postMessage(message, data.targetOrigin);
    window.close();
  }
})();
`;
