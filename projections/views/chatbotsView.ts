/**
 * `chatbots`: what the External API lists and gets, with the flow's draft; responseCount is kept
 * by the responses view.
 */
import { collection } from '../../infrastructure/readStore/readStore.js';
import type { AgentSettings } from '../../domain/agent/agentSettings.js';
import { defineProjection, stampedAt } from '../projection.js';

export const CHATBOTS = collection<ChatbotDoc>('chatbots');

export interface ChatbotDoc {
  id: string;
  workspaceId: string;
  name: string;
  description: string;
  disabled: boolean;
  responseCount: number;
  /** The draft (what the editor shows). */
  flow: { steps: unknown[] };
  /** The AI agent's settings (docs/ai-agents.md, Agents); absent or null: a flow bot. */
  agent?: AgentSettings | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export const chatbotsView = defineProjection(
  'chatbots',
  [{ name: CHATBOTS.name, indexes: [['workspaceId', 'createdAt']] }],
  {
    async ChatbotCreated(e, tx) {
      const d = e.data;
      await tx.upsert(CHATBOTS, {
        id: d.chatbotId,
        workspaceId: d.workspaceId,
        name: d.name,
        description: d.description,
        disabled: false,
        responseCount: 0,
        flow: d.flow,
        ...stampedAt(e),
      });
    },
    async ChatbotUpdated(e, tx) {
      const d = e.data;
      await tx.patch(CHATBOTS, d.chatbotId, { ...d.changes, updatedAt: e.metadata.occurredAt });
    },
    async ChatbotFlowDraftSaved(e, tx) {
      await tx.patch(CHATBOTS, e.data.chatbotId, { flow: e.data.flow, updatedAt: e.metadata.occurredAt });
    },
    async ChatbotFlowPublished(e, tx) {
      await tx.patch(CHATBOTS, e.data.chatbotId, { updatedAt: e.metadata.occurredAt });
    },
    async ChatbotAgentSet(e, tx) {
      await tx.patch(CHATBOTS, e.data.chatbotId, { agent: e.data.agent, updatedAt: e.metadata.occurredAt });
    },
    async ChatbotAgentRemoved(e, tx) {
      await tx.patch(CHATBOTS, e.data.chatbotId, { agent: null, updatedAt: e.metadata.occurredAt });
    },
    async ChatbotDeleted(e, tx) {
      await tx.delete(CHATBOTS, e.data.chatbotId);
    },
  },
);
