/**
 * `invites`: the pending invites of each workspace, for the members page. Accepted and revoked
 * invites leave the view; the token's hash is not copied here (the decider keeps it).
 */
import { collection } from '../../infrastructure/readStore/readStore.js';
import { defineProjection } from '../projection.js';

export const INVITES = collection<InviteDoc>('invites');

export interface InviteDoc {
  id: string;
  workspaceId: string;
  email: string;
  role: 'admin' | 'member';
  expiresAt: string;
  createdAt: string;
  [key: string]: unknown;
}

export const invitesView = defineProjection('invites', [{ name: INVITES.name, indexes: [['workspaceId']] }], {
  async MemberInvited(e, tx) {
    const d = e.data;
    await tx.upsert(INVITES, {
      id: d.inviteId,
      workspaceId: d.workspaceId,
      email: d.email,
      role: d.role,
      expiresAt: d.expiresAt,
      createdAt: e.metadata.occurredAt,
    });
  },
  async InviteRevoked(e, tx) {
    await tx.delete(INVITES, e.data.inviteId);
  },
  async InviteAccepted(e, tx) {
    await tx.delete(INVITES, e.data.inviteId);
  },
});
