/**
 * A guide's Markdown (docs/*.md) as the HTML of its page, with marked (GitHub's flavour: tables,
 * fenced code). Raw HTML in the Markdown is never passed through: comments (notes for whoever
 * edits the file) are dropped and any other tag is shown as the text it is, as in
 * "Continue with <provider>". Links go where guideHref says, or become plain text; web and mail
 * addresses written in the text rather than as [text](address) stay text as written (they are
 * examples, such as `https://confab.example` or `Confab <no-reply@example.com>`, not places to
 * go). The first top-level heading is the guide's title, apart from the rest. Headings get GitHub's anchors, so `#the-rendered-reference-docs` written in one guide
 * finds its heading in another, and the second and third levels make the page's contents.
 * Code blocks and tables scroll sideways in a box a keyboard can reach.
 */
import { marked, Renderer, type Slugger, type Token } from 'marked';
import { escapeHtml } from './htmlText.js';

export interface GuideHeading {
  level: number;
  /** The heading's anchor in the page. */
  id: string;
  /** Its text, without markup. */
  text: string;
}

export interface RenderedGuide {
  /** The text of its first top-level heading. */
  title: string;
  /** That heading as HTML, taken out of `html` so that the page can place it above the contents. */
  titleHtml: string;
  html: string;
  /** Its second- and third-level headings, in order. */
  contents: GuideHeading[];
}

const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

class GuideRenderer extends Renderer {
  readonly headings: GuideHeading[] = [];
  titleHtml = '';

  constructor(private readonly linkTarget: (href: string) => string | null) {
    super();
  }

  override heading(text: string, level: number, raw: string, slugger: Slugger): string {
    const slug = slugger.slug(raw);
    this.headings.push({ level, id: slug, text: raw });
    const id = escapeHtml(slug);
    if (level === 1) {
      const html = `<h1 id="${id}">${text}</h1>\n`;
      if (this.titleHtml) return html;
      this.titleHtml = html;
      return '';
    }
    const self = `<a class="heading-link" href="#${id}" aria-label="Link to ${escapeHtml(raw)}">#</a>`;
    return `<h${level} id="${id}">${text} ${self}</h${level}>\n`;
  }

  override html(html: string): string {
    return escapeHtml(html.replace(HTML_COMMENT, '').trim());
  }

  override code(code: string, infostring: string | undefined): string {
    const lang = /^\S*/.exec(infostring ?? '')?.[0] ?? '';
    const cls = lang ? ` class="language-${escapeHtml(lang)}"` : '';
    return `<pre tabindex="0"><code${cls}>${escapeHtml(code.replace(/\n$/, ''))}</code></pre>\n`;
  }

  override table(header: string, body: string): string {
    const rows = body ? `<tbody>\n${body}</tbody>\n` : '';
    return `<div class="table-scroll" tabindex="0"><table>\n<thead>\n${header}</thead>\n${rows}</table></div>\n`;
  }

  /** `title` comes escaped from marked; `text` is the link's rendered content. */
  override link(href: string | null, title: string | null, text: string): string {
    const target = href === null ? null : this.linkTarget(href);
    if (target === null) return text;
    return `<a href="${escapeHtml(target)}"${title ? ` title="${title}"` : ''}>${text}</a>`;
  }

  /** The service serves no images for the guides: the image's (escaped) text stands in. */
  override image(_href: string | null, _title: string | null, text: string): string {
    return text;
  }
}

/** A web or mail address written in the text (bare or in <>), not as [text](address). */
function isAutolink(token: Token): boolean {
  return token.type === 'link' && !token.raw.startsWith('[');
}

export function renderGuide(markdown: string, linkTarget: (href: string) => string | null): RenderedGuide {
  const renderer = new GuideRenderer(linkTarget);
  const options = { gfm: true, headerIds: true, mangle: false, renderer };
  const tokens = marked.lexer(markdown, options);
  marked.walkTokens(tokens, (token) => {
    if (!isAutolink(token)) return;
    token.type = 'text';
    token.text = escapeHtml(token.raw);
  });
  const html = marked.parser(tokens, options);
  const title = renderer.headings.find((h) => h.level === 1)?.text ?? 'Guide';
  const contents = renderer.headings.filter((h) => h.level === 2 || h.level === 3);
  return { title, titleHtml: renderer.titleHtml || `<h1>${escapeHtml(title)}</h1>\n`, html, contents };
}
