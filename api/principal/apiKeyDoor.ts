/**
 * The key door: an `x-api-key` header resolved to the workspace's principal. The key is hashed
 * and looked up by its hash; the stored hash is compared again in constant time
 * (docs/external-api.md, Authentication).
 */
import type { RequestHandler } from 'express';
import { hashApiKey, sameHash } from '../../commands/apiKeySecret.js';
import { effectiveScopes } from '../../domain/apiKey/apiKey.js';
import { AuthenticationError } from '../../domain/errors.js';
import type { PlanName } from '../../domain/plans.js';
import type { ApiKeyLastUsed } from '../../infrastructure/usage/apiKeyLastUsed.js';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { API_KEYS, type ApiKeyDoc } from '../../projections/views/apiKeysView.js';
import { WORKSPACES, type WorkspaceDoc } from '../../projections/views/workspacesView.js';
import type { CallerCache } from './callerCache.js';

export interface ApiKeyDoorDeps {
  /** Where keys and workspaces are read when there is no cache. */
  views: ReadStoreReader;
  /** Notes each authenticated key's use (memory; flushed at most once a minute per key). */
  keyLastUsed?: Pick<ApiKeyLastUsed, 'touch'>;
  /** Keys and workspaces cached in process, invalidated from the event stream (absent: read the views). */
  callers?: CallerCache;
}

/** The key with this hash and its workspace, read from the views (without a caller cache). */
async function lookupInViews(
  views: ReadStoreReader,
  keyHash: string,
): Promise<{ key: ApiKeyDoc; workspace: WorkspaceDoc } | null> {
  const [key] = await views.find(API_KEYS, { keyHash }, { limit: 1 });
  if (!key) return null;
  const workspace = await views.get(WORKSPACES, key.workspaceId);
  return workspace ? { key, workspace } : null;
}

/** 401 without a live key of a workspace; else the key's principal, the key as the actor. */
export function apiKeyDoor({ views, keyLastUsed, callers }: ApiKeyDoorDeps): RequestHandler {
  return async (req, res, next) => {
    try {
      const presented = req.get('x-api-key');
      if (!presented || presented.length > 200) throw new AuthenticationError('Invalid API key');
      const hash = hashApiKey(presented.trim());
      // In process when there is a cache (callerCache.ts): no database round trip.
      const found = callers ? await callers.lookup(hash) : await lookupInViews(views, hash);
      if (!found || !sameHash(found.key.keyHash, hash)) throw new AuthenticationError('Invalid API key');
      const { key, workspace } = found;
      if (key.revoked) throw new AuthenticationError('API key has been revoked', 'API_KEY_REVOKED');
      keyLastUsed?.touch(key.id);
      res.locals.principal = {
        actor: { type: 'apiKey', id: key.id },
        workspaceId: key.workspaceId,
        workspace,
        plan: workspace.plan as PlanName,
        role: key.role,
        scopes: effectiveScopes(key.scopes),
        via: { kind: 'key', keyId: key.id, createdBy: key.createdBy ?? null },
      };
      next();
    } catch (err) {
      next(err);
    }
  };
}
