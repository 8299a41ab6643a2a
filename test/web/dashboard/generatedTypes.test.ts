/**
 * web/dashboard/generated/openapi.ts must be what openapi-typescript makes of the dashboard's
 * part of the OpenAPI document the service serves now, so the dashboard's request and answer
 * types follow the routes' schemas: when one changes, this fails until
 * `node --import tsx scripts/generateDashboardTypes.ts` is run and the result committed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { serviceOpenApiDocument } from '../../../scripts/openApiDocument.js';
import {
  DASHBOARD_TYPES_FILE,
  dashboardApiSubset,
  renderDashboardTypes,
} from '../../../scripts/generateDashboardTypes.js';

let doc: Record<string, unknown>;

test.before(async () => {
  doc = await serviceOpenApiDocument();
});

test('the committed dashboard types match the document the service serves', async () => {
  const fresh = await renderDashboardTypes(doc);
  const committed = readFileSync(DASHBOARD_TYPES_FILE, 'utf8');
  if (fresh === committed) return;
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const line = a.findIndex((l, i) => l !== b[i]);
  assert.unreachable(
    'web/dashboard/generated/openapi.ts is stale: run `node --import tsx scripts/generateDashboardTypes.ts`. ' +
      `First difference at line ${line + 1}:\n  committed: ${a[line]}\n  current:   ${b[line]}`,
  );
});

test('the dashboard part holds the dashboard, signed-in workspace and session endpoints, and no others', () => {
  const paths = Object.keys((dashboardApiSubset(doc) as { paths: object }).paths);
  assert.ok(paths.filter((p) => p.startsWith('/api/v1/dashboard/')).length >= 20, `${paths.length} paths`);
  assert.ok(paths.includes('/auth/session'));
  assert.ok(paths.includes('/api/v1/workspace/branding'));
  assert.equal(
    paths.filter((p) => p.startsWith('/api/v1/external/') || p.startsWith('/api/v1/workspace/public/')),
    [],
  );
});

test.run();
