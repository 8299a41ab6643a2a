/**
 * A webhook create retried with its Idempotency-Key after the first run's create had landed but
 * its answer was never stored (the process died, or the answer was a 5xx) answers that first
 * webhook, with the signing secret the lost answer carried, instead of 409 (its URL reserved by
 * the first run's webhook) or a second webhook. The same mechanism as the chatbot create
 * (api/external/idempotentIds.ts): the id follows from the workspace, the key and its first request.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/testApp.js';

const BASE = '/api/v1/external/v1';
const URL_BASE = 'https://hooks.example.com/recovered';
let app: TestApp;

const post = (apiKey: string, path: string, body: unknown, key?: string) =>
  app.api('POST', BASE + path, { apiKey, body, headers: key === undefined ? {} : { 'Idempotency-Key': key } });

/**
 * What the first run's process left behind: its writes landed, its answer was never stored. A
 * crash leaves the claim in progress until its lock runs out (here: already out); a 5xx gives
 * it up at once (released, kept as the same first request).
 */
async function loseAnswer(workspaceId: string, key: string): Promise<void> {
  await app.services.sql.query(
    `UPDATE idempotency_keys SET state = 'in-progress', status = NULL, headers = NULL, body = NULL, locked_until = 0 WHERE workspace_id = $1 AND idempotency_key = $2`,
    [workspaceId, key],
  );
}

async function webhookCreatedEvents(webhookId: string): Promise<number> {
  return (await app.services.events.readStream(`webhook-${webhookId}`)).filter((e) => e.type === 'WebhookCreated')
    .length;
}

async function newChatbot(apiKey: string): Promise<string> {
  const r = await post(apiKey, '/chatbots', { name: 'Hooked' });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.data.id;
}

test.before(async () => {
  app = await startTestApp({ WEBHOOK_ALLOW_HOSTS: 'hooks.example.com' });
});
test.after(async () => app?.close());

test('a retry after the first run created its webhook but never answered gets that webhook and its secret, once', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const chatbotId = await newChatbot(apiKey);
  for (const lost of ['crash', '5xx']) {
    const key = randomUUID();
    const body = { chatbotId, url: `${URL_BASE}/${lost}`, events: ['response.created'], description: lost };
    const first = await post(apiKey, '/webhooks', body, key);
    assert.is(first.status, 201, JSON.stringify(first.body));
    await loseAnswer(workspaceId, key);

    const retry = await post(apiKey, '/webhooks', body, key);
    assert.is(retry.status, 201, `${lost}: ${JSON.stringify(retry.body)}`);
    assert.is(retry.headers.get('idempotent-replayed'), 'true', `${lost}: rebuilt from the first run`);
    assert.equal(retry.body, first.body, `${lost}: the first run's answer, secret included`);
    assert.match(retry.body.data.secret, /^[0-9a-f]{64}$/);
    assert.is(await webhookCreatedEvents(first.body.data.id), 1, `${lost}: created once`);

    // The recovered answer is stored like any other: the next retry is a plain replay.
    const replay = await post(apiKey, '/webhooks', body, key);
    assert.equal([replay.status, replay.headers.get('idempotent-replayed'), replay.body], [201, 'true', first.body]);
  }
  const list = await app.api('GET', `${BASE}/webhooks`, { apiKey });
  assert.is(list.body.data.length, 2, 'one webhook per key');
  assert.not.ok(
    list.body.data.some((w: Record<string, unknown>) => 'secret' in w),
    'the list still never shows a secret',
  );
});

test("the first run's webhook deleted since: the retry is 409 and names the key, and creates nothing", async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const chatbotId = await newChatbot(apiKey);
  const key = randomUUID();
  const body = { chatbotId, url: `${URL_BASE}/deleted`, events: ['response.created'] };
  const first = await post(apiKey, '/webhooks', body, key);
  assert.is(first.status, 201);
  await loseAnswer(workspaceId, key);
  assert.is((await app.api('DELETE', `${BASE}/webhooks/${first.body.data.id}`, { apiKey })).status, 200);
  const retry = await post(apiKey, '/webhooks', body, key);
  assert.is(retry.status, 409, JSON.stringify(retry.body));
  assert.match(retry.body.error, /Idempotency-Key/);
  assert.is((await app.api('GET', `${BASE}/webhooks`, { apiKey })).body.data.length, 0);
});

test('after a lost answer the key still belongs to its first request: another body is 422, not the first webhook', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const chatbotId = await newChatbot(apiKey);
  const key = randomUUID();
  const first = await post(
    apiKey,
    '/webhooks',
    { chatbotId, url: `${URL_BASE}/first`, events: ['response.created'] },
    key,
  );
  assert.is(first.status, 201);
  await loseAnswer(workspaceId, key);
  const other = await post(
    apiKey,
    '/webhooks',
    { chatbotId, url: `${URL_BASE}/other`, events: ['response.created'] },
    key,
  );
  assert.is(other.status, 422, JSON.stringify(other.body));
  assert.is(other.body.code, 'IDEMPOTENCY_KEY_REUSED');
  const same = await post(
    apiKey,
    '/webhooks',
    { chatbotId, url: `${URL_BASE}/first`, events: ['response.created'] },
    key,
  );
  assert.equal(
    [same.status, same.body.data?.id, same.body.data?.secret],
    [201, first.body.data.id, first.body.data.secret],
  );
});

test('the same key in two workspaces gives two webhooks (ids follow from the workspace too)', async () => {
  const key = randomUUID();
  const ids: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const { apiKey } = await app.createWorkspace('pro');
    const r = await post(
      apiKey,
      '/webhooks',
      { chatbotId: await newChatbot(apiKey), url: `${URL_BASE}/shared`, events: ['response.created'] },
      key,
    );
    assert.is(r.status, 201, JSON.stringify(r.body));
    ids.push(r.body.data.id);
  }
  assert.is.not(ids[0], ids[1]);
});

test.run();
