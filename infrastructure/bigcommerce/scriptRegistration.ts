/**
 * Registers the per-store loader with the Scripts API idempotently (seed: "registering again
 * does not create a duplicate"): our script is found among the app's scripts by its src, then
 * updated in place; only when none is there is one created. Extra copies left by an earlier
 * failure are not deleted here: the update keeps the first one current.
 */
import type { BigCommerceClient, Script, ScriptInput } from './bigCommerceClient.js';

export function loaderScriptSrc(appUrl: string, storeHash: string): string {
  return `${appUrl}/script.js?store=${encodeURIComponent(storeHash)}`;
}

export function loaderScript(appUrl: string, storeHash: string): ScriptInput {
  return {
    name: 'Confab chat widget',
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

/** Same path and store, whatever the scheme or host spelling: a script of ours from an earlier APP_URL. */
function isOurs(script: Script, wanted: ScriptInput): boolean {
  return script.src === wanted.src || (typeof script.src === 'string' && script.src.endsWith(new URL(wanted.src).pathname + new URL(wanted.src).search));
}

export async function registerLoaderScript(client: BigCommerceClient, appUrl: string, storeHash: string, accessToken: string): Promise<{ uuid: string; created: boolean }> {
  const wanted = loaderScript(appUrl, storeHash);
  const existing = (await client.listScripts(storeHash, accessToken)).find((s) => isOurs(s, wanted));
  if (existing) {
    await client.updateScript(storeHash, accessToken, existing.uuid, wanted);
    return { uuid: existing.uuid, created: false };
  }
  const created = await client.createScript(storeHash, accessToken, wanted);
  return { uuid: created.uuid, created: true };
}
