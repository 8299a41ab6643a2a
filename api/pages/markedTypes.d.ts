/**
 * The slice of marked 4's API the guide pages use (marked ships its own types from version 5 on;
 * version 4 is the one redoc installs, so the service declares it rather than a second copy).
 */
declare module 'marked' {
  export interface Token {
    type: string;
    raw: string;
    text?: string;
    href?: string;
    depth?: number;
    tokens?: Token[];
    [field: string]: unknown;
  }

  export class Slugger {
    slug(value: string, options?: { dryrun?: boolean }): string;
  }

  export interface MarkedOptions {
    gfm?: boolean;
    headerIds?: boolean;
    mangle?: boolean;
    renderer?: Renderer;
  }

  export class Renderer {
    constructor(options?: MarkedOptions);
    code(code: string, infostring: string | undefined, escaped: boolean): string;
    html(html: string): string;
    heading(text: string, level: number, raw: string, slugger: Slugger): string;
    table(header: string, body: string): string;
    link(href: string | null, title: string | null, text: string): string;
    image(href: string | null, title: string | null, text: string): string;
  }

  export const marked: {
    lexer(src: string, options?: MarkedOptions): Token[];
    parser(tokens: Token[], options?: MarkedOptions): string;
    walkTokens(tokens: Token[], callback: (token: Token) => void): void;
  };
}
