/**
 * Branding and organization writes (docs/branding.md): an admin reads the whole branding and
 * PATCHes any of its fields; every field is checked before anything is recorded.
 */
import type { Router } from 'express';
import { NotFoundError } from '../../domain/errors.js';
import { countryList } from '../../domain/workspace/brandingRules.js';
import { WORKSPACE_BRANDING, type WorkspaceBrandingDoc } from '../../projections/views/workspaceBrandingView.js';
import type { BrandingState } from '../../domain/workspace/branding.js';
import { addRoute } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { principalOf, contextOf } from '../principal/principal.js';
import type { WorkspaceApiDeps } from './workspaceApiDeps.js';
import { ADMIN_RATE_LIMITED, requireWorkspaceAdmin } from './workspaceAuth.js';
import { ownerBranding } from './brandingPresenter.js';
import { countriesSchema, ownerBrandingSchema, patchBrandingBody, patchOrganizationBody } from './brandingSchemas.js';

const COUNTRIES = { countries: countryList() };

export function brandingRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: WorkspaceApiDeps): void {
  const { views, branding, publicUrl, workspaceDomain } = deps;
  const tags = ['Workspace branding'];
  const admin = requireWorkspaceAdmin(deps);
  const present = (doc: WorkspaceBrandingDoc) => ({ body: ownerBranding(doc, publicUrl, workspaceDomain) });
  // Answers come from the command's state: the views may lag a write, the command never does.
  const fromState = ({ workspaceId, ...rest }: BrandingState, updatedAt: string) =>
    present({ ...rest, id: workspaceId!, updatedAt });
  const answer = { 200: { description: 'The whole branding', schema: ownerBrandingSchema } };

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/branding',
      summary: "The workspace's whole branding and organization (admin key)",
      tags,
      security: 'apiKey',
      responses: { ...answer, ...ADMIN_RATE_LIMITED },
    },
    async ({ res }) => {
      const doc = await views.get(WORKSPACE_BRANDING, principalOf(res).workspaceId);
      if (!doc) throw new NotFoundError('Workspace not found');
      return present(doc);
    },
    ...admin,
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'patch',
      path: '/branding',
      summary:
        'Change any of displayName, loginLogo, companyLogo, primaryColor, secondaryColor, tagline, display (admin key)',
      tags,
      security: 'apiKey',
      body: patchBrandingBody,
      responses: {
        ...answer,
        400: { description: 'A field is invalid (named in the message); nothing is stored' },
        ...ADMIN_RATE_LIMITED,
      },
    },
    async ({ body, res }) => fromState(await branding.updateBranding(body, contextOf(res)), new Date().toISOString()),
    ...admin,
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'patch',
      path: '/organization',
      summary: 'Change any of description, website, industry, companySize, country, timezone (admin key)',
      tags,
      security: 'apiKey',
      body: patchOrganizationBody,
      responses: {
        ...answer,
        400: { description: 'A field is invalid (named in the message); nothing is stored' },
        ...ADMIN_RATE_LIMITED,
      },
    },
    async ({ body, res }) =>
      fromState(await branding.updateOrganization(body, contextOf(res)), new Date().toISOString()),
    ...admin,
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/countries',
      summary: 'Every country (ISO 3166-1 alpha-2 code and English name), for pickers (public)',
      tags,
      security: 'none',
      responses: { 200: { description: 'Countries by name', schema: countriesSchema } },
    },
    async ({ res }) => {
      res.setHeader('Cache-Control', 'public, max-age=86400');
      return { body: COUNTRIES };
    },
  );
}
