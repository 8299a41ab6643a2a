import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countEventsUpTo } from '../../projections/countEventsUpTo.js';
import { createPostgresEventStore } from '../../infrastructure/eventStore/postgresEventStore.js';
import { createTestSql } from '../support/testStores.js';
import { ev, readAllSettled } from '../infrastructure/eventStore/eventStoreContract.js';

test('counts up to a position, by the store where it can and page by page where it cannot', async () => {
  const t = await createTestSql();
  const store = await createPostgresEventStore(t.sql, { listen: false });
  try {
    // More than one page (500) before the position, and events after it.
    for (let i = 0; i < 6; i++)
      await store.append(
        `s-${i}`,
        Array.from({ length: 100 }, (_, k) => ev('E', { k })),
      );
    const all = await readAllSettled(store, 's-', 600);
    const at = all[549].position;
    const readOnly = { readAll: store.readAll.bind(store) };
    assert.is(await countEventsUpTo(store, at), 550);
    assert.is(await countEventsUpTo(readOnly, at), 550);
    assert.is(await countEventsUpTo(readOnly, all[599].position), 600);
    assert.is(await countEventsUpTo(readOnly, null), 0);
  } finally {
    await store.close();
    await t.cleanup();
  }
});

test.run();
