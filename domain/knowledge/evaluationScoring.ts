/**
 * How a run scores one test question (docs/knowledge-evaluation.md, How a run is scored):
 * retrieval hits when any of the k passages comes from an expected source, its rank being the
 * position of the first such passage; an answer passes when it contains every expected fact,
 * compared without regard to case or spacing. Pure: the passages and the answer are given.
 */

/** One question's outcome in a run. */
export type EvaluationResult = {
  questionId: string;
  question: string;
  hit: boolean;
  /** 1-based position of the first passage from an expected source; null: none in the k. */
  rank: number | null;
  /** The sources of the k passages, best first, each once. */
  foundSourceIds: string[];
  /** The agent's answer, when it was asked; null otherwise. */
  answer: string | null;
  factsFound: string[];
  factsMissing: string[];
  /** Why the answer could not be checked (the model failed, the budget is spent); null otherwise. */
  answerError: string | null;
};

export type AnswerChecks = { checked: number; passed: number };

export type EvaluationSummary = {
  questions: number;
  hits: number;
  /** hits / questions; null when there were no questions. */
  hitRate: number | null;
  /** null when the run asked no agent (no chatbot given). */
  answerChecks: AnswerChecks | null;
};

export function scoreRetrieval(
  expectedSourceIds: readonly string[],
  passages: readonly { sourceId: string }[],
): Pick<EvaluationResult, 'hit' | 'rank' | 'foundSourceIds'> {
  const expected = new Set(expectedSourceIds);
  const index = passages.findIndex((p) => expected.has(p.sourceId));
  return {
    hit: index >= 0,
    rank: index >= 0 ? index + 1 : null,
    foundSourceIds: [...new Set(passages.map((p) => p.sourceId))],
  };
}

/** Text as facts are compared: lower case, every run of spacing one space. */
export const comparableText = (text: string): string => text.toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();

export function checkFacts(
  answer: string,
  facts: readonly string[],
): Pick<EvaluationResult, 'factsFound' | 'factsMissing'> {
  const said = comparableText(answer);
  const found = facts.filter((fact) => said.includes(comparableText(fact)));
  return { factsFound: found, factsMissing: facts.filter((fact) => !found.includes(fact)) };
}

/** Whether the run checked this question's answer (asked the agent, or tried to). */
export const answerChecked = (r: EvaluationResult): boolean => r.answer !== null || r.answerError !== null;
/** A checked answer passes when it was given and holds every fact. */
export const answerPassed = (r: EvaluationResult): boolean =>
  r.answer !== null && r.answerError === null && r.factsMissing.length === 0;

export function summarizeRun(results: readonly EvaluationResult[], agentAsked: boolean): EvaluationSummary {
  const hits = results.filter((r) => r.hit).length;
  const checked = results.filter(answerChecked);
  return {
    questions: results.length,
    hits,
    hitRate: results.length === 0 ? null : hits / results.length,
    answerChecks: agentAsked ? { checked: checked.length, passed: checked.filter(answerPassed).length } : null,
  };
}
