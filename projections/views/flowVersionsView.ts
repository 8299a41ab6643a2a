/**
 * `chatbot_flow_versions`: every published version of every chatbot's flow, the whole flow with
 * it, for the versions endpoints (docs/flows.md, Versions). A chatbot's flow at creation is its
 * version 1; an update of the flow written before versions existed published the next one.
 */
import type { FlowDocument } from '../../domain/chatbot/flowDocument.js';
import { collection } from '../../infrastructure/readStore/readStore.js';
import { defineProjection } from '../projection.js';

export const FLOW_VERSIONS = collection<FlowVersionDoc>('chatbot_flow_versions');

export interface FlowVersionDoc {
  /** `<chatbotId>:<version>`. */
  id: string;
  chatbotId: string;
  version: number;
  publishedAt: string;
  flow: FlowDocument;
  republishedFrom: number | null;
  [key: string]: unknown;
}

export const flowVersionId = (chatbotId: string, version: number): string => `${chatbotId}:${version}`;

function versionDoc(chatbotId: string, version: number, flow: FlowDocument, publishedAt: string, from?: number) {
  return {
    id: flowVersionId(chatbotId, version),
    chatbotId,
    version,
    publishedAt,
    flow,
    republishedFrom: from ?? null,
  };
}

export const flowVersionsView = defineProjection(
  'flow_versions',
  [{ name: FLOW_VERSIONS.name, indexes: [['chatbotId', 'version']] }],
  {
    async ChatbotCreated(e, tx) {
      await tx.upsert(FLOW_VERSIONS, versionDoc(e.data.chatbotId, 1, e.data.flow, e.metadata.occurredAt));
    },
    async ChatbotUpdated(e, tx) {
      const { flow } = e.data.changes;
      if (flow === undefined) return;
      const version = (await tx.count(FLOW_VERSIONS, { chatbotId: e.data.chatbotId })) + 1;
      await tx.upsert(FLOW_VERSIONS, versionDoc(e.data.chatbotId, version, flow, e.metadata.occurredAt));
    },
    async ChatbotFlowPublished(e, tx) {
      const d = e.data;
      await tx.upsert(FLOW_VERSIONS, versionDoc(d.chatbotId, d.version, d.flow, d.publishedAt, d.republishedFrom));
    },
    async ChatbotDeleted(e, tx) {
      await tx.deleteMany(FLOW_VERSIONS, { chatbotId: e.data.chatbotId });
    },
  },
);
