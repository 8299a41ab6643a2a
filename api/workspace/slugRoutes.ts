/**
 * Slugs and the public branding lookup (docs/branding.md). The slug check and
 * the lookup need no authentication; claiming a slug needs an admin key and a paid plan.
 */
import type { Router } from 'express';
import { NotFoundError } from '../../domain/errors.js';
import { WORKSPACE_BRANDING } from '../../projections/views/workspaceBrandingView.js';
import { MEDIA_ITEMS } from '../../projections/views/mediaItemsView.js';
import { addRoute } from '../http/route.js';
import { etagOf, notModified } from '../http/conditionalGet.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { contextOf } from '../principal/principal.js';
import { resolveSession } from '../session/sessionAuth.js';
import type { WorkspaceApiDeps } from './workspaceApiDeps.js';
import { ADMIN_RATE_LIMITED, requireWorkspaceAdmin } from './workspaceAuth.js';
import { publicBranding } from './brandingPresenter.js';
import {
  checkSlugParams,
  claimSlugBody,
  claimSlugResult,
  publicBrandingSchema,
  slugCheckResult,
  slugParams,
} from './brandingSchemas.js';

/** Login pages may cache the public branding briefly; ETag revalidation keeps it cheap. */
const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';

export function slugRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: WorkspaceApiDeps): void {
  const { views, branding, publicUrl } = deps;
  const tags = ['Workspace branding'];

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/check-slug/:slug',
      summary: 'Whether a slug can be claimed, with the reason when not (public)',
      tags,
      security: 'none',
      params: checkSlugParams,
      paramsAnyText: true,
      responses: {
        200: {
          description:
            '{available: true, slug} or {available: false, reason, slug}; any text gets an answer (a broken slug rule is reported as available: false, not as an HTTP error)',
          schema: slugCheckResult,
        },
      },
    },
    async ({ params, req, res }) => {
      res.setHeader('Cache-Control', 'no-store');
      // A signed-in admin's own slug in its cool-down is theirs to take back, so it shows as free to them.
      const signedIn = await resolveSession(req, deps.session);
      return { body: await branding.slugAvailability(params.slug, signedIn?.workspaceId ?? null) };
    },
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'put',
      path: '/slug',
      summary: 'Claim the workspace slug (admin key; Starter plan or above); the old slug is released',
      tags,
      security: 'apiKey',
      body: claimSlugBody,
      responses: {
        200: { description: 'Claimed', schema: claimSlugResult },
        400: { description: 'A slug rule is broken (the message says which)' },
        403: { description: 'Not an admin key, or the Free plan' },
        409: {
          description: 'Taken by another workspace, or given up by another within its 30-day cool-down (SLUG_TAKEN)',
        },
        ...ADMIN_RATE_LIMITED,
      },
    },
    async ({ body, res }) => {
      const { slug } = await branding.claimSlug(body.slug, contextOf(res));
      return { body: { message: `Your workspace slug is now ${slug}.`, slug } };
    },
    ...requireWorkspaceAdmin(deps),
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/public/branding/:slug',
      summary: 'Public branding of a workspace by slug: what its login page shows (public, cacheable)',
      tags,
      security: 'none',
      params: slugParams,
      responses: {
        200: { description: 'The public branding; only the active login media item', schema: publicBrandingSchema },
        304: { description: 'Not modified (If-None-Match)' },
        404: { description: 'Unknown slug' },
      },
    },
    async ({ params, req, res }) => {
      const [doc] = await views.find(WORKSPACE_BRANDING, { slug: String(params.slug).toLowerCase() }, { limit: 1 });
      if (!doc) throw new NotFoundError('No workspace has this slug');
      const [active] = await views.find(MEDIA_ITEMS, { workspaceId: doc.id, active: true }, { limit: 1 });
      res.setHeader('Cache-Control', PUBLIC_CACHE);
      const body = publicBranding(doc, active ?? null, publicUrl);
      if (notModified(req, res, etagOf(body))) {
        res.status(304).end();
        return;
      }
      return { body };
    },
  );
}
