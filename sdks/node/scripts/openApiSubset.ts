/**
 * The External API's share of the OpenAPI document: its paths (under /api/v1/external/v1) and
 * only the components they reference, so that endpoints added elsewhere (dashboard, sign-in)
 * never make the SDK's generated types stale.
 */
export const EXTERNAL_PREFIX = '/api/v1/external/v1';

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
    Object.keys(kept).sort().map((section) => [section, Object.fromEntries(Object.keys(kept[section]).sort().map((n) => [n, kept[section][n]]))]),
  );
}

export function externalApiSubset(doc: Json): Json {
  const allPaths = (doc.paths ?? {}) as Json;
  const paths = Object.fromEntries(Object.keys(allPaths).filter((p) => p.startsWith(EXTERNAL_PREFIX)).sort().map((p) => [p, allPaths[p]]));
  const info = doc.info as Json | undefined;
  const securitySchemes = (doc.components as Json | undefined)?.securitySchemes as Json | undefined;
  const components = reachableComponents(doc, paths);
  if (securitySchemes?.ApiKeyAuth) components.securitySchemes = { ApiKeyAuth: securitySchemes.ApiKeyAuth };
  return {
    openapi: doc.openapi,
    info: { title: 'Confab External API', version: info?.version ?? '1.0.0' },
    paths,
    components,
  };
}
