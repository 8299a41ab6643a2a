/**
 * The guides (docs/*.md) under /docs/guides: `/docs/guides/<name>` is the guide as a page
 * (guideMarkdown.ts, guidePage.ts), `/docs/guides/<name>.md` its Markdown text for tools, and
 * `/docs/guides` the index. Every guide is read and rendered once, when the service starts;
 * any other name below /docs/guides is a JSON 404 on every host.
 */
import express, { type Router } from 'express';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { notFoundHandler } from '../http/errorHandler.js';
import { GUIDES_PATH } from './docsHeader.js';
import { guideHref } from './guideLinks.js';
import { renderGuide } from './guideMarkdown.js';
import { guidePageHtml } from './guidePage.js';

const GUIDES_DIR = fileURLToPath(new URL('../../docs/', import.meta.url));
const GUIDE_FILE = /^([A-Za-z0-9-]+)\.md$/;
const INDEX = 'README';

export interface Guide {
  markdown: string;
  html: string;
}

/** Every docs/<name>.md by name, as Markdown and as its page. */
export function loadGuides(dir: string = GUIDES_DIR): ReadonlyMap<string, Guide> {
  const markdown = new Map<string, string>();
  for (const file of readdirSync(dir).sort()) {
    const name = GUIDE_FILE.exec(file)?.[1];
    if (name) markdown.set(name, readFileSync(`${dir}${file}`, 'utf8'));
  }
  const names = new Set(markdown.keys());
  const linkTarget = (href: string) => guideHref(href, names, GUIDES_PATH);
  return new Map(
    [...markdown].map(([name, text]) => [
      name,
      { markdown: text, html: guidePageHtml(name, renderGuide(text, linkTarget)) },
    ]),
  );
}

/**
 * The guide pages' policy: nothing but this service's stylesheet. They run no script, submit no
 * form and show no image but the empty icon.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

let atStart: ReadonlyMap<string, Guide> | undefined;
/** docs/ as it is when the service starts, rendered once for every app the process makes. */
function guidesAtStart(): ReadonlyMap<string, Guide> {
  atStart ??= loadGuides();
  return atStart;
}

export function guidesRouter(guides: ReadonlyMap<string, Guide> = guidesAtStart()): Router {
  const router = express.Router();

  router.get(GUIDES_PATH, (_req, res) => {
    res.redirect(302, `${GUIDES_PATH}/${INDEX}`);
  });

  router.get(`${GUIDES_PATH}/:file`, (req, res, next) => {
    const file = String(req.params.file);
    const source = GUIDE_FILE.exec(file);
    const guide = guides.get(source ? source[1] : file);
    if (!guide) return notFoundHandler(req, res, next);
    res.setHeader('Cache-Control', 'no-cache');
    if (source) {
      res.setHeader('Content-Type', 'text/markdown; charset=utf-8');
      res.send(guide.markdown);
      return;
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.send(guide.html);
  });

  return router;
}
