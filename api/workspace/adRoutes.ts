/**
 * Ad links of the login background media: the public click redirect and the ad analytics
 * object (Pro plan or above), docs/branding.md.
 */
import type { Router } from 'express';
import { ForbiddenError, NotFoundError } from '../../domain/errors.js';
import { planAtLeast } from '../../domain/plans.js';
import { addDays, dayOf, daysFrom } from '../../domain/conversation/utcDays.js';
import { redirectTarget } from '../../domain/workspace/adClicks.js';
import { AD_ANALYTICS_DAYS, adAnalyticsOf } from '../../domain/workspace/adAnalytics.js';
import { AD_CLICK_DAYS } from '../../projections/views/adClicksView.js';
import { WORKSPACE_BRANDING } from '../../projections/views/workspaceBrandingView.js';
import { MEDIA_ITEMS } from '../../projections/views/mediaItemsView.js';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { addRoute } from '../http/route.js';
import { rateLimitKeyOf } from '../http/clientAddressKey.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { principalOf } from '../principal/principal.js';
import { requireWorkspaceCaller } from './workspaceAuth.js';
import { slugOfHost } from '../session/workspaceHost.js';
import type { WorkspaceApiDeps } from './workspaceApiDeps.js';
import { adAnalyticsSchema, adClickParams, adClickQuery } from './adSchemas.js';

/**
 * Clicks recorded per client address (IPv4, or an IPv6 /64) in a window: generous for people
 * behind one office address, small enough that a script cannot inflate a workspace's numbers.
 * Past it the visitor is still sent on, but the click is not counted.
 */
export const AD_CLICKS_PER_ADDRESS = { points: 30, durationSeconds: 600 };

/** The item's link, when the slug names a workspace that owns the item and the item has one. */
async function adTarget(
  views: ReadStoreReader,
  slug: string,
  mediaId: string,
): Promise<{ workspaceId: string; url: string }> {
  const notFound = new NotFoundError('No ad link here');
  const [workspace] = await views.find(WORKSPACE_BRANDING, { slug: slug.toLowerCase() }, { limit: 1 });
  if (!workspace) throw notFound;
  const item = await views.get(MEDIA_ITEMS, mediaId);
  // Another workspace's item under this slug is as unknown as a missing one: never say which.
  const url = item?.workspaceId === workspace.id ? redirectTarget(item.adUrl) : null;
  if (!url) throw notFound;
  return { workspaceId: workspace.id, url };
}

export function adRoutes(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  deps: Pick<
    WorkspaceApiDeps,
    'views' | 'clock' | 'logger' | 'rateLimiters' | 'rateLimitPerMinute' | 'adClicks' | 'session'
  >,
): void {
  const { views, clock, logger, adClicks } = deps;
  const tags = ['Ad analytics'];
  const perAddress = deps.rateLimiters.create({ name: 'ad-click', ...AD_CLICKS_PER_ADDRESS });

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/public/ad-click/:slug/:mediaId',
      tags,
      security: 'none',
      summary:
        'Follow an ad link of a login background item (public): records one click and redirects to the link stored with the item',
      params: adClickParams,
      query: adClickQuery,
      responses: {
        302: {
          description:
            'Redirect: Location is the adUrl stored with the item (never taken from the request). Cache-Control: no-store',
        },
        404: {
          description:
            "Unknown slug or media item, an item of another workspace, an item without an ad link, or asked on another workspace's host",
        },
      },
    },
    async ({ params, query, req, res }) => {
      // A workspace's host follows only its own ad links: another tenant's redirect must not
      // borrow this host's name (a login page's ?next=, a link that looks like this workspace's).
      const hostSlug = slugOfHost(req.hostname ?? '', deps.session.workspaceDomain);
      if (hostSlug !== null && hostSlug !== params.slug.toLowerCase()) throw new NotFoundError('No ad link here');
      const target = await adTarget(views, params.slug, params.mediaId);
      const clientAddress = rateLimitKeyOf(req.ip);
      try {
        // Express answers HEAD with this GET handler. Link checkers and unfurlers send HEAD, and no
        // person follows the link that way, so a HEAD is answered the same but not counted.
        if (req.method === 'GET' && (await perAddress.consume(clientAddress)).allowed) {
          await adClicks.recordClick({
            workspaceId: target.workspaceId,
            mediaId: params.mediaId,
            vid: query.vid,
            clientAddress,
            userAgent: req.get('user-agent') ?? '',
            requestId: res.locals.requestId,
          });
        }
      } catch (err) {
        // The visitor chose to go to the advertiser: a store hiccup loses one count, not the visit.
        logger.error('ad click not recorded', {
          workspaceId: target.workspaceId,
          mediaId: params.mediaId,
          error: (err as Error).message,
        });
      }
      res.setHeader('Cache-Control', 'no-store');
      // The advertiser may learn the visit came from the login page's origin, not its path.
      res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
      res.setHeader('Location', target.url);
      res.status(302).end();
    },
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/ad-analytics',
      tags,
      security: 'apiKey',
      summary: `Ad click analytics of the last ${AD_ANALYTICS_DAYS} days (UTC): totals, unique visitors, daily clicks, devices, top browsers. Any API key or signed-in member of the workspace; Pro plan or above`,
      responses: {
        200: { description: 'The ad analytics object', schema: adAnalyticsSchema },
        401: { description: 'No or an invalid API key, and no session' },
        403: { description: 'The plan is below Pro (PLAN_UPGRADE_REQUIRED)' },
      },
    },
    async ({ res }) => {
      const { workspaceId, plan } = principalOf(res);
      if (!planAtLeast(plan, 'pro'))
        throw new ForbiddenError(
          'Ad analytics needs the Pro plan or above. Upgrade your plan.',
          'PLAN_UPGRADE_REQUIRED',
        );
      const today = dayOf(clock());
      const window = daysFrom(addDays(today, 1 - AD_ANALYTICS_DAYS), today);
      const days = await views.find(
        AD_CLICK_DAYS,
        { workspaceId, day: { $gte: window[0], $lte: today } },
        { limit: AD_ANALYTICS_DAYS },
      );
      res.setHeader('Cache-Control', 'private, no-store');
      return { body: adAnalyticsOf(days, window) };
    },
    ...requireWorkspaceCaller(deps, { anyRole: true }),
  );
}
