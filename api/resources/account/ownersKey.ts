/**
 * Whose key may reach the workspace owner's account through the key door: the owner's own. A
 * key is the owner's when the owner created it (their dashboard session), or when it came with
 * the workspace (created by the operator's CLI or by the sign-up, for the owner). A key another
 * admin minted speaks for the workspace, not for the owner's person: it gets 403. A key whose
 * view document predates recording the creator is refused too, until the views are rebuilt
 * (`confab projections rebuild`), which fills it in from the log.
 */
import { ForbiddenError } from '../../../domain/errors.js';
import type { Actor } from '../../../infrastructure/eventStore/eventStore.js';
import type { Principal } from '../../principal/principal.js';

export const ACCOUNT_OWNER_ONLY = 'ACCOUNT_OWNER_ONLY';
const SIGN_UP_ACTOR = 'signup';

/**
 * The owner's session, the operator's CLI or the system, or the sign-up that created the
 * workspace (its requests act as the user `signup`, api/auth/visitorContext.ts, before the
 * owner's id exists). Never another user, nor a key (a key minting keys would launder them).
 */
function madeForOwner(creator: Actor, ownerId: string): boolean {
  if (creator.type === 'operator' || creator.type === 'system') return true;
  return creator.type === 'user' && (creator.id === ownerId || creator.id === SIGN_UP_ACTOR);
}

/** The owner's user id when the principal's key is the owner's own; else 403 ACCOUNT_OWNER_ONLY. */
export function ownerThroughOwnKey({ via, workspace }: Pick<Principal, 'via' | 'workspace'>): string {
  const creator = via.kind === 'key' ? via.createdBy : null;
  if (!creator || !madeForOwner(creator, workspace.ownerId))
    throw new ForbiddenError(
      "Only an API key the workspace owner created (or the one that came with the workspace) reaches the owner's account",
      ACCOUNT_OWNER_ONLY,
    );
  return workspace.ownerId;
}
