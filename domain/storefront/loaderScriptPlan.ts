/**
 * The convergence rule for the app's loader scripts (registering again never creates a
 * duplicate): exactly one per channel that carries it, and never more scripts than BigCommerce
 * lets an app own on a store. Two on one channel would put the loader on its pages twice.
 *
 * Given what the Scripts API lists, the plan says which copies to remove, which channels need a
 * new one, which to keep (and whether each is already current), and which channels are left
 * without one because the app's limit is reached. On a channel with several copies the oldest is
 * kept (then the smallest uuid): every registration, concurrent ones included, makes the same
 * choice from what it reads, so their copies are removed and one remains.
 *
 * The caller removes before it creates: a store already at the limit (copies left by an earlier
 * APP_URL, say) frees the slots first, so no creation is refused.
 */

/** "Each app can have 10 API-created scripts" (docs/integrations/scripts.mdx, BigCommerce docs). */
export const MAX_SCRIPTS_PER_APP = 10;

/** One of our loader scripts as listed: where it is, how old, whether it matches what we would write. */
export interface PlacedLoader {
  uuid: string;
  channelId: number;
  /** Milliseconds since the epoch; 0 when unknown. */
  createdAt: number;
  current: boolean;
}

export interface LoaderChannels {
  /** Channels that should carry one, in order of preference (the default storefront first). */
  targets: number[];
  /**
   * True when every channel of the store is known (the Channels API answered): a loader on any
   * other channel is removed. False when only the default storefront is known: loaders on other
   * channels are left alone, since they may be live storefronts.
   */
  complete: boolean;
}

export interface LoaderPlan {
  remove: string[];
  create: number[];
  keep: Array<{ channelId: number; uuid: string; current: boolean }>;
  /** Target channels without a loader: the app may own only MAX_SCRIPTS_PER_APP scripts. */
  leftOut: number[];
}

const oldestFirst = (a: PlacedLoader, b: PlacedLoader) =>
  a.createdAt - b.createdAt || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);

/** `otherScripts`: the app's scripts that are not loaders; they use slots too and are never touched. */
export function planLoaders(loaders: readonly PlacedLoader[], channels: LoaderChannels, otherScripts = 0): LoaderPlan {
  const targets = [...new Set(channels.targets)];
  const leftAlone = (l: PlacedLoader) => !channels.complete && !targets.includes(l.channelId);
  const budget = Math.max(0, MAX_SCRIPTS_PER_APP - otherScripts - loaders.filter(leftAlone).length);
  const served = targets.slice(0, budget);
  const plan: LoaderPlan = { remove: [], create: [], keep: [], leftOut: targets.slice(budget) };

  for (const channelId of served) {
    const [oldest, ...copies] = loaders.filter((l) => l.channelId === channelId).sort(oldestFirst);
    if (!oldest) plan.create.push(channelId);
    else plan.keep.push({ channelId, uuid: oldest.uuid, current: oldest.current });
    plan.remove.push(...copies.map((c) => c.uuid));
  }
  // Loaders on channels that should not carry one (archived, gone, or beyond the limit).
  plan.remove.push(...loaders.filter((l) => !served.includes(l.channelId) && !leftAlone(l)).map((l) => l.uuid));
  return plan;
}
