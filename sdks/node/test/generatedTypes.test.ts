/**
 * src/generated/openapi.ts must be what openapi-typescript makes of the service's current
 * OpenAPI document (its External API part and the workspace endpoints the SDK covers): when a
 * route's schema changes, this fails until `npm run generate` (in sdks/node) is run and the
 * result committed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { fetchOpenApiDocument, GENERATED_FILE, renderTypes } from '../scripts/generateTypes.js';
import { EXTERNAL_PREFIX, sdkApiSubset, WORKSPACE_PATHS } from '../scripts/openApiSubset.js';

let doc: Record<string, unknown>;

test.before(async () => {
  doc = await fetchOpenApiDocument();
});

test('the committed types match the document the service serves', async () => {
  const fresh = await renderTypes(doc);
  const committed = readFileSync(GENERATED_FILE, 'utf8');
  if (fresh !== committed) {
    const a = committed.split('\n');
    const b = fresh.split('\n');
    const line = a.findIndex((l, i) => l !== b[i]);
    assert.unreachable(
      `sdks/node/src/generated/openapi.ts is stale: run \`npm run generate\` in sdks/node. First difference at line ${line + 1}:\n` +
        `  committed: ${a[line]}\n  current:   ${b[line]}`,
    );
  }
});

test('only the External API and the covered workspace endpoints are in the subset, with every component they reference', () => {
  const subset = sdkApiSubset(doc) as {
    paths: Record<string, unknown>;
    components: Record<string, Record<string, unknown>>;
  };
  const paths = Object.keys(subset.paths);
  assert.ok(paths.filter((p) => p.startsWith(EXTERNAL_PREFIX)).length >= 13, `${paths.length} paths`);
  assert.equal(
    paths.filter((p) => !p.startsWith(EXTERNAL_PREFIX)).sort(),
    [...WORKSPACE_PATHS].sort(),
    'every covered workspace path is served, and no other',
  );
  const text = JSON.stringify(subset.paths) + JSON.stringify(subset.components);
  for (const [, section, name] of text.matchAll(/"#\/components\/([^/"]+)\/([^"]+)"/g)) {
    assert.ok(subset.components[section!]?.[name!] !== undefined, `${section}/${name} is kept`);
  }
});

test('the subset does not change when endpoints outside it are added (dashboard, other workspace endpoints)', () => {
  const other = { get: { responses: { 200: { description: 'x' } } } };
  const withMore = {
    ...doc,
    paths: { ...(doc.paths as object), '/api/v1/dashboard/new-thing': other, '/api/v1/workspace/new-thing': other },
  };
  assert.equal(sdkApiSubset(withMore), sdkApiSubset(doc));
});

test.run();
