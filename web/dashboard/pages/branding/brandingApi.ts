/**
 * The workspace branding endpoints (CONTRACT.md §5) as the dashboard calls them with the
 * signed-in admin's session: the whole branding, the slug, and the login media gallery.
 */
import { api } from '../../api.js';

const BASE = '/api/v1/workspace';

export interface Display {
  fit: string;
  position: string;
  cardPosition: string;
}

export interface BrandingFields {
  loginLogo: string | null;
  companyLogo: string | null;
  primaryColor: string;
  secondaryColor: string;
  tagline: string;
  display: Display;
}

export interface Organization {
  description: string;
  website: string | null;
  industry: string | null;
  companySize: string | null;
  country: string | null;
  timezone: string | null;
}

export interface WorkspaceBranding {
  slug: string | null;
  displayName: string;
  workspaceId: string;
  loginUrl: string;
  branding: BrandingFields;
  organization: Organization;
}

export interface MediaItem {
  id: string;
  mediaUrl: string;
  mediaType: 'image' | 'video';
  contentType: string;
  size: number;
  active: boolean;
  adUrl: string | null;
  adLabel: string | null;
  slideDuration: number;
  position: number;
}

export type SlugCheck = { available: true; slug: string } | { available: false; slug: string; reason: string };

export type BrandingPatch = Partial<Omit<BrandingFields, 'display'>> & {
  displayName?: string;
  display?: Partial<Display>;
};
export type MediaPatch = Partial<Pick<MediaItem, 'adUrl' | 'adLabel' | 'slideDuration'>> & { active?: true };

export const brandingApi = {
  get: () => api.get<WorkspaceBranding>(`${BASE}/branding`),
  update: (patch: BrandingPatch) => api.send<WorkspaceBranding>('PATCH', `${BASE}/branding`, patch),
  updateOrganization: (patch: Partial<Organization>) =>
    api.send<WorkspaceBranding>('PATCH', `${BASE}/organization`, patch),
  countries: () => api.get<{ countries: Array<{ code: string; name: string }> }>(`${BASE}/countries`),
  checkSlug: (slug: string) => api.get<SlugCheck>(`${BASE}/check-slug/${encodeURIComponent(slug)}`),
  claimSlug: (slug: string) => api.send<{ message: string; slug: string }>('PUT', `${BASE}/slug`, { slug }),
  media: () => api.get<{ items: MediaItem[] }>(`${BASE}/media`),
  upload: (form: FormData) => api.upload<MediaItem>(`${BASE}/media`, form),
  updateMedia: (id: string, patch: MediaPatch) =>
    api.send<MediaItem>('PATCH', `${BASE}/media/${encodeURIComponent(id)}`, patch),
  reorder: (ids: string[]) => api.send<{ items: MediaItem[] }>('PUT', `${BASE}/media/order`, { ids }),
  removeMedia: (id: string) => api.send<{ message: string }>('DELETE', `${BASE}/media/${encodeURIComponent(id)}`),
};
