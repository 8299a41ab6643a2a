/**
 * When the views fall behind (read-your-writes timed out), a write still answers with what it
 * wrote — never a 404 for a chatbot it just created, which would make a client create it again.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';

const CHATBOTS = '/api/v1/external/v1/chatbots';
let app: TestApp;
let apiKey: string;

test.before(async () => {
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  ({ apiKey } = await app.createWorkspace('pro'));
  // Freeze the views: the runner stops and every read-your-writes wait gives up at once.
  await app.services.projections.stop();
  app.services.projections.waitFor = async () => {
    throw new Error('views did not catch up (simulated)');
  };
});
test.after(async () => {
  await app.close();
});

test('create, update and duplicate answer from the command while the views lag', async () => {
  const created = await app.api('POST', CHATBOTS, { apiKey, body: { name: 'Lagging', description: 'd' } });
  assert.is(created.status, 201, JSON.stringify(created.body));
  assert.is(created.body.data.name, 'Lagging');
  assert.is(created.body.data.description, 'd');
  const id = created.body.data.id;
  const updated = await app.api('PUT', `${CHATBOTS}/${id}`, { apiKey, body: { name: 'Renamed' } });
  assert.is(updated.status, 200, JSON.stringify(updated.body));
  assert.is(updated.body.data.name, 'Renamed');
  const copy = await app.api('POST', `${CHATBOTS}/${id}/duplicate`, { apiKey });
  assert.is(copy.status, 201, JSON.stringify(copy.body));
  assert.is(copy.body.data.name, 'Renamed (copy)');
  assert.is.not(copy.body.data.id, id);
});

test('a webhook create answers with the subscription and its secret while the views lag', async () => {
  const bot = (await app.api('POST', CHATBOTS, { apiKey, body: { name: 'Hooked' } })).body.data.id;
  const r = await app.api('POST', '/api/v1/external/v1/webhooks', {
    apiKey,
    body: { chatbotId: bot, url: 'https://127.0.0.1:9/lag', events: ['response.created'] },
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(r.body.data.url, 'https://127.0.0.1:9/lag');
  assert.match(r.body.data.secret, /^[0-9a-f]{64}$/);
  assert.is(r.body.data.chatbot.id, bot);
});

test.run();
