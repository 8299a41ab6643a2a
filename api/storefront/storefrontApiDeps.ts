/** What the storefront app's HTTP layer receives from the composition root. */
import type { Logger } from '../../infrastructure/logger.js';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import type { StoreSessionStore } from '../../infrastructure/bigcommerce/storeSessionStore.js';
import type { StorefrontCommands } from '../../commands/storefrontCommands.js';
import type { RateLimiterFactory } from '../../infrastructure/rateLimit/rateLimiter.js';

export interface StorefrontApiDeps {
  views: ReadStoreReader;
  logger: Logger;
  /** {app_url}: where BigCommerce calls us and the control panel frames the settings page. */
  appUrl: string;
  /** Where the widget (widget.js) and the visitor chat API live. */
  publicUrl: string;
  /** Unset: the app is not configured; callbacks answer an explanatory page, the loader does nothing. */
  credentials: { clientId: string; clientSecret: string } | null;
  commands: StorefrontCommands;
  sessions: StoreSessionStore;
  /** The open customer-token check is limited per client address. */
  rateLimiters: RateLimiterFactory;
}
