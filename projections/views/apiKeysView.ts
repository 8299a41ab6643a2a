/** `api_keys`: looked up by the SHA-256 of the presented key on every External API call. */
import type { Actor } from '../../infrastructure/eventStore/eventStore.js';
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
  /**
   * Who created the key (its ApiKeyCreated's actor): a user through the dashboard, or the
   * operator or the system with the workspace. Absent on documents built before it was kept.
   */
  createdBy?: Actor;
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
        createdBy: { type: e.metadata.actor.type, id: e.metadata.actor.id },
      });
    },
    async ApiKeyRevoked(e, tx) {
      await tx.patch(API_KEYS, e.data.keyId, { revoked: true, revokedAt: e.metadata.occurredAt });
    },
  },
);
