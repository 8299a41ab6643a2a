/** The Node SDK's modelConnections end to end: the real service, the OpenAI stand-in as the provider. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type Confab from '../../../sdks/node/src/index.js';
import { BadRequestError, NotFoundError } from '../../../sdks/node/src/index.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/openAiStandIn.js';
import { startSdkHarness, type SdkHarness } from './support/sdkHarness.js';

let h: SdkHarness;
let client: Confab;
let standIn: OpenAiStandIn;

test.before(async () => {
  standIn = await startOpenAiStandIn();
  h = await startSdkHarness({ RATE_LIMIT_PER_MINUTE: '100000', LLM_ALLOW_HOSTS: '127.0.0.1' });
  client = h.client();
});
test.after(async () => {
  await h?.close();
  await standIn?.close();
});

test('create, list, retrieve, test, update, delete; the key is never answered', async () => {
  const created = await client.modelConnections.create({
    name: 'Stand-in',
    baseUrl: standIn.baseUrl,
    apiKey: standIn.apiKey,
    chatModel: 'gpt-4o-mini',
  });
  assert.equal(Object.keys(created).sort(), [
    'baseUrl',
    'chatModel',
    'createdAt',
    'embeddingModel',
    'id',
    'name',
    'updatedAt',
  ]);
  assert.equal(
    (await client.modelConnections.list()).map((c) => c.id),
    [created.id],
  );
  assert.equal(await client.modelConnections.retrieve(created.id), created);
  assert.equal(await client.modelConnections.test(created.id), { ok: true });

  const updated = await client.modelConnections.update(created.id, { chatModel: 'gpt-unknown' });
  assert.is(updated.chatModel, 'gpt-unknown');
  assert.equal(await client.modelConnections.test(created.id), {
    ok: false,
    error: 'The provider does not know the model "gpt-unknown"',
  });

  assert.equal(await client.modelConnections.delete(created.id), { message: 'Model connection deleted' });
  try {
    await client.modelConnections.retrieve(created.id);
    assert.unreachable('deleted');
  } catch (err) {
    assert.instance(err, NotFoundError);
  }
});

test('a bad field is a BadRequestError naming it', async () => {
  try {
    await client.modelConnections.create({
      name: 'Plain http',
      baseUrl: 'http://api.example.com/v1',
      apiKey: 'k',
      chatModel: 'm',
    });
    assert.unreachable('refused');
  } catch (err) {
    assert.instance(err, BadRequestError);
    assert.match((err as Error).message, /baseUrl must use https/);
  }
});

test.run();
