/** `knowledge_sources`: a workspace's knowledge sources, their status and counts, as both doors list them. */
import { collection } from '../../infrastructure/readStore/readStore.js';
import { defineProjection, stampedAt } from '../projection.js';

export const KNOWLEDGE_SOURCES = collection<KnowledgeSourceDoc>('knowledge_sources');

export interface KnowledgeSourceDoc {
  id: string;
  workspaceId: string;
  type: string;
  title: string;
  url: string | null;
  sitemap: boolean;
  fileName: string | null;
  format: string | null;
  status: string;
  error: string | null;
  revision: number;
  sizeBytes: number;
  characters: number;
  chunks: number;
  pages: number;
  indexedAt: string | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export const knowledgeSourcesView = defineProjection(
  'knowledge_sources',
  [{ name: KNOWLEDGE_SOURCES.name, indexes: [['workspaceId', 'createdAt'], ['status']] }],
  {
    async KnowledgeSourceAdded(e, tx) {
      const { sourceId, titleGiven: _given, ...d } = e.data;
      await tx.upsert(KNOWLEDGE_SOURCES, {
        id: sourceId,
        ...d,
        status: 'queued',
        error: null,
        characters: 0,
        chunks: 0,
        pages: 0,
        indexedAt: null,
        ...stampedAt(e),
      });
    },
    async KnowledgeSourceReindexRequested(e, tx) {
      await tx.patch(KNOWLEDGE_SOURCES, e.data.sourceId, {
        status: 'queued',
        error: null,
        revision: e.data.revision,
        updatedAt: e.metadata.occurredAt,
      });
    },
    async KnowledgeSourceProcessingStarted(e, tx) {
      await tx.patch(KNOWLEDGE_SOURCES, e.data.sourceId, { status: 'processing', updatedAt: e.metadata.occurredAt });
    },
    async KnowledgeSourceIndexed(e, tx) {
      const { sourceId, workspaceId: _w, revision: _r, ...counts } = e.data;
      await tx.patch(KNOWLEDGE_SOURCES, sourceId, {
        ...counts,
        status: 'ready',
        error: null,
        indexedAt: e.metadata.occurredAt,
        updatedAt: e.metadata.occurredAt,
      });
    },
    async KnowledgeSourceFailed(e, tx) {
      await tx.patch(KNOWLEDGE_SOURCES, e.data.sourceId, {
        status: 'failed',
        error: e.data.error,
        updatedAt: e.metadata.occurredAt,
      });
    },
    async KnowledgeSourceDeleted(e, tx) {
      await tx.delete(KNOWLEDGE_SOURCES, e.data.sourceId);
    },
  },
);
