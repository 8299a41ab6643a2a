/**
 * CSS in an uploaded SVG (a <style> element, a style attribute, a presentation attribute such as
 * fill, filter, mask, clip-path or marker-start) must not make a viewer fetch anything: a
 * `url(…)` may only name an element of the same document (`url(#id)`), and `@import` and
 * `@font-face` rules go whatever they hold. What reaches outside is dropped with the smallest
 * piece that holds it (the declaration, or the rule whose selector or at-rule prelude holds it);
 * everything else is copied from the source unchanged.
 *
 * Strings count as URLs where CSS reads them as such: in url("…") and src("…"), and in the image
 * functions (image-set() and kin), which also take a var() whose string cannot be seen here; so a
 * piece with an image function and any string or var() goes. Style sheets nested deeper than any
 * drawing needs are emptied, and the work stays linear in the text whatever it holds.
 */
import { type CssToken, cssTokens } from './cssTokens.js';

/** Functions whose argument is one URL: only a quoted "#id" may stay. */
const URL_FUNCTIONS = new Set(['url', 'src']);
/** Functions that read their strings as URLs. */
const IMAGE_FUNCTIONS = new Set(['image', 'image-set', '-webkit-image-set', 'cross-fade', '-webkit-cross-fade']);
/** Functions that put a value here that this cleaner cannot see. */
const SUBSTITUTIONS = new Set(['var', 'env', 'attr']);
/** At-rules that load something (a style sheet, a font) whatever they hold. */
const LOADING_AT_RULES = new Set(['import', 'font-face']);

const CLOSER: Partial<Record<CssToken['kind'], CssToken['kind']>> = {
  function: ')',
  '(': ')',
  '[': ']',
  '{': '}',
};

const isLocal = (url: string) => url.startsWith('#');
const nameOf = (token: CssToken) => token.value.toLowerCase();

/** The index of the token closing the block `tokens[open]` opens, or `to` when it is never closed. */
function closing(tokens: CssToken[], open: number, to: number): number {
  const expected: CssToken['kind'][] = [CLOSER[tokens[open]!.kind]!];
  for (let i = open + 1; i < to; i += 1) {
    const kind = tokens[i]!.kind;
    const closer = CLOSER[kind];
    if (closer) expected.push(closer);
    else if (kind === expected.at(-1)) {
      expected.pop();
      if (expected.length === 0) return i;
    }
  }
  return to;
}

/** The index of the first token from `at` on that is not whitespace (`to` when none is). */
function skipWhitespace(tokens: CssToken[], at: number, to: number): number {
  let i = at;
  while (i < to && tokens[i]!.kind === 'whitespace') i += 1;
  return i;
}

/** Whether the function at `tokens[at]` (url or src) holds anything but one quoted `#id`. */
function urlFunctionLeaves(tokens: CssToken[], at: number, to: number): boolean {
  const value = skipWhitespace(tokens, at + 1, to);
  const close = skipWhitespace(tokens, value + 1, to);
  const local = value < to && tokens[value]!.kind === 'string' && isLocal(tokens[value]!.value);
  return !(local && close < to && tokens[close]!.kind === ')');
}

/**
 * Whether `tokens[from, to)` hold a reference outside the document or a loading at-rule. An
 * image function is judged with the piece it is in: a string or a substitution anywhere there
 * may be a URL it reads (the piece rather than the function's own span keeps this linear).
 */
function reachesOutside(tokens: CssToken[], from: number, to: number): boolean {
  let imageFunction = false;
  let stringOrSubstitution = false;
  for (let i = from; i < to; i += 1) {
    const token = tokens[i]!;
    switch (token.kind) {
      case 'url':
        if (!isLocal(token.value)) return true;
        break;
      case 'bad-url':
        return true;
      case 'at-keyword':
        if (LOADING_AT_RULES.has(nameOf(token))) return true;
        break;
      case 'function':
        if (URL_FUNCTIONS.has(nameOf(token)) && urlFunctionLeaves(tokens, i, to)) return true;
        if (IMAGE_FUNCTIONS.has(nameOf(token))) imageFunction = true;
        if (SUBSTITUTIONS.has(nameOf(token))) stringOrSubstitution = true;
        break;
      case 'string':
      case 'bad-string':
        stringOrSubstitution = true;
        break;
      default:
    }
    if (imageFunction && stringOrSubstitution) return true;
  }
  return false;
}

/** Blocks nested deeper than this are emptied: no drawing's style sheet nests so far. */
const MAX_BLOCK_DEPTH = 16;

/**
 * The source text of `tokens[from, to)` (a style sheet, a block's contents or a declaration
 * list, from `textStart` to `textEnd`) without the pieces that reach outside. A piece ends at a
 * `;` or with a `{…}` block; a block whose prelude is clean is cleaned in turn, so rules nested
 * in @media or in other rules are judged one by one. Every cut falls just after a `;`, `{` or
 * `}`, so what is kept reads as the same tokens as before.
 */
function cleanList(
  css: string,
  tokens: CssToken[],
  from: number,
  to: number,
  textStart: number,
  textEnd: number,
  depth = 0,
): string {
  if (depth > MAX_BLOCK_DEPTH) return '';
  let out = '';
  let pieceToken = from;
  let pieceText = textStart;
  let i = from;
  while (i < to) {
    const token = tokens[i]!;
    if (token.kind === ';' || token.kind === '}') {
      if (!reachesOutside(tokens, pieceToken, i)) out += css.slice(pieceText, token.end);
      pieceToken = i + 1;
      pieceText = token.end;
      i += 1;
    } else if (token.kind === '{') {
      const close = closing(tokens, i, to);
      const blockEnd = close < to ? tokens[close]!.start : textEnd;
      const pieceEnd = close < to ? tokens[close]!.end : textEnd;
      if (!reachesOutside(tokens, pieceToken, i)) {
        out += css.slice(pieceText, token.end);
        out += cleanList(css, tokens, i + 1, close, token.end, blockEnd, depth + 1);
        out += css.slice(blockEnd, pieceEnd);
      }
      pieceToken = close + 1;
      pieceText = pieceEnd;
      i = close + 1;
    } else if (CLOSER[token.kind]) {
      // A `;` or `{` inside parentheses or brackets belongs to the value around it.
      i = closing(tokens, i, to) + 1;
    } else i += 1;
  }
  if (!reachesOutside(tokens, pieceToken, to)) out += css.slice(pieceText, textEnd);
  return out;
}

/** Cheap test first: nothing reaches outside without a literal `(` (a function or url) or `@`. */
const mayReachOutside = (css: string) => /[(@]/.test(css);

/** Whether CSS text (a presentation attribute's value, say) refers to anything outside the document. */
export function cssReachesOutside(css: string): boolean {
  if (!mayReachOutside(css)) return false;
  const tokens = cssTokens(css);
  return reachesOutside(tokens, 0, tokens.length);
}

/**
 * A style sheet or a style attribute's declarations without what reaches outside the document.
 * The result is checked again as a whole; should anything outside still show (it cannot by
 * construction), nothing is kept.
 */
export function cleanCss(css: string): string {
  if (!mayReachOutside(css)) return css;
  const tokens = cssTokens(css);
  const cleaned = cleanList(css, tokens, 0, tokens.length, 0, css.length);
  return cssReachesOutside(cleaned) ? '' : cleaned;
}
