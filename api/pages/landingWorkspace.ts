/**
 * Which workspace a mailed link's landing page is for (`/invite?token=`, `/login/magic?token=`),
 * so the page can name it as the mail did ("Join Acme", "Continue to Acme").
 *
 * On a slug host the host already names the workspace (its public branding). On the main host
 * only the token knows, and a name must never be told to someone who merely guessed a token's
 * shape (an invite token starts with its workspace id): the name is shown only when the token is
 * live, checked without using it up, by the `LandingLookup` the composition root provides. With
 * no lookup (or a dead token) the page says nothing about any workspace.
 */
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { WORKSPACES } from '../../projections/views/workspacesView.js';

export interface LandingLookup {
  /** The workspace of a live invite (not used, revoked or expired), read without accepting it; else null. */
  inviteWorkspace(token: string): Promise<string | null>;
  /** The workspace a live sign-in link signs into, read without using it up; else null. */
  magicLinkWorkspace(token: string): Promise<string | null>;
}

export type LandingPage = 'invite' | 'magic';

/** The workspace's name, as its mails say it, when `token` is a live token of that kind; else null. */
export async function landingWorkspaceName(
  views: ReadStoreReader,
  lookup: LandingLookup | undefined,
  page: LandingPage,
  token: unknown,
): Promise<string | null> {
  if (!lookup || typeof token !== 'string' || token === '' || token.length > 200) return null;
  const workspaceId = page === 'invite' ? await lookup.inviteWorkspace(token) : await lookup.magicLinkWorkspace(token);
  if (!workspaceId) return null;
  return (await views.get(WORKSPACES, workspaceId))?.name ?? null;
}
