/**
 * The small pages the /auth endpoints serve themselves (handoff, OIDC popup): one card, no
 * inline script or style (CSP `default-src 'self'`), a script file and JSON data blocks.
 */
import { escapeHtml } from '../../commands/emailTemplates.js';

export function authPage(input: {
  title: string;
  status: string;
  script: string;
  fallbackHref?: string;
  /** The label of the one button the page's script acts on (id "continue"). */
  action?: string;
  data?: Record<string, unknown>;
}): string {
  const data = input.data
    ? `<script type="application/json" id="auth-data">${JSON.stringify(input.data).replace(/</g, '\\u003c')}</script>`
    : '';
  const fallback = input.fallbackHref
    ? `<p><a id="again" href="${escapeHtml(input.fallbackHref)}">Back to sign-in</a></p>`
    : '';
  const action = input.action ? `<p><button id="continue" type="button">${escapeHtml(input.action)}</button></p>` : '';
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(input.title)}</title>`,
    '<link rel="stylesheet" href="/auth/assets/auth.css">',
    '</head>',
    '<body>',
    `<main class="card"><h1>${escapeHtml(input.title)}</h1><p id="status" role="status">${escapeHtml(input.status)}</p>${action}${fallback}</main>`,
    data,
    `<script src="/auth/assets/${input.script}"></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}

export const AUTH_CSS = `body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f5f7;color:#1a1a1a;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px 40px;max-width:420px;margin:16px;text-align:center}
h1{font-size:20px;margin:0 0 8px}p{margin:8px 0;color:#444}a{color:#2457d6}
button{font:inherit;font-weight:600;color:#fff;background:#2457d6;border:0;border-radius:8px;padding:10px 20px;cursor:pointer;overflow-wrap:anywhere}
button:disabled{opacity:.6;cursor:default}button:focus-visible{outline:3px solid #9db7f5;outline-offset:2px}`;
