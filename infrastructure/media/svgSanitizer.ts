/**
 * Cleans an uploaded SVG before it is stored (served SVG must not be able to
 * run script; docs/branding.md). DOMPurify's SVG profile on a jsdom window drops scripts, event handlers and
 * foreign objects; a hook also drops every link that leaves the document (href / xlink:href
 * other than a local "#id" or an embedded raster image), and the CSS in <style> elements,
 * style attributes and presentation attributes (fill, filter, mask, clip-path, marker-*…) loses
 * every url() but `url(#id)` and its @import and @font-face rules (cssReferences.ts), so a login
 * page that shows the file never fetches or navigates anywhere because of it. The serving route adds a CSP sandbox on
 * top: two independent defences.
 *
 * The file is read as XML, as browsers read an SVG file, by SvgReader within its limits (never
 * by an HTML parser, whose error recovery can turn a small well-formed file into millions of
 * nodes), and the tree is built here one node at a time, without recursion. Elements DOMPurify
 * refuses go with their content, as a browser would not draw it either. This is synchronous and
 * takes seconds for the largest files allowed: the server runs it in a worker (svgCleaner.ts).
 */
import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { cleanCss, cssReachesOutside } from './cssReferences.js';
import {
  DEFAULT_SVG_LIMITS,
  SVG_NS,
  SvgReader,
  XLINK_NS,
  type SvgAttribute,
  type SvgLimits,
  type SvgTreeSink,
} from './svgReader.js';

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const LOCAL_REFERENCE = /^\s*(#[^\s]*|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*)$/i;

let instance: { purify: DOMPurify; window: JSDOM['window'] } | null = null;

/** One jsdom window for the process (or worker), made on first use (it costs tens of milliseconds). */
export function purifier() {
  if (instance) return instance;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as WindowLike);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'href' || data.attrName === 'xlink:href') {
      if (!LOCAL_REFERENCE.test(data.attrValue)) data.keepAttr = false;
    } else if (data.attrName === 'style') data.attrValue = cleanCss(data.attrValue);
    // Any other attribute may be read as CSS (fill, filter, mask, cursor…): none may reach out.
    else if (cssReachesOutside(data.attrValue)) data.keepAttr = false;
  });
  instance = { purify, window };
  return instance;
}

/**
 * Builds the document's elements and text in `document`. An element without a namespace is
 * taken as SVG (a file that left out xmlns is still meant as SVG); elements lose their prefix
 * and XLink attributes get the usual one, so DOMPurify judges `<svg:rect>` as a rect and any
 * alias of xlink:href as xlink:href. Namespace declarations are not copied (the serializer
 * writes the ones the cleaned tree needs; the root declares xlink when it is used). Comments,
 * processing instructions and the doctype are left out; adjacent text (split by a comment,
 * say) is one node.
 */
class TreeBuilder implements SvgTreeSink {
  root: Element | null = null;
  /** Whether an XLink attribute was built: the root then declares the xlink prefix. */
  usesXlink = false;
  private readonly open: Element[] = [];
  private pending = '';

  constructor(private readonly document: Document) {}

  openElement(uri: string, local: string, attributes: SvgAttribute[]): void {
    this.flushText();
    const element = this.document.createElementNS(uri || SVG_NS, local);
    for (const a of attributes) {
      if (a.uri === XMLNS_NS) continue;
      if (a.uri === XLINK_NS) this.usesXlink = true;
      const name = a.uri === XLINK_NS ? `xlink:${a.local}` : a.uri === XML_NS ? `xml:${a.local}` : a.name;
      element.setAttributeNS(a.uri || null, name, a.value);
    }
    const parent = this.open.at(-1);
    if (parent) parent.appendChild(element);
    else this.root = element;
    this.open.push(element);
  }

  closeElement(): void {
    this.flushText();
    this.open.pop();
  }

  text(data: string): void {
    // Saxes also reports the whitespace around the root element, which a tree does not keep.
    if (this.open.length > 0) this.pending += data;
  }

  private flushText(): void {
    if (this.pending === '') return;
    this.open.at(-1)?.appendChild(this.document.createTextNode(this.pending));
    this.pending = '';
  }
}

/**
 * The cleaned document as XML, or null when nothing of an <svg> root survives. Throws
 * SvgRefusedError when the source is not well-formed XML or breaks one of `limits`.
 */
export function sanitizeSvg(source: string, limits: SvgLimits = DEFAULT_SVG_LIMITS): string | null {
  const { purify, window } = purifier();
  const builder = new TreeBuilder(window.document);
  const reader = new SvgReader(limits, builder);
  reader.write(source);
  reader.close();
  const root = builder.root;
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg') return null;
  if (builder.usesXlink) root.setAttributeNS(XMLNS_NS, 'xmlns:xlink', XLINK_NS);
  // IN_PLACE: the tree is ours alone, so DOMPurify need not copy it (which would double its memory).
  const cleaned: unknown = purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['script', 'foreignobject'],
    KEEP_CONTENT: false,
    IN_PLACE: true,
  });
  if (cleaned !== root) return null;
  // The whole text of each style sheet, once its children are judged: text split by an element
  // DOMPurify removed is read as one by the browser.
  for (const style of Array.from(root.getElementsByTagNameNS('*', 'style'))) {
    const css = style.textContent ?? '';
    const kept = cleanCss(css);
    if (kept !== css) style.textContent = kept;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(root)}`;
}
