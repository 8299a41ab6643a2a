/**
 * The fenced code blocks of a Markdown document, for the tests that follow a document as its
 * reader would: each block's language, its text (without the indentation of a block inside a
 * list item) and where it starts, so that a test can run a document's own commands in order.
 */

export interface FencedBlock {
  language: string;
  text: string;
  /** Offset of the opening fence in the document. */
  at: number;
}

export function fencedBlocks(markdown: string): FencedBlock[] {
  return [...markdown.matchAll(/^( *)```(\w*)\n([\s\S]*?)^\1```$/gm)].map(([, indent, language, body], i, all) => ({
    language: language!,
    text: body!
      .split('\n')
      .map((line) => line.slice(indent!.length))
      .join('\n'),
    at: all[i]!.index,
  }));
}

/** The one block of `language` whose text contains `marker`; throws unless there is exactly one. */
export function fencedBlock(markdown: string, language: string, marker: string): string {
  const found = fencedBlocks(markdown).filter((b) => b.language === language && b.text.includes(marker));
  if (found.length !== 1) throw new Error(`${found.length} ${language} blocks contain ${marker}, not one`);
  return found[0]!.text;
}
