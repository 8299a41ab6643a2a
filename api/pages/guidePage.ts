/**
 * The HTML document of one guide: the reference's bar, the guide's contents (beside it on wide
 * screens, in a box above it on narrow ones), the guide, and a link to its Markdown text.
 */
import { docsHeaderHtml, GUIDES_PATH } from './docsHeader.js';
import { DOCS_STYLESHEET_URL } from './docsStylesheet.js';
import type { GuideHeading, RenderedGuide } from './guideMarkdown.js';
import { escapeHtml } from './htmlText.js';

/** A page with fewer headings than this reads without a list of them. */
const MIN_CONTENTS = 2;

/** The headings as a list, each third level nested under the second-level heading before it. */
function contentsList(headings: GuideHeading[]): string {
  const item = (h: GuideHeading) => `<a href="#${escapeHtml(h.id)}">${escapeHtml(h.text)}</a>`;
  const groups: { head: GuideHeading; under: GuideHeading[] }[] = [];
  for (const h of headings) {
    const parent = groups.at(-1);
    if (h.level === 3 && parent?.head.level === 2) parent.under.push(h);
    else groups.push({ head: h, under: [] });
  }
  const list = (items: string[]) => `<ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>`;
  return list(groups.map((g) => item(g.head) + (g.under.length ? list(g.under.map(item)) : '')));
}

export function guidePageHtml(name: string, guide: RenderedGuide): string {
  const hasContents = guide.contents.length >= MIN_CONTENTS;
  const list = hasContents ? contentsList(guide.contents) : '';
  const side = hasContents
    ? `<nav class="guide-toc guide-toc-side" aria-labelledby="contents-side"><p class="guide-toc-title" id="contents-side">On this page</p>${list}</nav>`
    : '<div></div>';
  const top = hasContents
    ? `<details class="guide-toc guide-toc-top"><summary>On this page</summary><nav aria-label="On this page">${list}</nav></details>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(guide.title)} · Confab docs</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${DOCS_STYLESHEET_URL}">
</head>
<body class="guide-page">
<a class="skip-link" href="#guide">Skip to the guide</a>
${docsHeaderHtml(name)}
<div class="guide-layout">
${side}
<main class="guide-main" id="guide">
<article>
<header class="guide-body">
${guide.titleHtml}</header>
${top}
<div class="guide-body">
${guide.html}</div>
</article>
<p class="guide-source">This page as Markdown: <a href="${GUIDES_PATH}/${escapeHtml(name)}.md">${escapeHtml(name)}.md</a></p>
</main>
</div>
</body>
</html>
`;
}
