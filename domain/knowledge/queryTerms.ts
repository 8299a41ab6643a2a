/**
 * The full-text half of retrieval's threshold (docs/knowledge.md, Retrieval): a passage found
 * by full text is a real match only when it holds a large enough share of the question's
 * meaningful words. Stop words and question words ("how", "what", "can", "I") are not
 * meaningful; words are compared by a light stem (plural, -ed, -ing, -ly…), as the search's
 * own stemming would mostly find them the same.
 */

/** English stop words (PostgreSQL's `english` list) and the words any question is made of. */
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is are ' +
    'was were be been being have has had having do does did doing a an the and but if or because as until while ' +
    'of at by for with about against between into through during before after above below to from up down in out ' +
    'on off over under again further then once here there when where why how all any both each few more most ' +
    'other some such no nor not only own same so than too very s t can will just don should now ' +
    'would could may might must shall get got need want please tell know let us im'
  ).split(' '),
);

/** A light stem: enough that "returns", "returned" and "returning" meet "return". */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  for (const suffix of ['ingly', 'edly', 'ing', 'ed', 'ly', 'es', 's']) {
    if (w.length - suffix.length >= 3 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  // "shipping" → "shipp" → "ship"
  if (w.length > 3 && w.at(-1) === w.at(-2)) w = w.slice(0, -1);
  return w.endsWith('e') && w.length > 3 ? w.slice(0, -1) : w;
}

/**
 * The words of a text, lower-cased: runs of letters and digits, so an apostrophe parts a word
 * ("Where's" is "where" and "s") as PostgreSQL's text search parser parts the indexed text.
 * The one tokenizer of retrieval: for the threshold here and for the full-text queries a
 * question becomes (infrastructure/knowledge/fullTextQuery.ts).
 */
export const queryWords = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** The meaningful words of a query, stemmed, each once. */
export function meaningfulTerms(query: string): string[] {
  return [
    ...new Set(
      queryWords(query)
        .filter((w) => !STOP_WORDS.has(w) && w.length > 1)
        .map(stem),
    ),
  ];
}

/** The meaningful words of a query as written (the first of each stem), for a full-text query. */
export function meaningfulWords(query: string): string[] {
  const byStem = new Map<string, string>();
  for (const word of queryWords(query)) {
    if (STOP_WORDS.has(word) || word.length < 2) continue;
    const key = stem(word);
    if (!byStem.has(key)) byStem.set(key, word);
  }
  return [...byStem.values()];
}

/** How many of `terms` a text must hold to reach `share` of them (at least one). */
export const termsNeeded = (terms: number, share: number): number => Math.max(1, Math.ceil(terms * share - 1e-9));

/** The share (0–1) of `terms` the text holds; 0 when there are no terms. */
export function matchedShare(terms: readonly string[], text: string): number {
  if (terms.length === 0) return 0;
  const stems = new Set(queryWords(text).map(stem));
  return terms.filter((t) => stems.has(t)).length / terms.length;
}
