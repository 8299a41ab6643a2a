/**
 * A workspace's public face, decided on its `workspace-<id>` stream beside the plan: the slug
 * (unique through a `slug` reservation, taken before the claim is appended), the login
 * branding and the organization details. The plan is folded here too, because a custom
 * subdomain needs a paid plan (Starter or above).
 */
import type { Decider, DomainEvent } from '../event.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { PlanName } from '../plans.js';
import { DEFAULT_DISPLAY, type BrandingFields, type OrganizationFields } from './brandingRules.js';

export const DEFAULT_PRIMARY_COLOR = '#4F46E5';
export const DEFAULT_SECONDARY_COLOR = '#64748B';

export type BrandingEvent =
  | DomainEvent<'WorkspaceCreated', { workspaceId: string; name: string; plan: PlanName }>
  | DomainEvent<'WorkspacePlanChanged', { plan: PlanName }>
  | DomainEvent<'WorkspaceSlugChanged', { workspaceId: string; slug: string; previous: string | null }>
  | DomainEvent<'WorkspaceBrandingUpdated', { workspaceId: string; changes: Partial<BrandingFields> }>
  | DomainEvent<'WorkspaceOrganizationUpdated', { workspaceId: string; changes: Partial<OrganizationFields> }>;

export interface BrandingState {
  workspaceId: string | null;
  plan: PlanName;
  slug: string | null;
  branding: BrandingFields;
  organization: OrganizationFields;
}

export const initialBrandingState: BrandingState = {
  workspaceId: null,
  plan: 'free',
  slug: null,
  branding: {
    displayName: '',
    loginLogo: null,
    companyLogo: null,
    primaryColor: DEFAULT_PRIMARY_COLOR,
    secondaryColor: DEFAULT_SECONDARY_COLOR,
    tagline: '',
    display: DEFAULT_DISPLAY,
  },
  organization: { description: '', website: null, industry: null, companySize: null, country: null, timezone: null },
};

export type BrandingCommand =
  /** The slug is already reserved for this workspace when this is decided. */
  | { type: 'ChangeSlug'; slug: string }
  | { type: 'UpdateBranding'; changes: Partial<BrandingFields> }
  | { type: 'UpdateOrganization'; changes: Partial<OrganizationFields> };

/** Only what really changes, so a PATCH that repeats the current values records nothing. */
function realChanges<T extends object>(current: T, changes: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(changes) as Array<[keyof T, T[keyof T]]>) {
    if (JSON.stringify(current[k]) !== JSON.stringify(v)) out[k] = v;
  }
  return out;
}

export function decideBranding(command: BrandingCommand, state: BrandingState): BrandingEvent[] {
  if (!state.workspaceId) throw new NotFoundError('Workspace not found');
  const workspaceId = state.workspaceId;
  switch (command.type) {
    case 'ChangeSlug':
      if (state.plan === 'free')
        throw new ForbiddenError(
          'A custom subdomain needs a paid plan (Starter or above). Upgrade your plan.',
          'PLAN_UPGRADE_REQUIRED',
        );
      if (state.slug === command.slug) return [];
      return [{ type: 'WorkspaceSlugChanged', data: { workspaceId, slug: command.slug, previous: state.slug } }];
    case 'UpdateBranding': {
      const changes = realChanges(state.branding, command.changes);
      return Object.keys(changes).length ? [{ type: 'WorkspaceBrandingUpdated', data: { workspaceId, changes } }] : [];
    }
    case 'UpdateOrganization': {
      const changes = realChanges(state.organization, command.changes);
      return Object.keys(changes).length
        ? [{ type: 'WorkspaceOrganizationUpdated', data: { workspaceId, changes } }]
        : [];
    }
  }
}

export function evolveBranding(state: BrandingState, event: BrandingEvent): BrandingState {
  switch (event.type) {
    case 'WorkspaceCreated':
      return {
        ...state,
        workspaceId: event.data.workspaceId,
        plan: event.data.plan,
        branding: { ...state.branding, displayName: event.data.name },
      };
    case 'WorkspacePlanChanged':
      return { ...state, plan: event.data.plan };
    case 'WorkspaceSlugChanged':
      return { ...state, slug: event.data.slug };
    case 'WorkspaceBrandingUpdated':
      return { ...state, branding: { ...state.branding, ...event.data.changes } };
    case 'WorkspaceOrganizationUpdated':
      return { ...state, organization: { ...state.organization, ...event.data.changes } };
    default:
      return state;
  }
}

export const brandingDecider: Decider<BrandingCommand, BrandingState, BrandingEvent> = {
  decide: decideBranding,
  evolve: evolveBranding,
  initialState: initialBrandingState,
};
