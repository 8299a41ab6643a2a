/**
 * Bad input to the visitor chat API, beyond the field checks of chatApi.test.ts: bodies that are
 * no JSON object, path ids that name nothing, and text that is text. A refusal writes nothing to
 * the conversation; text a visitor sends comes back exactly.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { assertRefused, NOT_AN_OBJECT, REAL_TEXT } from '../../support/badInput.js';

const CHAT = '/api/v1/chat';
let app: TestApp;
let botId: string;

const post = (path: string, body?: unknown) => app.api('POST', CHAT + path, { body });
const started = async () => (await post(`/${botId}/sessions`, {})).body.sessionId as string;
const logOf = async (sessionId: string) =>
  (await app.services.events.readStream(`conversation-${sessionId}`)).map((e) => e.type);

test.before(async () => {
  app = await startTestApp();
  const { apiKey } = await app.createWorkspace('pro');
  botId = (await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey, body: { name: 'Bot' } })).body.data.id;
});
test.after(async () => {
  await app.close();
});

test('a body that is no JSON object is refused as such, on every chat POST that takes one; nothing is written', async () => {
  const sessionId = await started();
  for (const path of [
    `/${botId}/sessions`,
    `/${botId}/sessions/${sessionId}/messages`,
    `/${botId}/sessions/${sessionId}/escalate`,
  ]) {
    for (const [kind, text, says] of NOT_AN_OBJECT) assertRefused(await post(path, text), 400, says, `${path} ${kind}`);
  }
  assert.equal(await logOf(sessionId), ['ConversationStarted']);
});

test('path ids that name nothing are 404; a path that is no percent-encoding is 400', async () => {
  const sessionId = await started();
  for (const id of [
    '%2F',
    'a%2Fb',
    '%00',
    'x'.repeat(65),
    '__proto__',
    'constructor',
    '%E2%80%AE',
    botId.toUpperCase(),
  ]) {
    assertRefused(await post(`/${id}/sessions`, {}), 404, /not found/i, `bot ${id}`);
    assertRefused(
      await post(`/${botId}/sessions/${id}/messages`, { message: 'hi' }),
      404,
      /not found/i,
      `session ${id}`,
    );
    assertRefused(await post(`/${botId}/sessions/${id}/end`), 404, /not found/i, `end ${id}`);
  }
  for (const id of ['%ZZ', '%C0%AE'])
    assertRefused(await post(`/${botId}/sessions/${id}/end`), 400, /percent-encoding/, id);
  assert.equal(await logOf(sessionId), ['ConversationStarted']);
});

test('text that is text reaches the flow exactly as sent', async () => {
  for (const name of REAL_TEXT) {
    const sessionId = await started();
    const r = await post(`/${botId}/sessions/${sessionId}/messages`, { message: name });
    assert.is(r.status, 200, JSON.stringify(r.body));
    assert.ok(r.body.messages[0].message.includes(name), `${JSON.stringify(name)} in ${r.body.messages[0].message}`);
  }
});

test.run();
