/**
 * `model_connections`: the workspace's model connections as both doors list them. The API key
 * is not here, not even its ciphertext: only the aggregate holds that, and only the command
 * that calls the provider decrypts it.
 */
import { collection } from '../../infrastructure/readStore/readStore.js';
import { defineProjection, stampedAt } from '../projection.js';

export const MODEL_CONNECTIONS = collection<ModelConnectionDoc>('model_connections');

export interface ModelConnectionDoc {
  id: string;
  workspaceId: string;
  name: string;
  baseUrl: string;
  chatModel: string;
  embeddingModel: string | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export const modelConnectionsView = defineProjection(
  'model_connections',
  [{ name: MODEL_CONNECTIONS.name, indexes: [['workspaceId', 'createdAt']] }],
  {
    async ModelConnectionCreated(e, tx) {
      const { connectionId, workspaceId, name, baseUrl, chatModel, embeddingModel } = e.data;
      await tx.upsert(MODEL_CONNECTIONS, {
        id: connectionId,
        workspaceId,
        name,
        baseUrl,
        chatModel,
        embeddingModel,
        ...stampedAt(e),
      });
    },
    // A new key alone is an edit too: updatedAt tells the admin when the connection last changed.
    async ModelConnectionUpdated(e, tx) {
      await tx.patch(MODEL_CONNECTIONS, e.data.connectionId, { ...e.data.changes, updatedAt: e.metadata.occurredAt });
    },
    async ModelConnectionDeleted(e, tx) {
      await tx.delete(MODEL_CONNECTIONS, e.data.connectionId);
    },
  },
);
