/**
 * A chatbot's flow as its author wrote it: the list form stays the list form, a branching flow
 * stays a graph. It is stored so (the draft, every published version) and parsed with parseFlow
 * where it is used, so a version reads back exactly as it was saved.
 */
import type { FlowWarning } from '../flow/flowError.js';
import type { FlowGraph } from '../flow/flowGraph.js';
import { parseFlow } from '../flow/flowParsing.js';
import { isListFlow, listToGraph } from '../flow/listFlow.js';
import { ValidationError } from '../errors.js';
import { type Flow, validateFlow } from './flow.js';

export type FlowDocument = Flow | FlowGraph;

/** The code of the 400 that refuses to publish a flow the service cannot run yet. */
export const AI_STEP_UNAVAILABLE = 'AI_STEP_UNAVAILABLE';

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

/**
 * AI agents do not exist yet, so a flow with an `ai` step would wait for ever: it may be saved
 * as a draft, but not published.
 */
export function refuseUnrunnableSteps(flow: FlowDocument): void {
  const ai = graphOf(flow).steps.find((s) => s.type === 'ai');
  if (ai) {
    throw new ValidationError(
      `flow step "${ai.id}" is an ai step, and AI agents are not available yet: replace it (a handoff hands the visitor to a person) before publishing`,
      'flow',
      AI_STEP_UNAVAILABLE,
    );
  }
}
