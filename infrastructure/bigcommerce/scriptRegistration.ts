/**
 * Registers the per-store loader with the Scripts API: one script on every storefront channel
 * that carries it (domain/storefront/loaderChannels.ts), following the convergence rule of
 * domain/storefront/loaderScriptPlan.ts. Scripts are per channel in BigCommerce (`channel_id`;
 * "if you want a particular script to show up on several sites, you must create that script
 * separately on each site", multi-storefront guide), so a store with several storefronts needs
 * one per storefront. The list answers only this app's scripts, and ours among them are
 * recognised by name or by the loader's `/script.js?store=<hash>` (a script placed under an
 * earlier APP_URL).
 *
 * Reading channels needs the Channel Settings read-only scope (`store_channel_settings_read_only`).
 * A token without it (an install from before the app asked for it) gets 403: then only the
 * default storefront, channel 1, is served and loaders on other channels are left alone.
 *
 * A creation BigCommerce refuses with 403 (a platform limit, such as the scripts a storefront
 * may hold) leaves that storefront without the loader and is reported (`refusedByPlatform`); the
 * other storefronts are served and every loader already placed stays. The next registration
 * (the next time the merchant opens the app) asks again.
 *
 * Two registrations can run at once (a double-clicked Install, /auth called twice, a load during
 * an install): both read the same list and both create. So a registration that created reads
 * the list again and removes what the plan says, and all of them keep the same copies. A script
 * that is already current is not written at all: opening the app costs two reads.
 *
 * The consent category is the merchant's to choose: "authorized control panel users can change
 * the consent category or entirely delete any script using Script Manager, including scripts
 * created using the API" (docs/integrations/scripts.mdx, BigCommerce docs). A loader is created
 * as `functional`; a category the merchant picked since is kept, on a rewrite too. Only a
 * loader without one of the four categories (`unknown`, which stores with a cookie consent
 * banner never show) is set to `functional`.
 */
import { UpstreamError } from '../../domain/errors.js';
import { DEFAULT_CHANNEL_ID, loaderChannelIds } from '../../domain/storefront/loaderChannels.js';
import {
  planLoaders,
  type LoaderChannels,
  type LoaderPlan,
  type PlacedLoader,
} from '../../domain/storefront/loaderScriptPlan.js';
import type { BigCommerceClient, Script, ScriptInput } from './bigCommerceClient.js';

type ConsentCategory = ScriptInput['consent_category'];

export const LOADER_SCRIPT_NAME = 'Confab chat widget';
/** A copy we keep may be deleted meanwhile, or a concurrent registration may take the last slot: start over. */
const ATTEMPTS = 3;

export function loaderScriptSrc(appUrl: string, storeHash: string): string {
  return `${appUrl}/script.js?store=${encodeURIComponent(storeHash)}`;
}

export function loaderScript(
  appUrl: string,
  storeHash: string,
  channelId = DEFAULT_CHANNEL_ID,
  consentCategory: ConsentCategory = 'functional',
): ScriptInput {
  return {
    name: LOADER_SCRIPT_NAME,
    description: 'Starts the Confab chatbot on your storefront. Managed by the Confab app.',
    src: loaderScriptSrc(appUrl, storeHash),
    auto_uninstall: true,
    load_method: 'async',
    location: 'footer',
    visibility: 'all_pages',
    kind: 'src',
    // By default: the chat is a feature the shopper uses, not tracking (BigCommerce's "functional").
    consent_category: consentCategory,
    enabled: true,
    channel_id: channelId,
  };
}

/** Our loader for this store: by its name, or by its path when an earlier APP_URL (another host or mount) placed it. */
function isLoader(script: Script, storeHash: string): boolean {
  return (
    script.name === LOADER_SCRIPT_NAME ||
    (typeof script.src === 'string' && script.src.endsWith(`/script.js?store=${encodeURIComponent(storeHash)}`))
  );
}

const channelOf = (script: Script) => script.channel_id ?? DEFAULT_CHANNEL_ID;

const CHOSEN_CATEGORIES: ReadonlySet<string> = new Set<ConsentCategory>([
  'essential',
  'functional',
  'analytics',
  'targeting',
]);
/** The category a merchant chose in Script Manager, if the script has one of the four. */
const chosenCategory = (script: Script): ConsentCategory | undefined =>
  CHOSEN_CATEGORIES.has(script.consent_category) ? script.consent_category : undefined;

/** Everything the script says already matches what we would write: no PUT needed. */
function isCurrent(script: Script, wanted: ScriptInput): boolean {
  const placed: Record<string, unknown> = { ...script, channel_id: channelOf(script) };
  return (Object.keys(wanted) as (keyof ScriptInput)[]).every((k) => placed[k] === wanted[k]);
}

export interface LoaderRegistration {
  /** One per channel that carries the loader, with whether this registration created it. */
  scripts: Array<{ channelId: number; uuid: string; created: boolean }>;
  /** Storefront channels left without one: the app may own only 10 scripts per store. */
  leftOut: number[];
  /**
   * Storefront channels where BigCommerce refused the loader with 403 (a platform limit, such as
   * the scripts a storefront may hold): tried again by every registration, the others go on.
   */
  refusedByPlatform: number[];
  /** False when the token may not read channels: only the default storefront was served. */
  channelsRead: boolean;
  /** The writes made (none when everything was current). */
  changes: { created: number; updated: number; deleted: number };
}

/** The channels to serve, and the ids of every channel whose scripts the list must cover (undefined: unknown). */
async function loaderChannels(
  client: BigCommerceClient,
  storeHash: string,
  accessToken: string,
): Promise<{ channels: LoaderChannels; listed?: number[] }> {
  const all = await client.listChannels(storeHash, accessToken);
  if (!all) return { channels: { targets: [DEFAULT_CHANNEL_ID], complete: false } };
  // Archived and deleted channels too: a loader left there is found and removed.
  return {
    channels: { targets: loaderChannelIds(all), complete: true },
    listed: [...new Set([DEFAULT_CHANNEL_ID, ...all.map((c) => c.id)])],
  };
}

export async function registerLoaderScripts(
  client: BigCommerceClient,
  appUrl: string,
  storeHash: string,
  accessToken: string,
): Promise<LoaderRegistration> {
  const { channels, listed } = await loaderChannels(client, storeHash, accessToken);
  const wanted = (channelId: number, category?: ConsentCategory) =>
    loaderScript(appUrl, storeHash, channelId, category);
  const changes = { created: 0, updated: 0, deleted: 0 };
  const made = new Set<string>();
  /** Channels whose creation BigCommerce refused with 403 in this registration: not asked again. */
  const refused = new Set<number>();
  const toCreate = (plan: LoaderPlan) => plan.create.filter((channelId) => !refused.has(channelId));
  /** Per loader as last listed: the category a rewrite carries over. */
  const categories = new Map<string, ConsentCategory | undefined>();

  async function readPlan(): Promise<LoaderPlan> {
    const scripts = await client.listScripts(storeHash, accessToken, listed);
    const placed = scripts.filter((s) => isLoader(s, storeHash));
    for (const s of placed) categories.set(s.uuid, chosenCategory(s));
    const loaders: PlacedLoader[] = placed.map((s) => ({
      uuid: s.uuid,
      channelId: channelOf(s),
      createdAt: Date.parse(s.date_created ?? '') || 0,
      current: isCurrent(s, wanted(channelOf(s), chosenCategory(s))),
    }));
    return planLoaders(loaders, channels, scripts.length - loaders.length);
  }
  async function remove(plan: LoaderPlan): Promise<void> {
    for (const uuid of plan.remove) if (await client.deleteScript(storeHash, accessToken, uuid)) changes.deleted++;
  }

  for (let attempt = 1; ; attempt++) {
    let plan = await readPlan();
    // Removing first frees the slots the creations need on a store at the limit.
    await remove(plan);
    const creations = toCreate(plan);
    if (creations.length > 0) {
      for (const channelId of creations) {
        const outcome = await client.createScript(storeHash, accessToken, wanted(channelId));
        if ('created' in outcome) made.add(outcome.created.uuid);
        else if (outcome.refused === 'platform-limit') refused.add(channelId);
      }
      changes.created = made.size;
      // Concurrent registrations may have created too: read again so that all keep the same copies.
      plan = await readPlan();
      await remove(plan);
    }
    // Settled once the only channels still without one are those BigCommerce refused.
    let settled = toCreate(plan).length === 0;
    for (const keep of plan.keep) {
      if (keep.current) continue;
      if (
        await client.updateScript(storeHash, accessToken, keep.uuid, wanted(keep.channelId, categories.get(keep.uuid)))
      )
        changes.updated++;
      else settled = false; // deleted meanwhile (the merchant, or a concurrent registration)
    }
    if (settled) {
      const scripts = plan.keep.map((k) => ({ channelId: k.channelId, uuid: k.uuid, created: made.has(k.uuid) }));
      return {
        scripts,
        leftOut: plan.leftOut,
        refusedByPlatform: plan.create.filter((c) => refused.has(c)),
        channelsRead: channels.complete,
        changes,
      };
    }
    if (attempt >= ATTEMPTS)
      throw new UpstreamError(
        "BigCommerce script registration did not settle: scripts kept disappearing or the app's script limit was reached",
        'BIGCOMMERCE_REFUSED',
      );
  }
}
