/**
 * What sign-in reads from the views before it lets someone in: the account of an address (and
 * the address of an account), the workspaces a user belongs to, a workspace's slug (its host) and name, and the workspace of a
 * slug.
 */
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { MEMBERSHIPS, membershipId, type MembershipDoc } from '../views/membershipsView.js';
import { USERS, type UserDoc } from '../views/usersView.js';
import { WORKSPACE_BRANDING } from '../views/workspaceBrandingView.js';
import { WORKSPACES } from '../views/workspacesView.js';

export interface SignInLookups {
  userByEmail(email: string): Promise<UserDoc | null>;
  emailOf(userId: string): Promise<string | null>;
  /** In the order they were joined. */
  membershipsOf(userId: string): Promise<MembershipDoc[]>;
  isMember(userId: string, workspaceId: string): Promise<boolean>;
  slugOf(workspaceId: string): Promise<string | null>;
  workspaceIdOfSlug(slug: string): Promise<string | null>;
  workspaceNameOf(workspaceId: string): Promise<string | null>;
}

export function signInLookups(views: ReadStoreReader): SignInLookups {
  return {
    async userByEmail(email) {
      const [user] = await views.find(USERS, { email }, { limit: 1 });
      return user ?? null;
    },
    emailOf: async (userId) => (await views.get(USERS, userId))?.email ?? null,
    membershipsOf: (userId) => views.find(MEMBERSHIPS, { userId }, { sort: [['joinedAt', 1]] }),
    isMember: async (userId, workspaceId) => (await views.get(MEMBERSHIPS, membershipId(workspaceId, userId))) !== null,
    slugOf: async (workspaceId) => (await views.get(WORKSPACE_BRANDING, workspaceId))?.slug ?? null,
    async workspaceIdOfSlug(slug) {
      const [doc] = await views.find(WORKSPACE_BRANDING, { slug }, { limit: 1 });
      return doc?.id ?? null;
    },
    workspaceNameOf: async (workspaceId) => (await views.get(WORKSPACES, workspaceId))?.name ?? null,
  };
}
