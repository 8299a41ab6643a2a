/**
 * Registers the per-store loader with the Scripts API so that the store has exactly one Confab
 * script (seed: "registering again does not create a duplicate"); two would put the loader on
 * every storefront page twice. The list answers only this app's scripts, and ours among them are
 * recognised by name or by the loader's `/script.js?store=<hash>` (a script placed under an
 * earlier APP_URL). The oldest is kept and brought up to date, every other copy is deleted, and
 * only a store without one gets a new one.
 *
 * Two installs can run at once (a double-clicked Install, /auth called twice, two instances):
 * both read an empty list and both create. So a registration that created reads the list again,
 * and every registration keeps the same copy, the oldest (then the smallest uuid), a choice all
 * of them agree on from what they read: the concurrent copies are deleted and one remains.
 */
import { UpstreamError } from '../../domain/errors.js';
import type { BigCommerceClient, Script, ScriptInput } from './bigCommerceClient.js';

export const LOADER_SCRIPT_NAME = 'Confab chat widget';
/** A copy we keep may be deleted by a concurrent install that saw an older one: start over. */
const ATTEMPTS = 3;

export function loaderScriptSrc(appUrl: string, storeHash: string): string {
  return `${appUrl}/script.js?store=${encodeURIComponent(storeHash)}`;
}

export function loaderScript(appUrl: string, storeHash: string): ScriptInput {
  return {
    name: LOADER_SCRIPT_NAME,
    description: 'Starts the Confab chatbot on your storefront. Managed by the Confab app.',
    src: loaderScriptSrc(appUrl, storeHash),
    auto_uninstall: true,
    load_method: 'async',
    location: 'footer',
    visibility: 'all_pages',
    kind: 'src',
    // The chat is a feature the shopper uses, not tracking: BigCommerce's "functional" category.
    consent_category: 'functional',
    enabled: true,
  };
}

/** Our loader for this store: by its name, or by its path when an earlier APP_URL (another host or mount) placed it. */
function isLoader(script: Script, storeHash: string): boolean {
  return script.name === LOADER_SCRIPT_NAME || (typeof script.src === 'string' && script.src.endsWith(`/script.js?store=${encodeURIComponent(storeHash)}`));
}

const createdAt = (s: Script) => Date.parse(s.date_created ?? '') || 0;
const oldestFirst = (a: Script, b: Script) => createdAt(a) - createdAt(b) || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);

async function loadersOf(client: BigCommerceClient, storeHash: string, accessToken: string): Promise<Script[]> {
  return (await client.listScripts(storeHash, accessToken)).filter((s) => isLoader(s, storeHash)).sort(oldestFirst);
}

/** Everything the script says already matches what we would write: no PUT needed. */
function isCurrent(script: Script, wanted: ScriptInput): boolean {
  return (Object.keys(wanted) as (keyof ScriptInput)[]).every((k) => script[k] === wanted[k]);
}

export async function registerLoaderScript(client: BigCommerceClient, appUrl: string, storeHash: string, accessToken: string): Promise<{ uuid: string; created: boolean }> {
  const wanted = loaderScript(appUrl, storeHash);
  let mine: string | null = null;
  for (let attempt = 1; ; attempt++) {
    let loaders = await loadersOf(client, storeHash, accessToken);
    if (loaders.length === 0) {
      mine = (await client.createScript(storeHash, accessToken, wanted)).uuid;
      loaders = await loadersOf(client, storeHash, accessToken);
    }
    const [keep, ...extras] = loaders;
    for (const extra of extras) await client.deleteScript(storeHash, accessToken, extra.uuid);
    // The one we just created is already current; an older copy is rewritten (src, consent…).
    const kept = !keep ? null : keep.uuid === mine && isCurrent(keep, wanted) ? keep : await client.updateScript(storeHash, accessToken, keep.uuid, wanted);
    if (kept) return { uuid: kept.uuid, created: kept.uuid === mine };
    if (attempt >= ATTEMPTS) throw new UpstreamError('BigCommerce script registration did not settle: the script kept disappearing', 'BIGCOMMERCE_REFUSED');
  }
}
