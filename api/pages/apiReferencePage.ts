/**
 * The rendered API reference at /docs (docs/external-api.md): Redoc draws the live OpenAPI
 * document (GET /api/v1/openapi.json), whatever it holds, callbacks included. Beside it the
 * page serves Redoc's script, the stylesheet of its bar and the guides (docs/*.md) its bar links
 * to (guidesRouter.ts), all from this service: the page reaches no other origin.
 */
import express, { type RequestHandler, type Router } from 'express';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { API_REFERENCE_PATH, DOCUMENT_URL, docsHeaderHtml } from './docsHeader.js';
import { DOCS_STYLESHEET, DOCS_STYLESHEET_PATH, DOCS_STYLESHEET_URL } from './docsStylesheet.js';
import { guidesRouter } from './guidesRouter.js';
import { escapeHtml } from './htmlText.js';

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

/** The page: the bar with the guides, and the <redoc> element the bundle fills. */
export function apiReferenceHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confab API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${DOCS_STYLESHEET_URL}">
</head>
<body>
${docsHeaderHtml()}
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

/** A file the pages ask for with a hash of it in its URL (`?v=`): kept for good when asked so. */
function sendVersioned(type: string, body: Buffer): RequestHandler {
  return (req, res) => {
    res.setHeader('Cache-Control', req.query.v ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.type(type).send(body);
  };
}

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

  router.get(REDOC_PATH, sendVersioned('text/javascript', REDOC_SCRIPT));
  router.get(DOCS_STYLESHEET_PATH, sendVersioned('text/css', DOCS_STYLESHEET));

  router.use(guidesRouter());

  return router;
}
