/**
 * The HTML document of a page served with a web bundle: the page's data in a JSON block (CSP
 * allows no inline script), the bundle's stylesheet and script from /assets with a version from
 * the file's time (cached for good), and the headers every such page carries.
 */
import { statSync } from 'node:fs';
import type { Response } from 'express';
import { fileURLToPath } from 'node:url';
import { escapeHtml } from './htmlText.js';

export const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url));
export const ASSETS_PATH = '/assets';

export interface PageShellOptions {
  /** The document title. */
  title: string;
  /** public/<bundle>.js and, when built, public/<bundle>.css. */
  bundle: string;
  /** Serialised into <script type="application/json" id={dataElementId}>. */
  data: unknown;
  dataElementId: string;
  /** Text shown until the bundle runs (and without JavaScript). */
  fallback?: string;
}

/** JSON that cannot close its <script> element early. */
function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** `?v=<mtime>` of a built file, or null when it is not built. */
export function assetVersion(file: string): string | null {
  try {
    return Math.floor(statSync(`${PUBLIC_DIR}${file}`).mtimeMs).toString(36);
  } catch {
    return null;
  }
}

export function pageShell(o: PageShellOptions): string {
  const jsVersion = assetVersion(`${o.bundle}.js`) ?? '0';
  const cssVersion = assetVersion(`${o.bundle}.css`);
  const css = cssVersion ? `\n<link rel="stylesheet" href="${ASSETS_PATH}/${o.bundle}.css?v=${cssVersion}">` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(o.title)}</title>
<link rel="icon" href="data:,">${css}
<script type="application/json" id="${escapeHtml(o.dataElementId)}">${scriptJson(o.data)}</script>
<script src="${ASSETS_PATH}/${o.bundle}.js?v=${jsVersion}" defer></script>
</head>
<body>
<div id="app"><noscript>${escapeHtml(o.fallback ?? 'This page needs JavaScript.')}</noscript></div>
</body>
</html>
`;
}

/**
 * Sends a page: never cached (it depends on the host and on the session), images and media from
 * https and this service's public origin (a login logo may live elsewhere), and a popup-friendly
 * opener policy so the OpenID Connect popup can post its answer back.
 */
export function sendPage(res: Response, status: number, html: string, publicUrl: string): void {
  const own = new URL(publicUrl).origin;
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
  res.setHeader(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      `img-src 'self' data: https: ${own}`,
      `media-src 'self' https: ${own}`,
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  res.send(html);
}
