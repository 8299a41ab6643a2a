/** KurrentDB's connection strings reach the esdb-only client as the same address under `esdb`. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { esdbConnectionString } from '../../../infrastructure/eventStore/eventStoreDbConnectionString.js';
import { createEventStoreDbEventStore } from '../../../infrastructure/eventStore/eventStoreDbEventStore.js';

test('kurrentdb and kurrent schemes become esdb, the rest of the address untouched', () => {
  assert.is(
    esdbConnectionString('kurrentdb://admin:changeit@db.example:2113?tls=false&nodePreference=leader'),
    'esdb://admin:changeit@db.example:2113?tls=false&nodePreference=leader',
  );
  assert.is(
    esdbConnectionString('kurrentdb+discover://a.example:2113,b.example:2113'),
    'esdb+discover://a.example:2113,b.example:2113',
  );
  assert.is(esdbConnectionString('KurrentDB://db.example:2113'), 'esdb://db.example:2113');
  assert.is(esdbConnectionString('kurrent://db.example:2113'), 'esdb://db.example:2113');
  assert.is(esdbConnectionString('esdb://db.example:2113?tls=false'), 'esdb://db.example:2113?tls=false');
});

test('the adapter takes a kurrentdb:// address (the client connects lazily: no server needed to build it)', async () => {
  const store = createEventStoreDbEventStore('kurrentdb://127.0.0.1:1?tls=false');
  await store.close();
});

test.run();
