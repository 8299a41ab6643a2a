/**
 * The ReadStore contract against MongoDB (a replica set: the port needs transactions): against
 * MONGODB_URL when set (e.g. mongodb://localhost:27017/?replicaSet=rs0), else against a
 * single-node replica set in a container when a Docker engine answers (see
 * test/support/dockerContainers.ts; that path is unverified on our machines, which have no Docker
 * engine), else one `skipped: …` line and one skipped test: never reported as passing.
 */
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { createMongoReadStore } from '../../../infrastructure/readStore/mongoReadStore.js';
import { contractServer, startMongoReplicaSet } from '../../support/dockerContainers.js';
import { runReadStoreContract } from './readStoreContract.js';

const server = await contractServer('MONGODB_URL', 'mongodb', startMongoReplicaSet);

if (server) {
  const { url } = server;
  runReadStoreContract(
    'mongodb',
    async () => {
      const dbName = `confab_test_${randomBytes(6).toString('hex')}`;
      const store = await createMongoReadStore(url, { dbName });
      return {
        store,
        async cleanup() {
          await store.close();
          const admin = new MongoClient(url);
          try {
            await admin.db(dbName).dropDatabase();
          } finally {
            await admin.close();
          }
        },
      };
    },
    { teardown: server.stop },
  );
}
