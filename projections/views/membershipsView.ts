/**
 * `memberships`: who belongs to which workspace, with the role; one document per
 * (workspace, user), id `<workspaceId>:<userId>`. The owner comes from WorkspaceCreated, every
 * other member from the members stream (domain/member/workspaceMembers.ts). Read by sign-in
 * (which workspaces a user may enter) and on every session request (the current role).
 */
import { collection } from '../../infrastructure/readStore/readStore.js';
import { defineProjection } from '../projection.js';

export const MEMBERSHIPS = collection<MembershipDoc>('memberships');

export interface MembershipDoc {
  id: string;
  workspaceId: string;
  userId: string;
  role: 'admin' | 'member';
  isOwner: boolean;
  joinedAt: string;
  [key: string]: unknown;
}

export const membershipId = (workspaceId: string, userId: string) => `${workspaceId}:${userId}`;

export const membershipsView = defineProjection(
  'memberships',
  [{ name: MEMBERSHIPS.name, indexes: [['workspaceId'], ['userId']] }],
  {
    async WorkspaceCreated(e, tx) {
      const d = e.data;
      await tx.upsert(MEMBERSHIPS, {
        id: membershipId(d.workspaceId, d.ownerId),
        workspaceId: d.workspaceId,
        userId: d.ownerId,
        role: 'admin',
        isOwner: true,
        joinedAt: e.metadata.occurredAt,
      });
    },
    async MemberAdded(e, tx) {
      const d = e.data;
      await tx.upsert(MEMBERSHIPS, {
        id: membershipId(d.workspaceId, d.userId),
        workspaceId: d.workspaceId,
        userId: d.userId,
        role: d.role,
        isOwner: false,
        joinedAt: e.metadata.occurredAt,
      });
    },
    async MemberRoleChanged(e, tx) {
      const d = e.data;
      await tx.patch(MEMBERSHIPS, membershipId(d.workspaceId, d.userId), { role: d.role });
    },
    async MemberRemoved(e, tx) {
      const d = e.data;
      await tx.delete(MEMBERSHIPS, membershipId(d.workspaceId, d.userId));
    },
  },
);
