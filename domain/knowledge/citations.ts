/**
 * How an agent cites its knowledge (docs/knowledge.md, Cited answers). The passages a turn gives
 * the model are numbered by document (a source, or one page of a web source): passages of the
 * same document share a number, so `[2]` in an answer names one document the visitor can open,
 * and the numbers stay the same across the searches of one turn. Pure.
 */
import type { EntrySource } from '../conversation/conversationEvents.js';
import type { Passage } from './retrieval.js';

/** A passage with the number the model cites it by. */
export interface NumberedPassage extends Passage {
  ref: number;
}

/** The documents of a turn so far, by number. */
export type CitationIndex = ReadonlyMap<number, { sourceId: string; title: string; url: string | null }>;

const documentKey = (p: { sourceId: string; url: string | null }) => `${p.sourceId}\n${p.url ?? ''}`;

/** Numbers `passages`, continuing `index` (a document already numbered keeps its number). */
export function numberPassages(
  passages: readonly Passage[],
  index: CitationIndex,
): { numbered: NumberedPassage[]; index: CitationIndex } {
  const next = new Map(index);
  const byKey = new Map([...next].map(([ref, doc]) => [documentKey(doc), ref]));
  const numbered = passages.map((p) => {
    const key = documentKey(p);
    let ref = byKey.get(key);
    if (ref === undefined) {
      ref = next.size + 1;
      byKey.set(key, ref);
      next.set(ref, { sourceId: p.sourceId, title: p.sourceTitle, url: p.url });
    }
    return { ...p, ref };
  });
  return { numbered, index: next };
}

/** The passages as the model reads them: each with its number, document and heading path. */
export function passagesText(passages: readonly NumberedPassage[]): string {
  if (passages.length === 0) return 'No passage of the documents matches.';
  return passages
    .map((p) => {
      const where = [p.sourceTitle, ...p.headingPath].join(' › ');
      const page = p.page === null ? '' : ` (page ${p.page})`;
      return `[${p.ref}] ${where}${page}\n${p.text}`;
    })
    .join('\n\n');
}

/** The numbers an answer cites, in order of first citation: `[1]`, `[1, 3]` and `[1][3]` alike. */
export function citedRefs(answer: string): number[] {
  const refs: number[] = [];
  for (const group of answer.matchAll(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g))
    for (const n of group[1]!.split(',').map((x) => Number(x.trim()))) if (!refs.includes(n)) refs.push(n);
  return refs;
}

/** The documents an answer cites, in citation order; numbers it was never given are ignored. */
export function citedSources(answer: string, index: CitationIndex): EntrySource[] {
  return citedRefs(answer).flatMap((ref) => {
    const doc = index.get(ref);
    return doc ? [{ ref, sourceId: doc.sourceId, title: doc.title, url: doc.url }] : [];
  });
}
