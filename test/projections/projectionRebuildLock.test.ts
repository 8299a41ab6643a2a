/**
 * Two `confab projections rebuild` at once: both would replay into the one set of staging
 * copies (`rs_*`), and on PostgreSQL one failed with a raw catalog error or dropped the other's
 * tables. Now the second is refused with a clear error while the first completes, views whole;
 * in one process (the embedded store's server runs every CLI command) and, with DATABASE_URL,
 * across two processes on one server.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { createServices, type Services } from '../../app/compositionRoot.js';
import { operatorContext } from '../../commands/commandContext.js';
import { runCliCommand } from '../../cli/cliCommands.js';
import { allProjections } from '../../projections/allProjections.js';
import { createTestSql, type TestSql } from '../support/testStores.js';
import { hashViews } from '../support/viewHash.js';

let store: TestSql;
let services: Services;
const opened: Services[] = [];

async function open(sql = store.sql): Promise<Services> {
  const s = await createServices(loadConfig({ LOG_LEVEL: 'error' }), { sql, logger: createLogger('error') });
  opened.push(s);
  return s;
}

test.before(async () => {
  store = await createTestSql();
  services = await open();
  // Enough history that a rebuild is still replaying when the second one asks.
  for (let i = 0; i < 40; i++)
    await services.workspaces.createWorkspace(
      { name: `Rebuild ${i}`, plan: 'pro', ownerEmail: `rebuild${i}@example.com` },
      operatorContext(),
    );
  await services.projections.catchUp();
});

test.after(async () => {
  for (const s of opened.reverse()) await s.close();
  await store.cleanup();
});

async function exactlyOneRefused(runs: Array<Promise<unknown>>): Promise<void> {
  const results = await Promise.allSettled(runs);
  const refused = results.filter((r) => r.status === 'rejected');
  assert.is(
    refused.length,
    1,
    `one of two refused: ${JSON.stringify(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok')))}`,
  );
  assert.is(
    ((refused[0] as PromiseRejectedResult).reason as Error).message,
    'a projections rebuild is already running',
  );
}

test('in one process: the second rebuild is refused with a clear error, the first completes, and the next one runs', async () => {
  const before = await hashViews(services.views, allProjections);
  await exactlyOneRefused([services.projections.rebuild(), services.projections.rebuild()]);
  assert.equal(await hashViews(services.views, allProjections), before, 'views whole');
  assert.ok((await services.projections.rebuild()) > 0, 'the lock was given back');
});

test('through the CLI command: the same clear error', async () => {
  const runs = [
    runCliCommand(services, ['projections', 'rebuild']),
    runCliCommand(services, ['projections', 'rebuild']),
  ];
  await exactlyOneRefused(runs);
});

if (process.env.DATABASE_URL) {
  test("two processes on one PostgreSQL server: the second is refused, neither drops the other's staging tables", async () => {
    const other = await open(await store.another());
    const before = await hashViews(services.views, allProjections);
    for (let round = 0; round < 3; round++) {
      await exactlyOneRefused([services.projections.rebuild(), other.projections.rebuild()]);
    }
    assert.equal(await hashViews(services.views, allProjections), before, 'views whole');
    assert.ok((await other.projections.rebuild()) > 0, 'the lock was given back');
  });
}

test.run();
