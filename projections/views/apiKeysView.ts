/** `api_keys`: looked up by the SHA-256 of the presented key on every External API call. */
import { collection } from '../../infrastructure/readStore/readStore.js';
import { defineProjection } from '../projection.js';

export const API_KEYS = collection<ApiKeyDoc>('api_keys');

export interface ApiKeyDoc {
  id: string;
  workspaceId: string;
  keyHash: string;
  prefix: string;
  role: 'admin' | 'member';
  scopes: string[];
  revoked: boolean;
  createdAt: string;
  [key: string]: unknown;
}

export const apiKeysView = defineProjection(
  'apiKeys',
  [{ name: API_KEYS.name, indexes: [['keyHash'], ['workspaceId']] }],
  {
    async ApiKeyCreated(e, tx) {
      const d = e.data;
      await tx.upsert(API_KEYS, {
        id: d.keyId,
        workspaceId: d.workspaceId,
        keyHash: d.keyHash,
        prefix: d.prefix,
        role: d.role,
        scopes: d.scopes,
        revoked: false,
        createdAt: e.metadata.occurredAt,
      });
    },
    async ApiKeyRevoked(e, tx) {
      await tx.patch(API_KEYS, e.data.keyId, { revoked: true, revokedAt: e.metadata.occurredAt });
    },
  },
);
