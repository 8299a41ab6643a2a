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
  countries: () => api.get<Answer<'/api/v1/workspace/countries', 'get'>>(`${BASE}/countries`),
  checkSlug: (slug: string) => api.get<SlugCheck>(`${BASE}/check-slug/${encodeURIComponent(slug)}`),
  claimSlug: (slug: string) => api.send<Answer<'/api/v1/workspace/slug', 'put'>>('PUT', `${BASE}/slug`, { slug }),
  media: () => api.get<Answer<'/api/v1/workspace/media', 'get'>>(`${BASE}/media`),
  upload: (form: FormData) => api.upload<MediaItem>(`${BASE}/media`, form),
  updateMedia: (id: string, patch: MediaPatch) =>
    api.send<MediaItem>('PATCH', `${BASE}/media/${encodeURIComponent(id)}`, patch),
  reorder: (ids: string[]) =>
    api.send<Answer<'/api/v1/workspace/media/order', 'put'>>('PUT', `${BASE}/media/order`, { ids }),
  removeMedia: (id: string) =>
    api.send<Answer<'/api/v1/workspace/media/{id}', 'delete'>>('DELETE', `${BASE}/media/${encodeURIComponent(id)}`),
};
