/**
 * A response record as each door answers it (docs/external-api.md, Responses); the dashboard's
 * list also names the chatbot.
 */
import type { ResponseDoc } from '../../../projections/views/responsesView.js';

/** The API shape of a response record. */
export function toResponseRecord(doc: ResponseDoc) {
  return {
    _id: doc.id,
    chatSessionId: doc.chatSessionId,
    visitorId: doc.visitorId,
    chatDate: doc.chatDate,
    record: doc.record.map((e) => ({
      type: e.type,
      message: e.message,
      timestamp: e.at,
      ...(e.sources ? { sources: e.sources } : {}),
    })),
    answerVariables: doc.answerVariables,
    customData: doc.customData ?? {},
    user: doc.user ?? null,
    channel: doc.channel,
    turnCount: doc.turnCount,
    status: doc.status,
    resolution: doc.resolution,
    escalationReason: doc.escalationReason,
    completedAt: doc.completedAt,
    handoff: doc.handoffSummary === undefined ? null : { reason: doc.escalationReason, summary: doc.handoffSummary },
  };
}

/** Where each AI answer of a record came from (docs/knowledge.md, Provenance). */
export function presentProvenance(doc: ResponseDoc) {
  return (doc.provenance ?? []).map((p) => {
    const entry = doc.record[p.messageIndex];
    return {
      messageIndex: p.messageIndex,
      message: entry?.message ?? null,
      model: p.model,
      tokens: p.tokensIn + p.tokensOut,
      tokensIn: p.tokensIn,
      tokensOut: p.tokensOut,
      latencyMs: p.latencyMs,
      instructionsVersion: p.knowledge?.instructionsVersion ?? null,
      searches: p.knowledge?.searches ?? [],
      chunks: p.knowledge?.chunks ?? [],
      sources: entry?.sources ?? [],
    };
  });
}

/** What the dashboard names a chatbot that is gone. */
const DELETED = '(deleted chatbot)';

/** The dashboard's response: the record plus which chatbot it belongs to. */
export function presentDashboardResponse(doc: ResponseDoc, names: Map<string, string>) {
  return { ...toResponseRecord(doc), chatbotId: doc.chatbotId, chatbotName: names.get(doc.chatbotId) ?? DELETED };
}
