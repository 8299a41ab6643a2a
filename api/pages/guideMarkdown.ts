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
import GithubSlugger from 'github-slugger';
import { Marked, Renderer, type Tokens } from 'marked';
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
  private readonly slugger = new GithubSlugger();

  constructor(private readonly linkTarget: (href: string) => string | null) {
    super();
  }

  override heading({ tokens, depth }: Tokens.Heading): string {
    const text = this.parser.parseInline(tokens);
    const plain = this.parser.parseInline(tokens, this.parser.textRenderer);
    const slug = this.slugger.slug(plain);
    this.headings.push({ level: depth, id: slug, text: plain });
    const id = escapeHtml(slug);
    if (depth === 1) {
      const html = `<h1 id="${id}">${text}</h1>\n`;
      if (this.titleHtml) return html;
      this.titleHtml = html;
      return '';
    }
    const self = `<a class="heading-link" href="#${id}" aria-label="Link to ${escapeHtml(plain)}">#</a>`;
    return `<h${depth} id="${id}">${text} ${self}</h${depth}>\n`;
  }

  override html({ text }: Tokens.HTML | Tokens.Tag): string {
    return escapeHtml(text.replace(HTML_COMMENT, '').trim());
  }

  override code({ text, lang }: Tokens.Code): string {
    const language = /^\S*/.exec(lang ?? '')?.[0] ?? '';
    const cls = language ? ` class="language-${escapeHtml(language)}"` : '';
    return `<pre tabindex="0"><code${cls}>${escapeHtml(text.replace(/\n$/, ''))}</code></pre>\n`;
  }

  /**
   * Each cell carries its column's name (`data-label`): on a phone a row is shown as a card of
   * labelled lines (docsPages.css), as a table of four wide columns cannot be read there.
   */
  override table({ header, rows }: Tokens.Table): string {
    const labels = header.map((cell) => escapeHtml(this.parser.parseInline(cell.tokens, this.parser.textRenderer)));
    // A class, not a style attribute: the page's policy allows its stylesheet only.
    const align = (cell: Tokens.TableCell) => (cell.align ? ` class="align-${cell.align}"` : '');
    const head = header.map((cell) => `<th${align(cell)}>${this.parser.parseInline(cell.tokens)}</th>`).join('');
    const body = rows
      .map((row) => {
        const cells = row.map(
          (cell, i) => `<td data-label="${labels[i] ?? ''}"${align(cell)}>${this.parser.parseInline(cell.tokens)}</td>`,
        );
        return `<tr>${cells.join('')}</tr>\n`;
      })
      .join('');
    const tbody = body ? `<tbody>\n${body}</tbody>` : '';
    return `<div class="table-scroll" tabindex="0"><table>\n<thead>\n<tr>${head}</tr>\n</thead>\n${tbody}</table></div>\n`;
  }

  /**
   * A web or mail address written in the text (bare or in <>), not as [text](address), stays the
   * text it is; any other link goes where linkTarget says, or becomes its text.
   */
  override link({ href, title, tokens, raw }: Tokens.Link): string {
    if (!raw.startsWith('[')) return escapeHtml(raw);
    const text = this.parser.parseInline(tokens);
    const target = this.linkTarget(href);
    if (target === null) return text;
    return `<a href="${escapeHtml(target)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${text}</a>`;
  }

  /** The service serves no images for the guides: the image's text stands in. */
  override image({ text }: Tokens.Image): string {
    return escapeHtml(text);
  }
}

export function renderGuide(markdown: string, linkTarget: (href: string) => string | null): RenderedGuide {
  const renderer = new GuideRenderer(linkTarget);
  const html = new Marked().parse(markdown, { gfm: true, renderer, async: false });
  const title = renderer.headings.find((h) => h.level === 1)?.text ?? 'Guide';
  const contents = renderer.headings.filter((h) => h.level === 2 || h.level === 3);
  return { title, titleHtml: renderer.titleHtml || `<h1>${escapeHtml(title)}</h1>\n`, html, contents };
}
