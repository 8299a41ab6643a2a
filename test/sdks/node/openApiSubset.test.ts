/**
 * sdks/node/openapi.json, the input of the SDK's generated types, must be the SDK's share of
 * the OpenAPI document the service serves now: when a route's schema changes, this fails until
 * the types are generated again from the service's document and the result committed:
 *
 *   node --import tsx scripts/openApiDocument.ts /tmp/openapi.json
 *   (cd sdks/node && npm run generate -- /tmp/openapi.json)
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { serviceOpenApiDocument } from '../../../scripts/openApiDocument.js';
import { renderSubset, SUBSET_FILE } from '../../../sdks/node/scripts/generateTypes.js';
import { sdkApiSubset, WORKSPACE_PATHS } from '../../../sdks/node/scripts/openApiSubset.js';

let doc: Record<string, unknown>;

test.before(async () => {
  doc = await serviceOpenApiDocument();
});

test("the committed openapi.json is the SDK's share of the document the service serves", () => {
  const fresh = renderSubset(doc);
  const committed = readFileSync(SUBSET_FILE, 'utf8');
  if (fresh === committed) return;
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const line = a.findIndex((l, i) => l !== b[i]);
  assert.unreachable(
    'sdks/node/openapi.json is stale: generate it again from the service (see the top of this file). ' +
      `First difference at line ${line + 1}:\n  committed: ${a[line]}\n  current:   ${b[line]}`,
  );
});

test('every workspace path the SDK covers is served', () => {
  const served = Object.keys(doc.paths as object);
  assert.equal(
    WORKSPACE_PATHS.filter((p) => !served.includes(p)),
    [],
  );
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
