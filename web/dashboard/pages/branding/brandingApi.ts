/**
 * The workspace branding endpoints (docs/branding.md) as the dashboard calls them with the
 * signed-in admin's session: the whole branding, the slug, and the login media gallery.
 */
import { api } from '../../api.js';
import type { AlwaysSent, Answer } from '../../apiTypes.js';

const BASE = '/api/v1/workspace';

/** The route's schema leaves branding and organization members optional; the route sends them all. */
export type WorkspaceBranding = AlwaysSent<Answer<'/api/v1/workspace/branding', 'get'>>;
export type BrandingFields = WorkspaceBranding['branding'];
export type Display = BrandingFields['display'];
export type Organization = WorkspaceBranding['organization'];
export type MediaItem = Answer<'/api/v1/workspace/media', 'get'>['items'][number];
export type SlugCheck = Answer<'/api/v1/workspace/check-slug/{slug}', 'get'>;

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
