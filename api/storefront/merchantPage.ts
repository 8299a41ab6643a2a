/**
 * The small HTML pages a merchant may see instead of the settings page: a failed install, a load
 * that cannot be verified, an app opened outside the control panel. Plain, self-contained (no
 * script), styled like BigDesign's neutral palette, and every text is escaped.
 */
import type { Response } from 'express';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Inline styles are allowed by this page's own CSP through a hash-free `style-src 'unsafe-inline'`: there is no script to inject into. */
const STYLE = `body{margin:0;font-family:"Source Sans Pro",-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f6f7fc;color:#313440}
main{max-width:560px;margin:64px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 1px 6px rgba(49,52,64,.15)}
h1{font-size:24px;font-weight:600;margin:0 0 12px}p{font-size:16px;line-height:1.5;margin:0 0 12px;color:#5e637a}
.tag{display:inline-block;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#db3643;margin-bottom:8px}
.tag.info{color:#3c64f4}@media(max-width:600px){main{margin:16px;padding:24px}}`;

export function sendMerchantPage(
  res: Response,
  status: number,
  page: { title: string; lines: string[]; tone?: 'error' | 'info' },
): void {
  const tone = page.tone ?? 'error';
  res
    .status(status)
    .setHeader('Content-Type', 'text/html; charset=utf-8')
    .setHeader('Cache-Control', 'no-store')
    .setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors https://*.bigcommerce.com https://*.mybigcommerce.com",
    );
  res.removeHeader('X-Frame-Options');
  res.send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(page.title)} · Confab</title><style>${STYLE}</style></head>
<body><main><div class="tag ${tone}">${tone === 'error' ? 'Confab app' : 'Confab'}</div><h1>${escapeHtml(page.title)}</h1>${page.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</main></body></html>`);
}
