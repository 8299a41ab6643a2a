/**
 * The full-text queries (`to_tsquery` input) a question becomes, from the words of retrieval's
 * one tokenizer (domain/knowledge/queryTerms.ts). The SQL chunk store asks them in turn,
 * strictest first (`searchTiers`), so it ranks a bounded set of the best-matching passages
 * rather than every passage sharing a common word with the question.
 */
import { queryWords } from '../../domain/knowledge/queryTerms.js';

/** Words of a query used: a pasted paragraph still searches, without a huge query. */
const MAX_QUERY_WORDS = 64;
/** Word groups one query may OR together before it falls back to single words. */
const MAX_GROUPS = 60;

const quoted = (word: string) => `'${word}'`;

/** Each word once, quote-free, at most MAX_QUERY_WORDS. */
function usable(words: readonly string[]): string[] {
  return [...new Set(words.map((w) => w.replace(/'/g, '')).filter(Boolean))].slice(0, MAX_QUERY_WORDS);
}

/** The groups of `size` items in order, stopping once `limit` are found. */
function combinations<T>(items: readonly T[], size: number, limit: number): T[][] {
  const out: T[][] = [];
  const pick = (from: number, chosen: T[]) => {
    if (out.length >= limit) return;
    if (chosen.length === size) {
      out.push(chosen);
      return;
    }
    for (let i = from; i <= items.length - (size - chosen.length); i++) pick(i + 1, [...chosen, items[i]!]);
  };
  pick(0, []);
  return out;
}

/**
 * The query for passages holding at least `atLeast` of `words`: an OR of every group of that
 * many words, each group an AND. It lets the index skip the passages that share a single common
 * word with a long question (most of a help centre shares "order" or "return"), which an OR of
 * single words would all match. Too many groups (a long question): the plain OR of single words.
 */
export function atLeastQuery(words: readonly string[], atLeast: number): string | null {
  const unique = usable(words);
  if (unique.length === 0) return null;
  const need = Math.min(Math.max(1, atLeast), unique.length);
  const groups = combinations(unique, need, MAX_GROUPS + 1);
  if (need === 1 || groups.length > MAX_GROUPS) return unique.map(quoted).join(' | ');
  return groups.map((g) => `(${g.map(quoted).join(' & ')})`).join(' | ');
}

/** A query's words as an OR of lexemes: a question matches the passages sharing any of its words. */
export function orQuery(query: string): string | null {
  const unique = usable(queryWords(query));
  return unique.length === 0 ? null : unique.map(quoted).join(' | ');
}

/** The full-text queries of one search: the candidate queries in turn, and the query ranking them. */
export interface SearchTiers {
  tiers: string[];
  rank: string;
}

/**
 * The queries a search asks in turn, strictest first, each answering only passages the ones
 * before did not: every word, then each group of `atLeast` words on its own. The groups are
 * asked one by one, not as one OR, because the index answers an OR from the union of its
 * words' entries (most of a help centre for "order" or "card") before a single row is read,
 * while each AND group is answered by skipping through its rarest word's entries; the search
 * stops asking once it holds enough candidates. All candidates are ranked by the loosest query.
 */
export function searchTiers(words: readonly string[], atLeast: number): SearchTiers | null {
  const unique = usable(words);
  const loosest = atLeastQuery(unique, atLeast);
  if (loosest === null) return null;
  if (unique.length === 1) return { tiers: [loosest], rank: loosest };
  const every = unique.map(quoted).join(' & ');
  if (atLeast >= unique.length) return { tiers: [every], rank: every };
  const need = Math.max(1, atLeast);
  const groups = combinations(unique, need, MAX_GROUPS + 1);
  const separately = need > 1 && groups.length <= MAX_GROUPS;
  return {
    tiers: [every, ...(separately ? groups.map((g) => g.map(quoted).join(' & ')) : [loosest])],
    rank: loosest,
  };
}
