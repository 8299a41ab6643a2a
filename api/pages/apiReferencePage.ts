/**
 * The rendered API reference at /docs (docs/external-api.md): Redoc draws the live OpenAPI
 * document (GET /api/v1/openapi.json), whatever it holds, callbacks included. Beside it the
 * page serves Redoc's script and the guides (docs/*.md) its header links to, all from this
 * service: the page reaches no other origin.
 */
import express, { type Router } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';

export const API_REFERENCE_PATH = '/docs';
const DOCUMENT_URL = '/api/v1/openapi.json';

/**
 * Redoc's own prebuilt, self-contained browser bundle, sent from the installed package rather
 * than rebundled by scripts/buildWeb.mjs: its authors build and test it as one file, it needs no
 * build step of ours (so it is never missing or stale after an install), and a hash of it in the
 * URL lets browsers keep it for good. Redoc 2 because Redoc 3 and Scalar need Node 22 while the
 * service supports Node 20. One change on the way: the bundle draws Redocly's logo from their
 * CDN beside its credit line, the one request it would make elsewhere (and the page's policy
 * refuses it): an empty image of our own takes its place.
 */
const REDOC_FILE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const EMPTY_IMAGE = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E";
export const REDOC_SCRIPT = Buffer.from(readFileSync(REDOC_FILE, 'utf8').replaceAll(REDOC_LOGO, EMPTY_IMAGE));
const REDOC_HASH = createHash('sha256').update(REDOC_SCRIPT).digest('base64url').slice(0, 12);
const REDOC_PATH = `${API_REFERENCE_PATH}/redoc.standalone.js`;

const GUIDES_DIR = fileURLToPath(new URL('../../docs/', import.meta.url));
const GUIDES_PATH = `${API_REFERENCE_PATH}/guides`;
const GUIDE_NAME = /^[A-Za-z0-9-]+\.md$/;

/** The README's topics an API client reads beside the reference, in the header of the page. */
export const GUIDES: ReadonlyArray<{ file: string; title: string }> = [
  { file: 'external-api.md', title: 'External API rules' },
  { file: 'events.md', title: 'Webhook events' },
  { file: 'webhooks-guide.md', title: 'Webhooks guide' },
  { file: 'idempotency.md', title: 'Idempotency' },
  { file: 'chat-api.md', title: 'Chat API' },
  { file: 'sdks.md', title: 'SDKs' },
  { file: 'README.md', title: 'All guides' },
];

/**
 * Redoc's theme, one of its options. The options are attributes of the <redoc> element, which
 * the bundle reads itself: the page needs no script of its own. Colours and fonts are the
 * dashboard's (its text colours, which pass contrast checks, for the method badges too).
 */
const THEME = {
  colors: {
    primary: { main: '#5047e5' },
    success: { main: '#067647' },
    warning: { main: '#93370d' },
    error: { main: '#b42318' },
    text: { primary: '#101828', secondary: '#475467' },
    http: {
      get: '#067647',
      post: '#175cd3',
      put: '#7a2e9e',
      patch: '#93370d',
      delete: '#b42318',
      options: '#475467',
      basic: '#475467',
      link: '#0e6673',
      head: '#7a2e9e',
    },
  },
  typography: {
    fontFamily: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    headings: { fontFamily: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" },
    code: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace" },
  },
  sidebar: { textColor: '#101828' },
};

const HEADER_HEIGHT = 48;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page: a header with the guides, and the <redoc> element the bundle fills. */
export function apiReferenceHtml(): string {
  const links = GUIDES.map((g) => `<a href="${GUIDES_PATH}/${g.file}">${escapeHtml(g.title)}</a>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confab API reference</title>
<link rel="icon" href="data:,">
<style>
body { margin: 0 }
.docs-bar { box-sizing: border-box; display: flex; flex-wrap: wrap; align-items: center; gap: 4px 20px;
  min-height: ${HEADER_HEIGHT}px; padding: 8px 20px; background: #101828; color: #fff;
  font: 14px/1.4 ${THEME.typography.fontFamily} }
.docs-bar a { color: #fff; text-decoration: none }
.docs-bar a:hover, .docs-bar a:focus-visible { text-decoration: underline }
.docs-bar a:focus-visible { outline: 2px solid #a5a0f5; outline-offset: 2px }
.docs-home { font-weight: 600; font-size: 16px }
.docs-bar nav { display: flex; flex-wrap: wrap; gap: 4px 16px }
.docs-bar nav a { color: #d0d5dd }
</style>
</head>
<body>
<header class="docs-bar">
<a class="docs-home" href="${API_REFERENCE_PATH}">Confab API reference</a>
<nav aria-label="Guides">
${links}
<a href="${DOCUMENT_URL}">OpenAPI document</a>
</nav>
</header>
<main>
<redoc spec-url="${DOCUMENT_URL}" native-scrollbars required-props-first expand-responses="200,201" hide-download-button theme="${escapeHtml(JSON.stringify(THEME))}"></redoc>
</main>
<script src="${REDOC_PATH}?v=${escapeHtml(REDOC_HASH)}" defer></script>
</body>
</html>
`;
}

/**
 * The page's own policy, looser than the service's only where Redoc needs it: its styles are
 * injected <style> elements (styled-components) and style attributes in rendered markdown, so
 * 'unsafe-inline' styles; its search index runs in a worker it starts from a blob: URL. Scripts
 * stay 'self' only, and the page holds nothing private (the document is public), so an injected
 * style could reveal nothing.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function apiReferenceRouter(registry: OpenApiRegistry): Router {
  const router = express.Router();
  const html = apiReferenceHtml();

  registry.add('', {
    method: 'get',
    path: API_REFERENCE_PATH,
    operationId: 'getApiReference',
    summary: 'This document rendered for people to read, with links to the guides (HTML)',
    tags: ['Service'],
    security: 'none',
    responses: { 200: { description: 'The page', contentType: 'text/html', schema: { type: 'string' } } },
  });
  router.get(API_REFERENCE_PATH, (_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.send(html);
  });

  router.get(REDOC_PATH, (req, res) => {
    res.setHeader('Cache-Control', req.query.v ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.type('text/javascript').send(REDOC_SCRIPT);
  });

  // The guides as their Markdown text: the service renders no Markdown, and the text reads as is.
  router.get(`${GUIDES_PATH}/:file`, (req, res, next) => {
    const file = String(req.params.file);
    if (!GUIDE_NAME.test(file) || !existsSync(`${GUIDES_DIR}${file}`)) return next();
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(`${GUIDES_DIR}${file}`);
  });

  return router;
}
