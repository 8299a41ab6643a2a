/**
 * API keys and their workspaces (plan, limits) cached in process, so an External API request
 * authenticates without a database round trip.
 *
 * Invalidation comes from the event stream: every append names its stream (locally, and from
 * other instances through PostgreSQL's NOTIFY: `EventStore.appendedStreams$`). An append to
 * `apikey-<id>` or `workspace-<id>` evicts what it may change at once, and until this
 * instance's projection runner has finished a catch-up that started after the notice, loads of
 * that key or workspace read the views every time instead of being cached (the views may not
 * have applied the event yet). So a revoked key or a changed plan takes effect on every
 * instance as soon as the views include it — milliseconds after the append — and a lost notice
 * (the LISTEN connection dropping) is bounded by the entries' time to live.
 */
import type { Observable, Subscription } from 'rxjs';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import type { AppendNotice } from '../../infrastructure/eventStore/eventStore.js';
import { API_KEYS, apiKeysView, type ApiKeyDoc } from '../../projections/views/apiKeysView.js';
import { WORKSPACES, workspacesView, type WorkspaceDoc } from '../../projections/views/workspacesView.js';

/** The event types the cached views change on. */
const CACHED_VIEWS_READ = new Set([...apiKeysView.handles, ...workspacesView.handles]);

export interface CachedCaller {
  key: ApiKeyDoc;
  workspace: WorkspaceDoc;
}

/** What the cache needs from the projection runner (ProjectionRunner satisfies it). */
export interface ViewCatchUps {
  readonly drained$: Observable<number>;
  readonly drainsStarted: number;
}

export interface CallerCacheOptions {
  views: ReadStoreReader;
  /** Appends (stream and event types); stream '*' (a store that cannot tell) evicts everything. */
  appendedStreams$: Observable<AppendNotice>;
  catchUps: ViewCatchUps;
  ttlMs?: number;
  maxEntries?: number;
  /** How long a pending invalidation may wait for a catch-up before caching resumes anyway. */
  pendingMaxMs?: number;
  now?: () => number;
}

export interface CallerCache {
  /** The key with this hash and its workspace (null: no such key or workspace). */
  lookup(keyHash: string): Promise<CachedCaller | null>;
  close(): void;
}

interface Entry extends CachedCaller {
  at: number;
}

export function createCallerCache(opts: CallerCacheOptions): CallerCache {
  const ttlMs = opts.ttlMs ?? 30_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const pendingMaxMs = opts.pendingMaxMs ?? 5_000;
  const now = opts.now ?? Date.now;
  const byHash = new Map<string, Entry>();
  /** 'k:<keyId>' / 'w:<workspaceId>' / '*' → the catch-up number that must finish, and since when. */
  const pending = new Map<string, { drain: number; since: number }>();
  let generation = 0;

  function evict(scope: string): void {
    generation++;
    pending.set(scope, { drain: opts.catchUps.drainsStarted + 1, since: now() });
    if (scope === '*') return byHash.clear();
    for (const [hash, e] of byHash) {
      if (scope === `k:${e.key.id}` || scope === `w:${e.key.workspaceId}`) byHash.delete(hash);
    }
  }

  function isPending(e: CachedCaller): boolean {
    for (const scope of ['*', `k:${e.key.id}`, `w:${e.key.workspaceId}`]) {
      const p = pending.get(scope);
      if (!p) continue;
      if (now() - p.since <= pendingMaxMs) return true;
      pending.delete(scope);
    }
    return false;
  }

  const subscriptions: Subscription[] = [
    opts.appendedStreams$.subscribe(({ streamId, types }) => {
      // Only events that change what is cached: a chatbot slot on the workspace stream does not.
      if (types && !types.some((t) => CACHED_VIEWS_READ.has(t))) return;
      if (streamId.startsWith('apikey-')) evict(`k:${streamId.slice('apikey-'.length)}`);
      else if (streamId.startsWith('workspace-')) evict(`w:${streamId.slice('workspace-'.length)}`);
      else if (streamId === '*') evict('*');
    }),
    opts.catchUps.drained$.subscribe((finished) => {
      for (const [scope, p] of pending) if (p.drain <= finished) pending.delete(scope);
    }),
  ];

  async function load(keyHash: string): Promise<CachedCaller | null> {
    const [key] = await opts.views.find(API_KEYS, { keyHash }, { limit: 1 });
    if (!key) return null;
    const workspace = await opts.views.get(WORKSPACES, key.workspaceId);
    return workspace ? { key, workspace } : null;
  }

  return {
    async lookup(keyHash) {
      const hit = byHash.get(keyHash);
      if (hit && now() - hit.at < ttlMs) return hit;
      const startedAt = generation;
      const found = await load(keyHash);
      // Cache only what no invalidation overtook while it was read.
      if (found && startedAt === generation && !isPending(found)) {
        if (byHash.size >= maxEntries) byHash.delete(byHash.keys().next().value!);
        byHash.set(keyHash, { ...found, at: now() });
      }
      return found;
    },
    close() {
      for (const s of subscriptions) s.unsubscribe();
    },
  };
}
