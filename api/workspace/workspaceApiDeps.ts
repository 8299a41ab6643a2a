/**
 * What the workspace branding API (/api/v1/workspace, docs/branding.md) may use, handed over by
 * the composition root. Each resource module takes only its part (`Pick<WorkspaceApiDeps, …>`).
 */
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import type { RateLimiterFactory } from '../../infrastructure/rateLimit/rateLimiter.js';
import type { Logger } from '../../infrastructure/logger.js';
import type { BrandingCommands } from '../../commands/brandingCommands.js';
import type { AdClickCommands } from '../../commands/adClickCommands.js';
import type { MediaCommands } from '../../commands/mediaCommands.js';
import type { MediaStore } from '../../infrastructure/media/mediaStore.js';
import type { SessionAuthDeps } from '../session/sessionAuth.js';

export interface WorkspaceApiDeps {
  views: ReadStoreReader;
  clock: () => Date;
  logger: Logger;
  rateLimiters: RateLimiterFactory;
  /** Per-caller burst limit of the workspace endpoints (WORKSPACE_RATE_LIMIT_PER_MINUTE). */
  rateLimitPerMinute: number;
  /** Public address of the service (media URLs, the main-domain login). */
  publicUrl: string;
  /** Branded logins live at https://<slug>.<workspaceDomain>/login. */
  workspaceDomain: string;
  /** The storefront app's address: its host, like PUBLIC_URL's, is never a workspace's. */
  appUrl: string;
  branding: BrandingCommands;
  adClicks: Pick<AdClickCommands, 'recordClick'>;
  /** The login media gallery's commands, and the store its public route reads the files from. */
  media: MediaCommands;
  mediaStore: MediaStore;
  /** Writes also accept a signed-in admin's session (+ CSRF), docs/sign-in.md. */
  session: SessionAuthDeps;
}
