/**
 * Splits CSS text into tokens the way a browser does (CSS Syntax Level 3, §4), so the SVG
 * cleaner sees the same `url(…)`, `@import` and functions a browser would, escapes included:
 * `u\72l(https://x)` is a URL to a browser, and so it is here. Each token keeps where it sits in
 * the source, so whatever is kept can be copied from the source unchanged.
 */

export type CssTokenKind =
  | 'whitespace'
  | 'string'
  | 'bad-string'
  | 'url'
  | 'bad-url'
  | 'function'
  | 'ident'
  | 'at-keyword'
  | 'hash'
  | 'number'
  | 'delim'
  | ';'
  | ':'
  | ','
  | '('
  | ')'
  | '['
  | ']'
  | '{'
  | '}'
  | 'cdo'
  | 'cdc';

export interface CssToken {
  kind: CssTokenKind;
  /** Escapes resolved: a function's or at-keyword's name, an ident, a string's or URL's value. */
  value: string;
  start: number;
  end: number;
}

const isNewline = (c: string | undefined) => c === '\n' || c === '\r' || c === '\f';
const isWhitespace = (c: string | undefined) => c === ' ' || c === '\t' || isNewline(c);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const isIdentStart = (c: string | undefined) => c !== undefined && (/^[A-Za-z_]$/.test(c) || c.charCodeAt(0) >= 0x80);
const isIdentChar = (c: string | undefined) => isIdentStart(c) || isDigit(c) || c === '-';
/** What may not stand unescaped in an unquoted url(): it makes a bad URL. */
const isNonPrintable = (c: string) => {
  const code = c.charCodeAt(0);
  return code <= 0x08 || code === 0x0b || (code >= 0x0e && code <= 0x1f) || code === 0x7f;
};

class CssTokenizer {
  private at = 0;

  constructor(private readonly css: string) {}

  private peek(offset = 0): string | undefined {
    return this.css[this.at + offset];
  }

  private validEscape(offset = 0): boolean {
    return this.peek(offset) === '\\' && !isNewline(this.peek(offset + 1));
  }

  private startsIdent(offset = 0): boolean {
    const first = this.peek(offset);
    if (first === '-')
      return isIdentStart(this.peek(offset + 1)) || this.peek(offset + 1) === '-' || this.validEscape(offset + 1);
    if (isIdentStart(first)) return true;
    return this.validEscape(offset);
  }

  private startsNumber(): boolean {
    const [a, b, c] = [this.peek(), this.peek(1), this.peek(2)];
    if (a === '+' || a === '-') return isDigit(b) || (b === '.' && isDigit(c));
    if (a === '.') return isDigit(b);
    return isDigit(a);
  }

  /** After the backslash. */
  private escaped(): string {
    const c = this.peek();
    if (c === undefined) return '\uFFFD';
    if (!isHex(c)) {
      this.at += 1;
      return c;
    }
    let hex = '';
    while (hex.length < 6 && isHex(this.peek())) hex += this.css[this.at++];
    if (this.peek() === '\r' && this.peek(1) === '\n') this.at += 2;
    else if (isWhitespace(this.peek())) this.at += 1;
    const code = Number.parseInt(hex, 16);
    return code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff ? '\uFFFD' : String.fromCodePoint(code);
  }

  private name(): string {
    let out = '';
    for (;;) {
      const c = this.peek();
      if (isIdentChar(c)) {
        out += c;
        this.at += 1;
      } else if (this.validEscape()) {
        this.at += 1;
        out += this.escaped();
      } else return out;
    }
  }

  private number(): void {
    if (this.peek() === '+' || this.peek() === '-') this.at += 1;
    while (isDigit(this.peek())) this.at += 1;
    if (this.peek() === '.' && isDigit(this.peek(1))) {
      this.at += 1;
      while (isDigit(this.peek())) this.at += 1;
    }
    const [e, sign, digit] = [this.peek(), this.peek(1), this.peek(2)];
    if ((e === 'e' || e === 'E') && (isDigit(sign) || ((sign === '+' || sign === '-') && isDigit(digit)))) {
      this.at += 2;
      while (isDigit(this.peek())) this.at += 1;
    }
    // A dimension's unit or a percentage belongs to the number.
    if (this.startsIdent()) this.name();
    else if (this.peek() === '%') this.at += 1;
  }

  private string(quote: string): { kind: CssTokenKind; value: string } {
    let value = '';
    for (;;) {
      const c = this.peek();
      if (c === undefined) return { kind: 'string', value };
      if (c === quote) {
        this.at += 1;
        return { kind: 'string', value };
      }
      if (isNewline(c)) return { kind: 'bad-string', value };
      this.at += 1;
      if (c !== '\\') value += c;
      else if (this.peek() === undefined) continue;
      else if (isNewline(this.peek())) this.at += this.peek() === '\r' && this.peek(1) === '\n' ? 2 : 1;
      else value += this.escaped();
    }
  }

  private badUrlRemnants(): void {
    for (;;) {
      const c = this.peek();
      if (c === undefined) return;
      this.at += 1;
      if (c === ')') return;
      if (c === '\\' && !isNewline(this.peek())) this.escaped();
    }
  }

  /** After `url(` and any whitespace, the URL not being quoted. */
  private url(): { kind: CssTokenKind; value: string } {
    let value = '';
    for (;;) {
      const c = this.peek();
      if (c === undefined) return { kind: 'url', value };
      this.at += 1;
      if (c === ')') return { kind: 'url', value };
      if (isWhitespace(c)) {
        while (isWhitespace(this.peek())) this.at += 1;
        if (this.peek() === ')' || this.peek() === undefined) {
          if (this.peek() === ')') this.at += 1;
          return { kind: 'url', value };
        }
        this.badUrlRemnants();
        return { kind: 'bad-url', value };
      }
      if (c === '"' || c === "'" || c === '(' || isNonPrintable(c)) {
        this.badUrlRemnants();
        return { kind: 'bad-url', value };
      }
      if (c === '\\') {
        if (isNewline(this.peek())) {
          this.badUrlRemnants();
          return { kind: 'bad-url', value };
        }
        value += this.escaped();
      } else value += c;
    }
  }

  private identLike(): { kind: CssTokenKind; value: string } {
    const name = this.name();
    if (this.peek() !== '(') return { kind: 'ident', value: name };
    this.at += 1;
    if (name.toLowerCase() !== 'url') return { kind: 'function', value: name };
    let ahead = 0;
    while (isWhitespace(this.peek(ahead))) ahead += 1;
    const next = this.peek(ahead);
    // url("…") is a function holding a string; url(…) unquoted is one token.
    if (next === '"' || next === "'") return { kind: 'function', value: name };
    this.at += ahead;
    return this.url();
  }

  next(): CssToken | null {
    // Comments are not tokens; they sit between tokens, in no token's span.
    while (this.peek() === '/' && this.peek(1) === '*') {
      const close = this.css.indexOf('*/', this.at + 2);
      this.at = close === -1 ? this.css.length : close + 2;
    }
    const start = this.at;
    const c = this.peek();
    if (c === undefined) return null;
    const token = (kind: CssTokenKind, value = ''): CssToken => ({ kind, value, start, end: this.at });
    if (isWhitespace(c)) {
      while (isWhitespace(this.peek())) this.at += 1;
      return token('whitespace');
    }
    if (c === '"' || c === "'") {
      this.at += 1;
      const s = this.string(c);
      return token(s.kind, s.value);
    }
    if (c === '#' && (isIdentChar(this.peek(1)) || this.validEscape(1))) {
      this.at += 1;
      return token('hash', this.name());
    }
    if (this.startsNumber()) {
      this.number();
      return token('number');
    }
    if (c === '-' && this.peek(1) === '-' && this.peek(2) === '>') {
      this.at += 3;
      return token('cdc');
    }
    if (c === '<' && this.css.startsWith('<!--', this.at)) {
      this.at += 4;
      return token('cdo');
    }
    if (c === '@' && this.startsIdent(1)) {
      this.at += 1;
      return token('at-keyword', this.name());
    }
    if (this.startsIdent()) {
      const s = this.identLike();
      return token(s.kind, s.value);
    }
    this.at += 1;
    if (';:,()[]{}'.includes(c)) return token(c as CssTokenKind);
    return token('delim', c);
  }
}

/** The tokens of `css`, in order. */
export function cssTokens(css: string): CssToken[] {
  const tokenizer = new CssTokenizer(css);
  const tokens: CssToken[] = [];
  for (let t = tokenizer.next(); t; t = tokenizer.next()) tokens.push(t);
  return tokens;
}
