// The `model_connections` view built by the real runner: created, renamed, re-keyed, deleted;
// never the key, nor its ciphertext.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { createServices, type Services } from '../../app/compositionRoot.js';
import { systemContext } from '../../commands/commandContext.js';
import { MODEL_CONNECTIONS } from '../../projections/views/modelConnectionsView.js';
import { createTestSql, type TestSql } from '../support/testStores.js';

let store: TestSql;
let services: Services;
let dataDir: string;
const ctx = { ...systemContext('test', 'w1'), workspaceId: 'w1' };

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'confab-model-connections-view-'));
  store = await createTestSql();
  services = await createServices(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      LLM_ALLOW_HOSTS: 'ollama.lan',
      MODEL_KEY_SECRET: '66'.repeat(32),
    }),
    { sql: store.sql, logger: createLogger('error') },
  );
  services.projections.start();
});
test.after(async () => {
  await services.close();
  await store.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

test('create, update, new key, delete', async () => {
  const { connectionId } = await services.modelConnections.create(
    { name: 'Ollama', baseUrl: 'http://ollama.lan:11434/v1', apiKey: 'sk-view-secret', chatModel: 'llama3.1:8b' },
    ctx,
  );
  const created = await services.views.get(MODEL_CONNECTIONS, connectionId);
  assert.equal(
    {
      ...created,
      createdAt: 'x',
      updatedAt: 'x',
    },
    {
      id: connectionId,
      workspaceId: 'w1',
      name: 'Ollama',
      baseUrl: 'http://ollama.lan:11434/v1',
      chatModel: 'llama3.1:8b',
      embeddingModel: null,
      createdAt: 'x',
      updatedAt: 'x',
    },
  );
  await services.modelConnections.update(connectionId, { embeddingModel: 'nomic-embed-text' }, ctx);
  await services.modelConnections.update(connectionId, { apiKey: 'sk-view-secret-2' }, ctx);
  const updated = await services.views.get(MODEL_CONNECTIONS, connectionId);
  assert.is(updated?.embeddingModel, 'nomic-embed-text');
  assert.ok((updated?.updatedAt ?? '') >= (created?.updatedAt ?? ''));
  assert.not.ok(JSON.stringify(updated).includes('sk-view-secret'));
  assert.not.ok('apiKeyCiphertext' in (updated ?? {}));
  await services.modelConnections.delete(connectionId, ctx);
  assert.is(await services.views.get(MODEL_CONNECTIONS, connectionId), null);
});

test.run();
