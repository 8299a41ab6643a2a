/** The members page's read: a workspace's members with their profile, and its pending invites. */
import type { MemberRole } from '../../domain/member/workspaceMembers.js';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { INVITES } from '../views/invitesView.js';
import { MEMBERSHIPS } from '../views/membershipsView.js';
import { USERS } from '../views/usersView.js';

export interface MemberView {
  userId: string;
  email: string;
  name: string;
  role: MemberRole;
  isOwner: boolean;
}

export interface InviteView {
  id: string;
  email: string;
  role: MemberRole;
  expiresAt: string;
}

export class MemberQueries {
  constructor(private readonly views: ReadStoreReader) {}

  /** Members in the order they joined, invites in the order they were sent. */
  async list(workspaceId: string): Promise<{ members: MemberView[]; invites: InviteView[] }> {
    const memberships = await this.views.find(MEMBERSHIPS, { workspaceId }, { sort: [['joinedAt', 1]] });
    const members = await Promise.all(
      memberships.map(async (m) => {
        const user = await this.views.get(USERS, m.userId);
        return { userId: m.userId, email: user?.email ?? '', name: user?.name ?? '', role: m.role, isOwner: m.isOwner };
      }),
    );
    const invites = await this.views.find(INVITES, { workspaceId }, { sort: [['createdAt', 1]] });
    return { members, invites: invites.map(({ id, email, role, expiresAt }) => ({ id, email, role, expiresAt })) };
  }
}
