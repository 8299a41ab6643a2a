/**
 * Two running runners on one database (DESIGN.md decision 21): only the leader reads the log
 * and lands batches; the follower's read-your-writes waits are answered from the checkpoint;
 * when the leader stops, the follower takes the lead and applies what comes next. Needs
 * DATABASE_URL (the embedded store has one process, where every runner leads).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { createServices, type Services } from '../../app/compositionRoot.js';
import { allProjections } from '../../projections/allProjections.js';
import { ProjectionRunner } from '../../projections/projectionRunner.js';
import { createSqlLeadership } from '../../infrastructure/leadership/leadership.js';
import { createTestSql, type TestSql } from '../support/testStores.js';
import { eventually } from '../support/waiting.js';

if (!process.env.DATABASE_URL) {
  test('runners on one database (needs DATABASE_URL): skipped on the embedded store', () => undefined);
} else {
  let store: TestSql;
  let services: Services;
  const meta = () => ({
    workspaceId: null,
    actor: { type: 'system' as const, id: 't' },
    correlationId: 'c',
    causationId: null,
    requestId: null,
    occurredAt: new Date().toISOString(),
  });
  const ping = (i: number) =>
    services.events.append(`leadership-${i}`, [{ type: 'Unhandled', data: { i }, metadata: meta() }]);

  test.before(async () => {
    store = await createTestSql('pg');
    services = await createServices(loadConfig({ LOG_LEVEL: 'error' }), {
      sql: store.sql,
      logger: createLogger('error'),
    });
  });
  test.after(async () => {
    await services.close();
    await store.cleanup();
  });

  async function runner(sql = store.sql) {
    const r = new ProjectionRunner(
      services.events,
      services.views,
      allProjections,
      services.logger,
      () => new Date(),
      createSqlLeadership(sql, { retryMs: 20 }),
    );
    await r.init();
    let batches = 0;
    r.applied$.subscribe(() => void batches++);
    return { r, batches: () => batches };
  }

  test('only the leader applies; the follower waits from the checkpoint; the follower takes over when the leader stops', async () => {
    const a = await runner();
    a.r.start();
    await eventually(() => a.r.leads(), 2000, 'the first runner to lead');
    const b = await runner(await store.another());
    b.r.start();
    await new Promise((r) => setTimeout(r, 60));
    assert.is(b.r.leads(), false, 'one leader at a time');

    for (let i = 0; i < 5; i++) {
      const { position } = await ping(i);
      await b.r.waitFor(position, 3000);
      await a.r.waitFor(position, 3000);
    }
    assert.ok(a.batches() > 0, 'the leader applied the batches');
    assert.is(b.batches(), 0, 'the follower applied none of them');

    let changes = 0;
    const watching = b.r.viewsChanged$.subscribe(() => void changes++);
    const { position } = await ping(5);
    await b.r.waitFor(position, 3000);
    watching.unsubscribe();
    assert.ok(changes > 0, 'the follower drops its cached view answers when the views move');

    await a.r.stop();
    await eventually(() => b.r.leads(), 3000, 'the follower to take the lead');
    const after = await ping(6);
    await b.r.waitFor(after.position, 3000);
    assert.ok(b.batches() > 0, 'the new leader applies');
    await b.r.stop();
  });
}

test.run();
