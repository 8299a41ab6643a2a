/**
 * Reads an SVG file as the XML it is, in one linear pass of a streaming parser (saxes, the
 * parser jsdom itself uses for XML), and refuses it as soon as it is not well-formed XML or is
 * bigger in structure than the cleaner can afford: cleaning builds a jsdom tree, which costs
 * about 2.5 KB of heap per element and 1 KB per attribute, and takes time in proportion.
 *
 * The same reader serves twice: on the request thread it only counts, chunk by chunk while the
 * upload arrives, so a file over a limit is refused after reading just past that limit; in the
 * cleaning worker it also feeds the tree the sanitizer works on. Both passes see the same
 * document, so nothing the first pass let through can turn out bigger in the second.
 */
import { SaxesParser, type ResolvePrefix, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';

export const SVG_NS = 'http://www.w3.org/2000/svg';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';

export interface SvgLimits {
  /** Elements in the whole document. */
  maxElements: number;
  /** Attributes (namespace declarations included) in the whole document. */
  maxAttributes: number;
  /** Attributes on one element. */
  maxAttributesPerElement: number;
  /** Levels of nesting; the root <svg> is level 1. */
  maxDepth: number;
}

/**
 * Far above what a login background needs (illustrations have hundreds to a few thousand
 * elements), and low enough that the largest file allowed is cleaned in seconds within the
 * worker's heap: 20,000 elements carrying 100,000 attributes build a tree of about 160 MB.
 */
export const DEFAULT_SVG_LIMITS: SvgLimits = Object.freeze({
  maxElements: 20_000,
  maxAttributes: 100_000,
  maxAttributesPerElement: 100,
  maxDepth: 100,
});

export type SvgRefusal = 'SVG_TOO_COMPLEX' | 'SVG_MALFORMED';

/** The file is an SVG this service will not take; the message says why, naming the limit. */
export class SvgRefusedError extends Error {
  constructor(
    readonly code: SvgRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'SvgRefusedError';
  }
}

export function tooComplex(detail: string): SvgRefusedError {
  return new SvgRefusedError('SVG_TOO_COMPLEX', `file is an SVG document too complex to accept: ${detail}`);
}

const count = (n: number) => n.toLocaleString('en-US');

/** "3:14: undefined entity." (saxes) → "undefined entity (line 3, column 14)". */
function malformed(err: Error): SvgRefusedError {
  const parts = /^(\d+):(\d+): (.*?)\.?$/s.exec(err.message);
  const what = parts ? `${parts[3]} (line ${parts[1]}, column ${parts[2]})` : err.message;
  const hint = /undefined entity/.test(what)
    ? "; only XML's own entities (&amp; &lt; &gt; &quot; &apos;) and character references are accepted"
    : '';
  return new SvgRefusedError('SVG_MALFORMED', `file is not a well-formed SVG (XML) document: ${what}${hint}`);
}

export interface SvgAttribute {
  /** Namespace URI, '' for none. */
  uri: string;
  local: string;
  /** As written, prefix included. */
  name: string;
  value: string;
}

/** Receives the document's tree: elements in document order, and the text inside them. */
export interface SvgTreeSink {
  openElement(uri: string, local: string, attributes: SvgAttribute[]): void;
  closeElement(): void;
  /** Text and CDATA inside the root element, entities already replaced. */
  text(data: string): void;
}

/**
 * Feed it the document's text in pieces with write(), then close(). Each throws
 * SvgRefusedError as soon as the document breaks a limit or is not well-formed XML.
 */
export class SvgReader {
  private readonly parser: SaxesParser<{ xmlns: true; resolvePrefix: ResolvePrefix }>;
  private depth = 0;
  private attributesHere = 0;
  elements = 0;
  attributes = 0;

  constructor(limits: SvgLimits = DEFAULT_SVG_LIMITS, sink?: SvgTreeSink) {
    this.parser = new SaxesParser({
      xmlns: true,
      // Hand-written SVGs often use xlink:href without declaring the prefix; browsers forgive it.
      resolvePrefix: (prefix) => (prefix === 'xlink' ? XLINK_NS : undefined),
    });
    this.parser.on('error', (err) => {
      throw err instanceof SvgRefusedError ? err : malformed(err);
    });
    this.parser.on('opentagstart', () => {
      this.elements += 1;
      this.depth += 1;
      this.attributesHere = 0;
      if (this.elements > limits.maxElements)
        throw tooComplex(`it has more than ${count(limits.maxElements)} elements`);
      if (this.depth > limits.maxDepth)
        throw tooComplex(`its elements are nested more than ${count(limits.maxDepth)} levels deep`);
    });
    this.parser.on('attribute', () => {
      this.attributes += 1;
      this.attributesHere += 1;
      if (this.attributesHere > limits.maxAttributesPerElement)
        throw tooComplex(`an element has more than ${count(limits.maxAttributesPerElement)} attributes`);
      if (this.attributes > limits.maxAttributes)
        throw tooComplex(`it has more than ${count(limits.maxAttributes)} attributes in all`);
    });
    this.parser.on('closetag', () => {
      this.depth -= 1;
      sink?.closeElement();
    });
    if (sink) {
      this.parser.on('opentag', (tag: SaxesTagNS) => {
        const attributes = Object.values(tag.attributes as Record<string, SaxesAttributeNS>).map(
          ({ uri, local, name, value }) => ({ uri, local, name, value }),
        );
        sink.openElement(tag.uri, tag.local, attributes);
      });
      this.parser.on('text', (data) => sink.text(data));
      this.parser.on('cdata', (data) => sink.text(data));
    }
  }

  write(text: string): void {
    if (text.length > 0) this.parser.write(text);
  }

  /** The end of the document: refuses one that stops early or has no root element. */
  close(): void {
    this.parser.close();
  }
}
