/**
 * A guide's Markdown as HTML: raw HTML shown as text or dropped (never passed through), links
 * resolved or made plain text, addresses written in the text left as text, GitHub's heading
 * anchors and the contents, code and tables in boxes that scroll.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderGuide } from '../../../api/pages/guideMarkdown.js';

const toEvents = (href: string) => (href === 'events.md' ? '/docs/guides/events' : href.startsWith('#') ? href : null);
const render = (md: string) => renderGuide(md, toEvents);

test('raw HTML is shown as the text it is; comments are dropped', () => {
  const { html } = render(
    '# T\n\n<script>alert(1)</script>\n\nContinue with **<provider>** and <img src=x onerror="alert(1)">.\n\n<!-- a note for editors -->\n',
  );
  assert.not.match(html, /<script|<img|<provider>/);
  assert.match(html, /&#60;script&#62;alert\(1\)&#60;\/script&#62;/);
  assert.match(html, /Continue with <strong>&#60;provider&#62;<\/strong>/);
  assert.not.match(html, /editors/);
});

test('links: a guide becomes its page, an anchor stays, anything else becomes its text', () => {
  const { html } = render(
    '# T\n\nSee [events](events.md), [below](#two), [the README](../README.md) and [x](javascript:alert(1)).\n',
  );
  assert.match(html, /<a href="\/docs\/guides\/events">events<\/a>/);
  assert.match(html, /<a href="#two">below<\/a>/);
  assert.match(html, / the README and x\./);
  assert.not.match(html, /javascript:|README\.md/);
});

test('web and mail addresses written in the text stay text, as written', () => {
  const { html } = render('# T\n\ne.g. https://confab.example, Confab <no-reply@example.com> or <https://x.example>\n');
  assert.not.match(html, /<a /);
  assert.match(
    html,
    /https:\/\/confab\.example, Confab &#60;no-reply@example\.com&#62; or &#60;https:\/\/x\.example&#62;/,
  );
});

test("headings get GitHub's anchors; the title is the first heading, the contents the second and third levels", () => {
  const g = render(
    '# The guide\n\n## The rendered reference (`/docs`)\n\n### Errors\n\n## Errors\n\n#### Deep\n\n# Another top\n',
  );
  assert.is(g.title, 'The guide');
  assert.is(g.titleHtml, '<h1 id="the-guide">The guide</h1>\n');
  assert.not.match(g.html, /The guide/, 'the title is apart from the rest');
  assert.match(g.html, /<h1 id="another-top">Another top<\/h1>/, 'a later top-level heading stays in its place');
  assert.equal(g.contents, [
    { level: 2, id: 'the-rendered-reference-docs', text: 'The rendered reference (/docs)' },
    { level: 3, id: 'errors', text: 'Errors' },
    { level: 2, id: 'errors-1', text: 'Errors' },
  ]);
  assert.match(
    g.html,
    /<h2 id="the-rendered-reference-docs">The rendered reference \(<code>\/docs<\/code>\) <a class="heading-link" href="#the-rendered-reference-docs"/,
  );
});

test('code is escaped in a box a keyboard can scroll; a table sits in one too, each cell named by its column', () => {
  const { html } = render(
    '# T\n\n```html\n<script src="/widget.js"></script>\n```\n\n| a | `b<c>` |\n| - | -: |\n| 1 | **2** |\n',
  );
  assert.match(
    html,
    /<pre tabindex="0"><code class="language-html">&#60;script src=&#34;\/widget\.js&#34;&#62;&#60;\/script&#62;<\/code><\/pre>/,
  );
  assert.match(
    html,
    /<div class="table-scroll" tabindex="0"><table>\n<thead>[\s\S]*<tbody>[\s\S]*<td data-label="a">1<\/td>/,
  );
  assert.match(html, /<th class="align-right"><code>b&lt;c&gt;<\/code><\/th>/);
  assert.match(html, /<td data-label="b&#60;c&#62;" class="align-right"><strong>2<\/strong><\/td>/);
});

test('a guide without a top-level heading is still titled', () => {
  const g = render('Just text.\n');
  assert.is(g.title, 'Guide');
  assert.is(g.titleHtml, '<h1>Guide</h1>\n');
});

test.run();
