/**
 * Which of a store's sales channels carry the Confab loader script. A BigCommerce channel is
 * anywhere the merchant sells: storefronts, marketplaces, POS systems, marketing platforms
 * (Channels API, `reference/channels.v3.yml` of github.com/bigcommerce/docs: `type`, `platform`,
 * `status`). Only a storefront shows shoppers web pages to put a chat on, and only BigCommerce's
 * own storefronts render Scripts API scripts by themselves: Stencil (platform `bigcommerce`) and
 * Catalyst (`catalyst`, from 1.1; docs/integrations/scripts.mdx). Marketplaces, POS and
 * marketing channels are skipped, and so are headless storefronts on other platforms: they show
 * scripts only if their own code fetches them, and every script uses one of the app's ten.
 *
 * Status: `prelaunch` (the merchant previews the store before launch), `active`, and
 * `inactive` (offline for now, so the chat is in place when it returns) carry the loader;
 * `archived`, `deleted` and `terminated` storefronts do not.
 */

/** "Will always return the default BigCommerce storefront with an ID of `1`" (Get All Channels). */
export const DEFAULT_CHANNEL_ID = 1;

/** The fields of a channel this rule reads; the Channels API's answer has more. */
export interface SalesChannel {
  id: number;
  type?: string;
  platform?: string;
  status?: string;
}

const SCRIPT_RENDERING_PLATFORMS = new Set(['bigcommerce', 'catalyst']);
const LIVE_STATUSES = new Set(['prelaunch', 'active', 'inactive']);

export function carriesLoader(channel: SalesChannel): boolean {
  return (
    channel.type === 'storefront' &&
    SCRIPT_RENDERING_PLATFORMS.has(channel.platform ?? '') &&
    LIVE_STATUSES.has(channel.status ?? '')
  );
}

/** The channels that get one loader each, default storefront first (ascending id). */
export function loaderChannelIds(channels: readonly SalesChannel[]): number[] {
  return [...new Set(channels.filter(carriesLoader).map((c) => c.id))].sort((a, b) => a - b);
}
