// The `stores` view built by the real runner from the store record's events (commands through
// the aggregate store): installs, users, settings, loader coverage, uninstall; rebuilt identically;
// never a token.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { createServices, type Services } from '../../app/compositionRoot.js';
import { bigCommerceContext } from '../../commands/storefrontCommands.js';
import { storeDecider, storeStreamId, type StoreCommand } from '../../domain/storefront/storeRecord.js';
import { STORES } from '../../projections/views/storesView.js';
import { createTestSql, type TestSql } from '../support/testStores.js';

let store: TestSql;
let services: Services;
let dataDir: string;

const run = (hash: string, command: StoreCommand) =>
  services.aggregates.handle(storeStreamId(hash), storeDecider, command, bigCommerceContext(hash, null));
const owner = { id: '1', email: 'o@s.example' };
const staff = { id: '2', email: 's@s.example' };
const doc = (hash: string) => services.views.get(STORES, hash);

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'confab-stores-'));
  store = await createTestSql();
  services = await createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }), {
    sql: store.sql,
    logger: createLogger('error'),
  });
  services.projections.start();
});
test.after(async () => {
  await services.close();
  await store.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

test('install, a second user, settings; a reinstall keeps them; uninstall removes the document', async () => {
  await run('s1', { type: 'Install', storeHash: 's1', scope: 'x', installedBy: owner, ownerId: '1' });
  await run('s1', { type: 'AdmitUser', user: staff });
  await run('s1', { type: 'ChangeSettings', chatbotId: 'a'.repeat(24), enabled: true });
  await run('s1', { type: 'Install', storeHash: 's1', scope: 'x y', installedBy: owner, ownerId: '1' });
  const d = await doc('s1');
  assert.equal([d?.scope, d?.users, d?.chatbotId, d?.enabled], ['x y', [staff, owner], 'a'.repeat(24), true]);
  await run('s2', { type: 'Install', storeHash: 's2', scope: 'x', installedBy: owner, ownerId: '1' });
  await run('s2', { type: 'RemoveUser', userId: '1' });
  assert.equal((await doc('s2'))?.users, []);
  await run('s3', { type: 'Install', storeHash: 's3', scope: 'x', installedBy: owner, ownerId: '1' });
  await run('s3', { type: 'Uninstall' });
  assert.is(await doc('s3'), null);
});

test('loader coverage: none on install, then as last recorded', async () => {
  assert.is((await doc('s2'))?.loaderCoverage, null);
  await run('s2', { type: 'RecordLoaderCoverage', channels: [3, 1], leftOut: [], channelsRead: false });
  await run('s2', { type: 'RecordLoaderCoverage', channels: [1, 2], leftOut: [4], channelsRead: true });
  assert.equal((await doc('s2'))?.loaderCoverage, { channels: [1, 2], leftOut: [4], channelsRead: true });
  await run('s2', {
    type: 'RecordLoaderCoverage',
    channels: [1],
    leftOut: [4],
    channelsRead: true,
    refusedByPlatform: [2],
  });
  assert.equal((await doc('s2'))?.loaderCoverage, {
    channels: [1],
    leftOut: [4],
    channelsRead: true,
    refusedByPlatform: [2],
  });
});

test('a rebuild replays the log into identical documents', async () => {
  const snapshot = async () => JSON.stringify(await services.views.find(STORES, {}, { sort: [['id', 1]] }));
  const before = await snapshot();
  await services.projections.rebuild();
  assert.is(await snapshot(), before);
  assert.equal((await services.views.find(STORES, {})).map((s) => s.id).sort(), ['s1', 's2']);
});

test.run();
