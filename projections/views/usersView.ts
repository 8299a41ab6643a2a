/** `users`: the workspace owner's profile (account endpoints). */
import { collection } from '../../infrastructure/readStore/readStore.js';
import { userIdOfStream } from '../../domain/user/user.js';
import { defineProjection, stampedAt } from '../projection.js';

export const USERS = collection<UserDoc>('users');

export interface UserDoc {
  id: string;
  workspaceId: string;
  email: string;
  name: string;
  phone: string | null;
  dateOfBirth: string | null;
  address: string | null;
  timezone: string;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export const usersView = defineProjection('users', [{ name: USERS.name, indexes: [['workspaceId'], ['email']] }], {
  async UserRegistered(e, tx) {
    const d = e.data;
    await tx.upsert(USERS, {
      id: d.userId,
      workspaceId: d.workspaceId,
      email: d.email,
      name: d.name,
      phone: null,
      dateOfBirth: null,
      address: null,
      timezone: d.timezone,
      ...stampedAt(e),
    });
  },
  async ProfileUpdated(e, tx) {
    const d = e.data;
    await tx.patch(USERS, d.userId, { ...d.changes, updatedAt: e.metadata.occurredAt });
  },
  async EmailChanged(e, tx) {
    const userId = userIdOfStream(e.streamId);
    await tx.patch(USERS, userId, {
      email: e.data.newEmail,
      updatedAt: e.metadata.occurredAt,
    });
  },
});
