/**
 * The EventStore contract against EventStoreDB/KurrentDB: against EVENTSTORE_URL when set (e.g.
 * esdb://localhost:2113?tls=false), else against a container when a Docker engine answers (see
 * test/support/dockerContainers.ts; that path is unverified on our machines, which have no Docker
 * engine), else one `skipped: …` line and one skipped test: never reported as passing.
 */
import { randomUUID } from 'node:crypto';
import { createEventStoreDbEventStore } from '../../../infrastructure/eventStore/eventStoreDbEventStore.js';
import { contractServer, startEventStoreDb, untilReady } from '../../support/dockerContainers.js';
import { ev, runEventStoreContract } from './eventStoreContract.js';

const server = await contractServer('EVENTSTORE_URL', 'eventstoredb', async () => {
  const started = await startEventStoreDb();
  try {
    // /health/live can answer before the node takes writes as leader: wait for one append.
    await untilReady('EventStoreDB', async () => {
      const store = createEventStoreDbEventStore(started.url);
      try {
        await store.append(`readiness-${randomUUID()}`, [ev('ReadinessChecked')]);
      } finally {
        await store.close();
      }
    });
  } catch (err) {
    await started.stop?.();
    throw err;
  }
  return started;
});

if (server) {
  runEventStoreContract(
    'eventstoredb',
    async () => {
      const store = createEventStoreDbEventStore(server.url);
      return { store, cleanup: () => store.close() };
    },
    { teardown: server.stop },
  );
}
