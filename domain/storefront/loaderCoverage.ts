/**
 * Which storefronts carry the chat, as the last loader registration found them: what the
 * settings page tells the merchant when the chat is not on every storefront (the app's limit of
 * ten scripts per store, a storefront where BigCommerce refused the script because a platform
 * limit was reached, or a token that may not read channels).
 *
 * Registrations run on every load, so the store record keeps a coverage only when it differs
 * from the one it holds: opening the app again and again writes nothing. Channel order carries no
 * meaning, so the lists are kept sorted and without repeats, and compared that way.
 */

// A type, not an interface: event data must be assignable to Record<string, unknown>.
export type LoaderCoverage = {
  /** The channels that carry a loader. */
  channels: number[];
  /** Storefront channels that should and do not: the app may own only ten scripts per store. */
  leftOut: number[];
  /** False when the token may not read channels: only the default storefront was served. */
  channelsRead: boolean;
  /**
   * Storefront channels where BigCommerce refused to create the loader with 403, its answer when
   * a request would exceed a platform limit (such as the scripts a storefront may hold). Absent
   * when there are none, so coverages recorded before it existed compare and read the same.
   */
  refusedByPlatform?: number[];
};

const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

export function normalizedCoverage(coverage: LoaderCoverage): LoaderCoverage {
  const refused = sortedIds(coverage.refusedByPlatform ?? []);
  return {
    channels: sortedIds(coverage.channels),
    leftOut: sortedIds(coverage.leftOut),
    channelsRead: coverage.channelsRead,
    ...(refused.length > 0 ? { refusedByPlatform: refused } : {}),
  };
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** Null (nothing recorded yet) equals no coverage. `held` is the record's, normalized when applied (storeRecord.ts). */
export function sameCoverage(held: LoaderCoverage | null, found: LoaderCoverage): boolean {
  if (!held) return false;
  const [a, b] = [held, normalizedCoverage(found)];
  return (
    a.channelsRead === b.channelsRead &&
    sameIds(a.channels, b.channels) &&
    sameIds(a.leftOut, b.leftOut) &&
    sameIds(a.refusedByPlatform ?? [], b.refusedByPlatform ?? [])
  );
}
