/**
 * How far the draft is from the version conversations run now: the steps added, removed or
 * changed (and the start, if it moved), counted the way the versions' "changes since" counts them.
 */
import { type FlowDocument, graphOf } from '../../../../../domain/chatbot/flowDocument.js';
import { diffFlows } from '../../../../../domain/flow/flowDiff.js';
import type { FlowGraph } from '../../../../../domain/flow/flowGraph.js';
import { draftToSend } from './graphEditing.js';

/** null when the live version no longer reads under today's rules: then there is nothing to count against. */
export function unpublishedChanges(live: FlowDocument, draft: FlowGraph): number | null {
  let published: FlowGraph;
  try {
    published = graphOf(live);
  } catch {
    return null;
  }
  const d = diffFlows(published, draftToSend(draft));
  return d.added.length + d.removed.length + d.changed.length + (d.startChanged ? 1 : 0);
}
