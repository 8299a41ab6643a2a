/**
 * The branding a sign-in page shows: a workspace's public branding (the same view and presenter
 * as GET /api/v1/workspace/public/branding/{slug}) plus what a page needs beyond it: display
 * settings and its background slides (loginSlides.ts: the gallery from the active item on, each
 * with its slide duration and ad-click address). Media and logo paths are made same-origin, so
 * they load under the page's CSP on a slug host too.
 */
import { WORKSPACE_BRANDING } from '../../projections/views/workspaceBrandingView.js';
import { MEDIA_ITEMS } from '../../projections/views/mediaItemsView.js';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '../../domain/workspace/branding.js';
import { DEFAULT_DISPLAY } from '../../domain/workspace/brandingRules.js';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { publicBranding } from '../workspace/brandingPresenter.js';
import type { LoginBranding } from './pageData.js';
import { loginSlides } from './loginSlides.js';

export const CONFAB_BRANDING: LoginBranding = {
  slug: null,
  displayName: 'Confab',
  loginLogo: null,
  primaryColor: DEFAULT_PRIMARY_COLOR,
  secondaryColor: DEFAULT_SECONDARY_COLOR,
  tagline: 'Welcome back. Sign in to your workspace.',
  display: DEFAULT_DISPLAY,
  media: [],
};

/** An address on this service's own public URL becomes a path, served on every host. */
export function sameOrigin(url: string | null, publicUrl: string): string | null {
  if (!url) return null;
  return url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url;
}

export async function brandingForSlug(
  views: ReadStoreReader,
  slug: string,
  publicUrl: string,
): Promise<LoginBranding | null> {
  const [doc] = await views.find(WORKSPACE_BRANDING, { slug: slug.toLowerCase() }, { limit: 1 });
  if (!doc) return null;
  const gallery = await views.find(MEDIA_ITEMS, { workspaceId: doc.id }, { sort: [['position', 1]] });
  const pub = publicBranding(doc, gallery.find((i) => i.active) ?? null, publicUrl);
  const media = loginSlides(gallery, {
    slug: doc.slug ?? slug,
    publicUrl,
    logos: [doc.branding.loginLogo, doc.branding.companyLogo],
  });
  return {
    slug: pub.slug,
    displayName: pub.displayName || 'Confab',
    loginLogo: sameOrigin(pub.branding.loginLogo, publicUrl),
    primaryColor: pub.branding.primaryColor,
    secondaryColor: pub.branding.secondaryColor,
    tagline: pub.branding.tagline,
    display: doc.branding.display ?? DEFAULT_DISPLAY,
    media,
  };
}
