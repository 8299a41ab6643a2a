/**
 * Branding commands: claim a slug (race-safe through a `slug` reservation, the old one given
 * back and kept for this workspace through its cool-down), and PATCH the login branding and the
 * organization details. Everything is validated before anything is reserved or appended, so a
 * refused request leaves nothing behind.
 */
import { ConflictError, ValidationError } from '../domain/errors.js';
import { checkSlugRules, type SlugVerdict } from '../domain/workspace/slugRules.js';
import { SLUG_COOL_DOWN_MS, SLUG_COOLING_DOWN } from '../domain/workspace/slugCoolDown.js';
import { brandingDecider, type BrandingState } from '../domain/workspace/branding.js';
import { validateBrandingPatch, validateOrganizationPatch } from '../domain/workspace/brandingRules.js';
import { galleryDecider } from '../domain/media/gallery.js';
import { mediaUrlPath } from '../projections/views/mediaItemsView.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';
import type { Reservations } from './reservations.js';
import { bodyObject } from './jsonBody.js';
import { workspaceStream } from '../domain/workspace/workspace.js';

export const SLUG_RESERVATION = 'slug';
const TAKEN = 'This slug is already taken. Try another one.';

type Ctx = CommandContext & { workspaceId: string };

export interface BrandingCommandsDeps {
  aggregates: AggregateStore;
  reservations: Reservations;
  /** The service's own origin: uploaded images served from it may be logos. */
  ownOrigin: string;
  /** The labels of the service's own hosts under the workspace domain (api/session/workspaceHost.ts). */
  serviceSlugs: readonly string[];
  /** The time a release records and a claim is judged at (the slug cool-down). */
  clock: () => Date;
}

export type SlugAvailability = { available: true; slug: string } | { available: false; reason: string; slug: string };

export class BrandingCommands {
  constructor(private readonly deps: BrandingCommandsDeps) {}

  async load(workspaceId: string): Promise<BrandingState> {
    return (await this.deps.aggregates.load(workspaceStream(workspaceId), brandingDecider)).state;
  }

  /** Every slug rule but uniqueness, the service's own host labels included. */
  checkSlug(raw: unknown): SlugVerdict {
    return checkSlugRules(raw, this.deps.serviceSlugs);
  }

  /**
   * Whether the slug is free to claim, from the reservation itself. A slug in its cool-down is
   * free only to `workspaceId` when that is the workspace that gave it up (null: a caller not known).
   */
  async slugAvailability(raw: unknown, workspaceId: string | null = null): Promise<SlugAvailability> {
    const verdict = this.checkSlug(raw);
    if (!verdict.ok) return { available: false, reason: verdict.reason, slug: String(raw) };
    const { slug } = verdict;
    if (await this.deps.reservations.ownerOf(SLUG_RESERVATION, slug))
      return { available: false, reason: 'This slug is already taken.', slug };
    const coolDown = { now: this.deps.clock(), ms: SLUG_COOL_DOWN_MS };
    const holder = await this.deps.reservations.holderOf(SLUG_RESERVATION, slug, coolDown);
    if (holder === null || holder === workspaceId) return { available: true, slug };
    return { available: false, reason: SLUG_COOLING_DOWN, slug };
  }

  async claimSlug(raw: unknown, ctx: Ctx): Promise<{ slug: string }> {
    const verdict = this.checkSlug(raw);
    if (!verdict.ok) throw new ValidationError(`slug: ${verdict.reason}`, 'slug', 'SLUG_INVALID');
    const { slug } = verdict;
    const before = await this.load(ctx.workspaceId);
    // Refuse a Free plan before reserving anything (the decider checks it again on append).
    if (before.workspaceId && before.plan === 'free') brandingDecider.decide({ type: 'ChangeSlug', slug }, before);
    if (before.slug === slug) return { slug };
    try {
      await this.deps.reservations.reserve(SLUG_RESERVATION, slug, ctx.workspaceId, ctx, TAKEN, {
        coolDown: { now: this.deps.clock(), ms: SLUG_COOL_DOWN_MS, message: SLUG_COOLING_DOWN },
      });
    } catch (err) {
      throw err instanceof ConflictError ? new ConflictError(err.message, 'SLUG_TAKEN') : err;
    }
    let previous: string | null;
    try {
      ({
        before: { slug: previous },
      } = await this.deps.aggregates.handle(
        workspaceStream(ctx.workspaceId),
        brandingDecider,
        { type: 'ChangeSlug', slug },
        ctx,
      ));
    } catch (err) {
      await this.deps.reservations.release(SLUG_RESERVATION, slug, ctx.workspaceId, ctx);
      throw err;
    }
    // The old subdomain is free for others once the new one is ours and its cool-down has passed.
    if (previous && previous !== slug)
      await this.deps.reservations.release(SLUG_RESERVATION, previous, ctx.workspaceId, ctx, this.deps.clock());
    return { slug };
  }

  async updateBranding(body: unknown, ctx: Ctx): Promise<BrandingState> {
    const stream = workspaceStream(ctx.workspaceId);
    const [current, gallery] = await Promise.all([
      this.load(ctx.workspaceId),
      this.deps.aggregates.load(stream, galleryDecider),
    ]);
    const images = new Set(
      gallery.state.items.filter((i) => i.mediaType === 'image').map((i) => mediaUrlPath(i.mediaId)),
    );
    const changes = validateBrandingPatch(bodyObject(body), current.branding, {
      ownOrigin: this.deps.ownOrigin,
      isOwnImage: (path) => images.has(path),
    });
    return (
      await this.deps.aggregates.handle(
        workspaceStream(ctx.workspaceId),
        brandingDecider,
        { type: 'UpdateBranding', changes },
        ctx,
      )
    ).state;
  }

  async updateOrganization(body: unknown, ctx: Ctx): Promise<BrandingState> {
    const changes = validateOrganizationPatch(bodyObject(body));
    return (
      await this.deps.aggregates.handle(
        workspaceStream(ctx.workspaceId),
        brandingDecider,
        { type: 'UpdateOrganization', changes },
        ctx,
      )
    ).state;
  }
}
