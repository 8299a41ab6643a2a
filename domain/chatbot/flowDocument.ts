/**
 * A chatbot's flow as its author wrote it: the list form stays the list form, a branching flow
 * stays a graph. It is stored so (the draft, every published version) and parsed with parseFlow
 * where it is used, so a version reads back exactly as it was saved.
 */
import { FlowError, type FlowWarning } from '../flow/flowError.js';
import type { FlowGraph } from '../flow/flowGraph.js';
import { parseFlow } from '../flow/flowParsing.js';
import { isListFlow, listToGraph } from '../flow/listFlow.js';
import { type Flow, validateFlow } from './flow.js';

export type FlowDocument = Flow | FlowGraph;

/** The code of the 400 that refuses to publish a flow with an ai step for a chatbot without an agent. */
export const AI_STEP_NEEDS_AGENT = 'AI_STEP_NEEDS_AGENT';

/** Checks untrusted JSON as a whole (400 INVALID_FLOW naming step and field) and keeps it as written. */
export function checkFlowDocument(raw: unknown): { flow: FlowDocument; warnings: FlowWarning[] } {
  const { warnings } = parseFlow(raw);
  return { flow: raw as FlowDocument, warnings };
}

/**
 * A flow given with a chatbot's other fields (create, update): the list form (and anything not
 * an object) by its own rules, with the errors it has always had (400 naming `flow`), a
 * branching flow as a whole.
 */
export function validateChatbotFlow(raw: unknown): FlowDocument {
  const object = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  return !object || isListFlow(raw) ? validateFlow(raw) : checkFlowDocument(raw).flow;
}

/**
 * The graph a stored flow runs as. A list flow is read as its chain without being checked
 * again: it was checked when saved, and one saved under older rules (a variable name since
 * reserved) must still run as it did.
 */
export const graphOf = (flow: FlowDocument): FlowGraph =>
  isListFlow(flow) ? listToGraph(flow as Flow) : parseFlow(flow).flow;

/** The first ai step of a flow, if it has one. */
export function firstAiStep(flow: FlowDocument): string | null {
  // A list flow has no ai step, and parsing it here would check it again (see graphOf).
  if (isListFlow(flow)) return null;
  return graphOf(flow).steps.find((s) => s.type === 'ai')?.id ?? null;
}

/**
 * An ai step hands the visitor to the chatbot's agent, so a flow with one is published only
 * while the chatbot has an agent; without one it may still be saved as a draft. (An agent
 * removed later is not refused: a conversation reaching the step is passed to a person.)
 */
export function refuseUnrunnableSteps(flow: FlowDocument, hasAgent: boolean): void {
  const ai = hasAgent ? null : firstAiStep(flow);
  if (ai !== null) {
    throw new FlowError(
      `flow step "${ai}" is an ai step, and this chatbot has no agent to talk there: give it one (PUT /chatbots/{id}/agent) or replace the step before publishing`,
      'type',
      ai,
      AI_STEP_NEEDS_AGENT,
    );
  }
}
