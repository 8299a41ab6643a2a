/**
 * What the member commands read from the views before they decide: the workspace's owner and
 * name, the addresses already in it (an invite to a member is refused), and whether an invited
 * address already has an account.
 */
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { USERS } from '../views/usersView.js';
import { WORKSPACES } from '../views/workspacesView.js';
import { MemberQueries } from './memberQueries.js';

export interface MemberLookups {
  workspace(workspaceId: string): Promise<{ ownerId: string; name: string } | null>;
  memberEmails(workspaceId: string): Promise<string[]>;
  userIdByEmail(email: string): Promise<string | null>;
}

export function memberLookups(views: ReadStoreReader): MemberLookups {
  const members = new MemberQueries(views);
  return {
    workspace: (workspaceId) => views.get(WORKSPACES, workspaceId),
    memberEmails: async (workspaceId) => (await members.list(workspaceId)).members.map((m) => m.email),
    async userIdByEmail(email) {
      const [user] = await views.find(USERS, { email }, { limit: 1 });
      return user?.id ?? null;
    },
  };
}
