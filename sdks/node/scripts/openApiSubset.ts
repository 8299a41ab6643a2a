/**
 * The SDK's share of the OpenAPI document: the External API's paths (under /api/v1/external/v1),
 * the workspace endpoints the `workspace` resource covers, and only the components they
 * reference, so that endpoints added elsewhere (dashboard, sign-in, media uploads) never make
 * the SDK's generated types stale. `openApiSubset` cuts any such share (the dashboard's client
 * types are cut the same way).
 */
export const EXTERNAL_PREFIX = '/api/v1/external/v1';

/**
 * The workspace's slug, public branding and ad analytics endpoints, and its JSON branding and
 * organization endpoints, one by one: the rest of /api/v1/workspace (the media gallery, whose
 * upload is multipart, and the public media and ad-click addresses) is not in the SDK.
 */
export const WORKSPACE_PATHS = [
  '/api/v1/workspace/check-slug/{slug}',
  '/api/v1/workspace/slug',
  '/api/v1/workspace/public/branding/{slug}',
  '/api/v1/workspace/ad-analytics',
  '/api/v1/workspace/branding',
  '/api/v1/workspace/organization',
];

const inSdk = (path: string) => path.startsWith(EXTERNAL_PREFIX) || WORKSPACE_PATHS.includes(path);

type Json = Record<string, unknown>;

function refsIn(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) refsIn(v, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.add(v);
      else refsIn(v, out);
    }
  }
}

/** Components reachable from `roots`, following $refs between components too. */
function reachableComponents(doc: Json, roots: unknown): Json {
  const components = (doc.components ?? {}) as Record<string, Json>;
  const kept: Record<string, Json> = {};
  const seen = new Set<string>();
  const queue = new Set<string>();
  refsIn(roots, queue);
  while (queue.size) {
    const [ref] = queue;
    queue.delete(ref);
    if (seen.has(ref)) continue;
    seen.add(ref);
    const m = /^#\/components\/([^/]+)\/(.+)$/.exec(ref);
    if (!m) continue;
    const [, section, name] = m;
    const target = components[section]?.[name];
    if (target === undefined) continue;
    (kept[section] ??= {})[name] = target;
    const nested = new Set<string>();
    refsIn(target, nested);
    for (const r of nested) if (!seen.has(r)) queue.add(r);
  }
  // Sorted, so the output does not depend on the order refs were met in.
  return Object.fromEntries(
    Object.keys(kept)
      .sort()
      .map((section) => [
        section,
        Object.fromEntries(
          Object.keys(kept[section])
            .sort()
            .map((n) => [n, kept[section][n]]),
        ),
      ]),
  );
}

/**
 * The paths `keep` selects (sorted), every component they reach, and the API-key security
 * scheme when present, under `title`: the same input always gives the same document.
 */
export function openApiSubset(doc: Json, keep: (path: string) => boolean, title: string): Json {
  const allPaths = (doc.paths ?? {}) as Json;
  const paths = Object.fromEntries(
    Object.keys(allPaths)
      .filter(keep)
      .sort()
      .map((p) => [p, allPaths[p]]),
  );
  const info = doc.info as Json | undefined;
  const securitySchemes = (doc.components as Json | undefined)?.securitySchemes as Json | undefined;
  const components = reachableComponents(doc, paths);
  if (securitySchemes?.ApiKeyAuth) components.securitySchemes = { ApiKeyAuth: securitySchemes.ApiKeyAuth };
  return {
    openapi: doc.openapi,
    info: { title, version: info?.version ?? '1.0.0' },
    paths,
    components,
  };
}

export function sdkApiSubset(doc: Json): Json {
  return openApiSubset(doc, inSdk, 'Confab External API');
}
