/**
 * Walking a flow: from a step, say every message until the visitor must answer (a question),
 * the bot hands off (handoff) or the flow runs out (end).
 */
import { interpolate, type Flow } from '../chatbot/flow.js';

export type WalkOutcome = 'question' | 'handoff' | 'end';

export interface FlowWalk {
  /** Bot texts to send, interpolated with the answers so far. */
  replies: string[];
  outcome: WalkOutcome;
  /** Index of the question now waiting for an answer (outcome 'question' only). */
  awaiting: number | null;
}

export function walkFlow(flow: Flow, from: number, answers: Readonly<Record<string, string>>): FlowWalk {
  const replies: string[] = [];
  for (let i = from; i < flow.steps.length; i++) {
    const step = flow.steps[i];
    replies.push(interpolate(step.text, answers));
    if (step.type === 'question') return { replies, outcome: 'question', awaiting: i };
    if (step.type === 'handoff') return { replies, outcome: 'handoff', awaiting: null };
  }
  return { replies, outcome: 'end', awaiting: null };
}
