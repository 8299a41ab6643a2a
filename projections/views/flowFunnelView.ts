/**
 * `flow_funnel`: one document per conversation started on a published flow version, with the
 * steps it passed (recorded on each turn's event) and how it ended, for the funnel endpoint.
 * Conversations started before versions carry no version nor path and are left out, as are AI
 * agents' conversations, which do not run the flow.
 */
import { collection, type ReadStoreWriter } from '../../infrastructure/readStore/readStore.js';
import { defineProjection } from '../projection.js';

export const FLOW_FUNNEL = collection<FunnelSessionDoc>('flow_funnel');

export interface FunnelSessionDoc {
  /** The session id. */
  id: string;
  chatbotId: string;
  flowVersion: number;
  startedAt: string;
  reached: string[];
  lastStep: string | null;
  outcome: 'resolved' | 'escalated' | 'ended' | null;
  [key: string]: unknown;
}

/** Adds a turn's steps to the session's document, if it has one. */
async function passed(tx: ReadStoreWriter, sessionId: string, path: readonly string[] | undefined): Promise<void> {
  if (!path?.length) return;
  const doc = await tx.get(FLOW_FUNNEL, sessionId);
  if (!doc) return;
  const reached = [...new Set([...doc.reached, ...path])];
  await tx.patch(FLOW_FUNNEL, sessionId, { reached, lastStep: path[path.length - 1] });
}

export const flowFunnelView = defineProjection(
  'flow_funnel',
  [
    {
      name: FLOW_FUNNEL.name,
      indexes: [
        ['chatbotId', 'flowVersion', 'startedAt'],
        // What-if runs: a chatbot's latest conversations, whatever their version.
        ['chatbotId', 'startedAt'],
      ],
    },
  ],
  {
    async ConversationStarted(e, tx) {
      const d = e.data;
      // An AI agent's conversation does not run the flow: it has no place in the flow's funnel.
      if (d.flowVersion === undefined || d.path === undefined || d.aiAgent) return;
      await tx.upsert(FLOW_FUNNEL, {
        id: d.sessionId,
        chatbotId: d.chatbotId,
        flowVersion: d.flowVersion,
        startedAt: d.startedAt,
        reached: [...new Set(d.path)],
        lastStep: d.path.at(-1) ?? null,
        outcome: null,
      });
    },
    MessagesRecorded: (e, tx) => passed(tx, e.data.sessionId, e.data.path),
    FlowHttpAnswered: (e, tx) => passed(tx, e.data.sessionId, e.data.path),
    async ConversationCompleted(e, tx) {
      const doc = await tx.get(FLOW_FUNNEL, e.data.sessionId);
      if (doc) await tx.patch(FLOW_FUNNEL, e.data.sessionId, { outcome: e.data.resolution });
    },
    async ChatbotDeleted(e, tx) {
      await tx.deleteMany(FLOW_FUNNEL, { chatbotId: e.data.chatbotId });
    },
  },
  {
    MessagesRecorded: (e) => [[FLOW_FUNNEL, e.data.sessionId]],
    FlowHttpAnswered: (e) => [[FLOW_FUNNEL, e.data.sessionId]],
    ConversationCompleted: (e) => [[FLOW_FUNNEL, e.data.sessionId]],
  },
);
