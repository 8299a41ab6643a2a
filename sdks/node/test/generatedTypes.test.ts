/**
 * src/generated/openapi.ts must be what openapi-typescript makes of openapi.json, the SDK's
 * share of the service's OpenAPI document (its External API part and the workspace endpoints the
 * SDK covers): edit neither by hand, run `npm run generate`. That openapi.json is still what the
 * service serves is checked in the service's tree (test/sdks/node/openApiSubset.test.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import {
  GENERATED_FILE,
  readOpenApiDocument,
  renderSubset,
  renderTypes,
  SUBSET_FILE,
} from '../scripts/generateTypes.js';
import { EXTERNAL_PREFIX, sdkApiSubset, WORKSPACE_PATHS } from '../scripts/openApiSubset.js';

let doc: Record<string, unknown>;

test.before(async () => {
  doc = await readOpenApiDocument(SUBSET_FILE);
});

/** Fails naming the first line where `committed` and `fresh` differ. */
function assertSameText(committed: string, fresh: string, file: string): void {
  if (fresh === committed) return;
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const line = a.findIndex((l, i) => l !== b[i]);
  assert.unreachable(
    `${file} is stale: run \`npm run generate\` in sdks/node. First difference at line ${line + 1}:\n` +
      `  committed: ${a[line]}\n  current:   ${b[line]}`,
  );
}

test('the committed types match openapi.json', async () => {
  assertSameText(readFileSync(GENERATED_FILE, 'utf8'), await renderTypes(doc), 'sdks/node/src/generated/openapi.ts');
});

test('openapi.json is already the SDK subset (cutting it again changes nothing)', () => {
  assertSameText(readFileSync(SUBSET_FILE, 'utf8'), renderSubset(doc), 'sdks/node/openapi.json');
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
    'every covered workspace path is in the document, and no other',
  );
  const text = JSON.stringify(subset.paths) + JSON.stringify(subset.components);
  for (const [, section, name] of text.matchAll(/"#\/components\/([^/"]+)\/([^"]+)"/g)) {
    assert.ok(subset.components[section!]?.[name!] !== undefined, `${section}/${name} is kept`);
  }
});

test.run();
