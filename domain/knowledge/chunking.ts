/**
 * Cuts extracted text into the passages an agent retrieves (docs/knowledge.md, Chunks). Text is
 * cut along its structure: a section per heading, paragraphs within it, sentences only when a
 * paragraph alone is too long, words only when a sentence is. A chunk holds up to about
 * TARGET_TOKENS tokens and starts with the last OVERLAP_TOKENS of the one before in the same
 * section, so a fact that straddles a cut is whole in one of them. Every chunk keeps the path of
 * headings above it and the page (URL or page number) it came from.
 *
 * Tokens are estimated at four characters each: the chunker must not depend on a tokenizer of
 * one model, and a few hundred tokens give or take is all the retrieval needs.
 */

export const CHARS_PER_TOKEN = 4;
export const TARGET_TOKENS = 300;
export const OVERLAP_TOKENS = 50;

/** One page of extracted text: a web page, a PDF page, or a whole document. */
export interface ExtractedPage {
  /** Text with Markdown `#` headings and blank lines between paragraphs. */
  text: string;
  /** The web page it came from (URL sources). */
  url?: string | null;
  /** The page number in the file (PDF), from 1. */
  page?: number | null;
}

export interface Chunk {
  /** Position in the source, from 0. */
  ordinal: number;
  /** Headings above the chunk, outermost first. */
  headingPath: string[];
  text: string;
  url: string | null;
  page: number | null;
}

export interface ChunkingOptions {
  maxChars?: number;
  overlapChars?: number;
}

interface Section {
  headingPath: string[];
  paragraphs: string[];
}

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const FENCE = /^(```|~~~)/;

/** Sections of Markdown-like text: the heading path and the paragraphs under it. */
export function sectionsOf(text: string): Section[] {
  const sections: Section[] = [];
  const path: string[] = [];
  let paragraphs: string[] = [];
  let paragraph: string[] = [];
  let inFence = false;
  const endParagraph = () => {
    const p = paragraph.join('\n').trim();
    if (p) paragraphs.push(p);
    paragraph = [];
  };
  const endSection = () => {
    endParagraph();
    if (paragraphs.length > 0) sections.push({ headingPath: [...path], paragraphs });
    paragraphs = [];
  };
  for (const line of text.split('\n')) {
    if (FENCE.test(line.trim())) inFence = !inFence;
    const heading = inFence ? null : HEADING.exec(line);
    if (heading) {
      endSection();
      const level = heading[1]!.length;
      path.length = Math.min(path.length, level - 1);
      // A skipped level (# then ###) keeps the path's depth honest rather than padding it.
      path.push(heading[2]!.trim());
      continue;
    }
    if (!inFence && line.trim() === '') endParagraph();
    else paragraph.push(line);
  }
  endSection();
  return sections;
}

/** Splits `text` into pieces of at most `max` characters: at sentence ends, else at spaces, else anywhere. */
export function piecesOf(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const sentences = text.split(/(?<=[.!?。！？])\s+|\n+/).filter((s) => s.trim() !== '');
  const out: string[] = [];
  let current = '';
  const push = (piece: string) => {
    if (current && current.length + 1 + piece.length > max) {
      out.push(current);
      current = '';
    }
    current = current ? `${current} ${piece}` : piece;
  };
  for (const sentence of sentences) {
    if (sentence.length <= max) {
      push(sentence);
      continue;
    }
    for (const word of sentence.split(/\s+/)) {
      // A "word" longer than a chunk (a data URI, a hash): cut where it must be cut.
      for (let i = 0; i < word.length; i += max) push(word.slice(i, i + max));
    }
  }
  if (current) out.push(current);
  return out;
}

/** The last `size` characters of a chunk, starting at a word. */
function tailOf(text: string, size: number): string {
  if (size <= 0 || text.length <= size) return size <= 0 ? '' : text;
  const tail = text.slice(text.length - size);
  const space = tail.search(/\s/);
  return space === -1 ? tail : tail.slice(space + 1);
}

export function chunkPages(pages: readonly ExtractedPage[], options: ChunkingOptions = {}): Chunk[] {
  const maxChars = options.maxChars ?? TARGET_TOKENS * CHARS_PER_TOKEN;
  const overlapChars = Math.min(options.overlapChars ?? OVERLAP_TOKENS * CHARS_PER_TOKEN, Math.floor(maxChars / 2));
  const chunks: Chunk[] = [];
  for (const page of pages) {
    const where = { url: page.url ?? null, page: page.page ?? null };
    for (const section of sectionsOf(page.text)) {
      let current = '';
      // Whether `current` holds anything beyond the overlap carried from the chunk before.
      let fresh = false;
      const emit = () => {
        chunks.push({ ordinal: chunks.length, headingPath: section.headingPath, text: current, ...where });
        current = tailOf(current, overlapChars);
        fresh = false;
      };
      for (const paragraph of section.paragraphs) {
        for (const piece of piecesOf(paragraph, maxChars - overlapChars)) {
          if (fresh && current.length + 2 + piece.length > maxChars) emit();
          current = current ? `${current}\n\n${piece}` : piece;
          fresh = true;
        }
      }
      if (fresh) emit();
    }
  }
  return chunks;
}
