/**
 * What an agent with knowledge sources is told beside its own instructions (docs/knowledge.md,
 * Cited answers), and what its first search asks. Pure.
 */
import type { TranscriptEntry } from '../conversation/conversationEvents.js';

/** How to use the passages and cite them; stricter when the agent answers only from knowledge. */
export function knowledgeGuidance(answerOnlyFromKnowledge: boolean): string {
  const rules = [
    "Passages of the business's documents follow, each numbered like [1].",
    'When you use a passage, cite its number right after the sentence it supports, like [1] or [1][2].',
    'Cite only numbers you were given. If the passages do not answer, you may call search_knowledge with other words.',
  ];
  if (answerOnlyFromKnowledge)
    rules.push(
      'Answer only from the passages. If they do not contain the answer, do not guess: ask the visitor to clarify, or call handoff with reason low_confidence.',
    );
  return rules.join(' ');
}

/** Words shorter than this make a follow-up ("and for shoes?") that needs the question before it. */
const SHORT_QUESTION_WORDS = 4;

/**
 * The words the knowledge is first searched with: the visitor's newest message, and their one
 * before it when the newest is a short follow-up.
 */
export function searchQueryOf(history: readonly TranscriptEntry[]): string {
  const asked = history.filter((e) => e.type === 'user').map((e) => e.message.trim());
  const newest = asked.at(-1) ?? '';
  const before = asked.at(-2);
  const short = newest.split(/\s+/).filter(Boolean).length < SHORT_QUESTION_WORDS;
  return short && before ? `${before} ${newest}` : newest;
}
