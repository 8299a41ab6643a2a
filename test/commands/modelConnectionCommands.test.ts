// ModelConnectionCommands on the real aggregate store (embedded store): retried creates, the key
// bound to its connection, a key the server can no longer read, names given back on rename.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { createServices, type Services } from '../../app/compositionRoot.js';
import { ModelConnectionCommands } from '../../commands/modelConnectionCommands.js';
import { systemContext } from '../../commands/commandContext.js';
import { createModelKeyCipher } from '../../infrastructure/ai/modelKeyCipher.js';
import type { ModelConnectionTarget } from '../../infrastructure/ai/modelConnectionProbe.js';
import { createTestSql, type TestSql } from '../support/testStores.js';

let store: TestSql;
let services: Services;
let dataDir: string;
const probed: ModelConnectionTarget[] = [];

const commandsWith = (key: string) =>
  new ModelConnectionCommands({
    aggregates: services.aggregates,
    reservations: services.reservations,
    allowHosts: [],
    cipher: createModelKeyCipher({ key, dataDir }),
    probe: {
      async test(target) {
        probed.push(target);
        return { ok: true };
      },
    },
    connectionCount: async () => 0,
    resolver: async () => [{ address: '93.184.216.34', family: 4 }],
  });
const ctx = (workspaceId: string) => ({ ...systemContext('test', workspaceId), workspaceId });
const body = (over: Record<string, unknown> = {}) => ({
  name: 'OpenAI',
  baseUrl: 'https://api.openai.com/v1',
  apiKey: 'sk-original',
  chatModel: 'gpt-4o-mini',
  ...over,
});

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'confab-model-connections-'));
  store = await createTestSql();
  services = await createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }), {
    sql: store.sql,
    logger: createLogger('error'),
  });
});
test.after(async () => {
  await services.close();
  await store.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a create retried under the same preset id answers the first connection, recovered, and appends nothing', async () => {
  const commands = commandsWith('11'.repeat(32));
  const first = await commands.create(body({ name: 'Retried' }), ctx('w1'), { newId: 'preset1' });
  const again = await commands.create(body({ name: 'Retried' }), ctx('w1'), { newId: 'preset1' });
  assert.is(first.connectionId, 'preset1');
  assert.is(again.recovered, true);
  assert.equal(again.state.fields, first.state.fields);
  const events = await services.events.readStream('model-connection-preset1');
  assert.is(events.length, 1);
});

test('the provider gets the stored key; a ciphertext moved to another connection does not decrypt', async () => {
  const commands = commandsWith('22'.repeat(32));
  const a = await commands.create(body({ name: 'A', apiKey: 'sk-key-of-a' }), ctx('w2'));
  await commands.test(a.connectionId, ctx('w2'));
  assert.is(probed.at(-1)?.apiKey, 'sk-key-of-a');
  assert.is(await commands.apiKeyOf(a.connectionId, 'w2'), 'sk-key-of-a');
  const b = await commands.create(body({ name: 'B' }), ctx('w2'));
  const cipher = createModelKeyCipher({ key: '22'.repeat(32), dataDir });
  assert.throws(() => cipher.decrypt(a.state.apiKeyCiphertext!, `model-connection:${b.connectionId}`));
});

test('a key the server can no longer read: the test says to enter it again, and asks no provider', async () => {
  const made = await commandsWith('33'.repeat(32)).create(body({ name: 'Old key' }), ctx('w3'));
  const before = probed.length;
  const result = await commandsWith('44'.repeat(32)).test(made.connectionId, ctx('w3'));
  assert.is(result.ok, false);
  assert.match(result.error ?? '', /cannot be read with this server's key.*enter the key again/);
  assert.is(probed.length, before);
});

test('a rename gives the old name back; a refused rename keeps it', async () => {
  const commands = commandsWith('55'.repeat(32));
  const one = await commands.create(body({ name: 'First' }), ctx('w4'));
  await commands.create(body({ name: 'Taken' }), ctx('w4'));
  await commands.update(one.connectionId, { name: 'Renamed' }, ctx('w4'));
  // The old name is free again, the new one is held.
  await commands.create(body({ name: 'first' }), ctx('w4'));
  const taken = await commands.create(body({ name: 'RENAMED' }), ctx('w4')).then(
    () => null,
    (err: Error) => err,
  );
  assert.match(taken?.message ?? '', /already exists/);
  try {
    await commands.update(one.connectionId, { name: 'Taken' }, ctx('w4'));
    assert.unreachable('Taken is taken');
  } catch (err) {
    assert.match((err as Error).message, /already exists/);
  }
  assert.is((await commands.load(one.connectionId)).fields.name, 'Renamed');
});

test.run();
