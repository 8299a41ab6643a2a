/**
 * The delivery log read page by page the way the dashboard does (the cursor is the last row's
 * createdAt, to the millisecond, and id) lists every attempt once, also when many attempts were
 * logged within one millisecond: what a burst of cut connections produces, all failing at once.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ensureDeliveryTables } from '../../../dispatchers/webhooks/deliveryStore.js';
import { listAttempts, type LogCursor } from '../../../infrastructure/webhooks/deliveryLogQueries.js';
import { createTestSql, type TestSql } from '../../support/testStores.js';

let store: TestSql;

test.before(async () => {
  store = await createTestSql();
  await ensureDeliveryTables(store.sql);
});

test.after(async () => {
  await store.cleanup();
});

test('paging through attempts logged within one millisecond skips none', async () => {
  // 12 attempts in one millisecond, their microseconds not in id order (transactions that began
  // in one order and inserted in another), then 3 more a millisecond later.
  const micros = [900, 100, 500, 300, 700, 200, 800, 400, 600, 0, 999, 50];
  const millisecond = new Date(Date.now() - 60_000).toISOString();
  for (const [i, us] of micros.entries()) {
    await store.sql.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, webhook_id, attempt, event_name, request_url, request_headers, request_body, success, response_ms, error, created_at)
       VALUES ($1, 'w-burst', 1, 'response.created', 'https://x.example/', '{}'::jsonb, '{}', false, 3, 'ECONNRESET: read ECONNRESET',
               $2::timestamptz + ($3::int * interval '1 microsecond'))`,
      [`d${i}`, millisecond, us],
    );
  }
  for (let i = 0; i < 3; i++) {
    await store.sql.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, webhook_id, attempt, event_name, request_url, request_headers, request_body, success, response_ms, created_at)
       VALUES ($1, 'w-burst', 1, 'response.created', 'https://x.example/', '{}'::jsonb, '{}', true, 3, $2::timestamptz + interval '1 millisecond')`,
      [`later${i}`, millisecond],
    );
  }
  const seen: string[] = [];
  let after: LogCursor | undefined;
  for (let page = 0; page < 20; page++) {
    const rows = await listAttempts(store.sql, 'w-burst', { limit: 4, after, withinDays: 30 });
    seen.push(...rows.map((r) => r.deliveryId));
    if (rows.length < 4) break;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
  assert.is(seen.length, micros.length + 3, `every attempt listed once: ${seen.join(',')}`);
  assert.is(new Set(seen).size, seen.length);
  const whole = (await listAttempts(store.sql, 'w-burst', { limit: 100 })).map((r) => r.deliveryId);
  assert.equal(seen, whole, 'pages in the same order as one read');
});

test.run();
