/**
 * HTML to the text a reader sees, with its headings kept as Markdown `#` lines so the chunker
 * can follow them. Only text is kept: scripts, styles, templates, embedded documents and the
 * navigation are dropped with their content, and every other tag is reduced to the line break it
 * stands for. A page with a `<main>` keeps only that, since menus and footers repeated on every
 * page of a site would otherwise crowd out what each page says.
 *
 * A deliberately small reader rather than a DOM: it runs on every page of a 200-page site in the
 * background, and it must never execute or load anything. Malformed HTML degrades to more or
 * less text, never to an error.
 */

/** Elements dropped with everything inside them. */
const DROPPED = ['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'canvas', 'nav', 'head'];
/** Elements that end a line. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hr',
  'html',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'caption',
  'label',
  'option',
]);
/** Elements that end a paragraph (a blank line, which the chunker splits on). */
const PARAGRAPHS = new Set(['p', 'blockquote', 'pre', 'table', 'ul', 'ol', 'dl', 'section', 'article', 'figure', 'hr']);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  middot: '·',
  bull: '•',
  laquo: '«',
  raquo: '»',
  times: '×',
  deg: '°',
  shy: '',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      // NUL, surrogates and beyond Unicode are not characters a page can mean.
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '';
      return String.fromCodePoint(code);
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** The inner markup of an element as one line of text, tags gone (entities still encoded). */
const tagsOff = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const oneLine = (html: string) => decodeEntities(tagsOff(html)).replace(/\s+/g, ' ').trim();

export interface HtmlText {
  /** The document's `<title>`, or null. */
  title: string | null;
  /** The text, headings as `#` lines, paragraphs separated by blank lines. */
  text: string;
}

export function htmlToText(html: string): HtmlText {
  const titleMatch = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
  const title = titleMatch ? oneLine(titleMatch[1]!) || null : null;

  let body = html
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<![a-z][^>]*>|<\?[\s\S]*?\?>/gi, ' ')
    .replace(/<!\[CDATA\[[\s\S]*?(\]\]>|$)/g, ' ');
  for (const tag of DROPPED) body = body.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(<\\/${tag}\\s*>|$)`, 'gi'), ' ');
  const main = /<main\b[^>]*>([\s\S]*?)<\/main\s*>/i.exec(body);
  if (main && main[1]!.trim() !== '') body = main[1]!;

  // Headings become one `#` line each, before the other tags lose their meaning.
  body = body.replace(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi, (_m, level: string, inner: string) => {
    const text = tagsOff(inner);
    return text ? `\u0000H${'#'.repeat(Number(level))} ${text}\u0000` : ' ';
  });
  body = body.replace(/\s+/g, ' ');
  body = body.replace(/<\/?([a-z][a-z0-9-]*)\b[^>]*>/gi, (_m, name: string) => {
    const tag = name.toLowerCase();
    if (tag === 'li') return _m[1] === '/' ? '' : '\n- ';
    if (PARAGRAPHS.has(tag)) return '\n\n';
    if (BLOCKS.has(tag)) return '\n';
    return tag === 'td' || tag === 'th' ? ' ' : '';
  });
  // Any `<` left is not a tag (a stray "a < b"); the text keeps it.
  const text = decodeEntities(body.replace(/\u0000H/g, '\n\n').replace(/\u0000/g, '\n\n'))
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title, text };
}
