/**
 * What a branded sign-in page plays as its background: the workspace's whole login gallery as a
 * slideshow, in display order, starting at the active item and wrapping round. The public
 * branding JSON (GET /api/v1/workspace/public/branding/{slug}) still carries the active item
 * only (docs/branding.md); the page may show more because every gallery file is public media
 * already (GET /public/media/{id}), so nothing is disclosed that was not public.
 *
 * Left out: an item the workspace uses as its login or company logo. A logo can only live on
 * this service as a gallery upload (domain/workspace/brandingRules.ts), and a logo is not a
 * background; the active item is always kept, whatever it is, since an admin chose it.
 */
import type { MediaItemDoc } from '../../projections/views/mediaItemsView.js';
import type { LoginMedia } from './pageData.js';

export interface SlideSource {
  slug: string;
  publicUrl: string;
  /** Absolute URLs of the workspace's logos (null when unset). */
  logos: (string | null)[];
}

function slideOf(item: MediaItemDoc, slug: string): LoginMedia {
  return {
    id: item.id,
    url: item.mediaUrlPath,
    type: item.mediaType === 'video' ? 'video' : 'image',
    adUrl: item.adUrl,
    adLabel: item.adLabel,
    slideDuration: item.slideDuration,
    clickUrl: item.adUrl
      ? `/api/v1/workspace/public/ad-click/${encodeURIComponent(slug)}/${encodeURIComponent(item.id)}`
      : null,
  };
}

/** `items` in display order (any order is sorted); answers [] when none is active. */
export function loginSlides(items: MediaItemDoc[], source: SlideSource): LoginMedia[] {
  const ordered = [...items].sort((a, b) => a.position - b.position);
  const start = ordered.findIndex((i) => i.active);
  if (start < 0) return [];
  const logos = new Set(source.logos.filter((l): l is string => !!l));
  const rotated = [...ordered.slice(start), ...ordered.slice(0, start)];
  return rotated
    .filter((i) => i.active || !logos.has(source.publicUrl + i.mediaUrlPath))
    .map((i) => slideOf(i, source.slug));
}
