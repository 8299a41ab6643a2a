/**
 * A known path asked with a method it does not take: 405 naming the methods it does, in Allow
 * and in the error; unknown paths stay 404, and nothing is billed or changed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { monthOf } from '../../../infrastructure/usage/usageCounter.js';

const EXT = '/api/v1/external/v1';
let app: TestApp;
let apiKey: string;
let workspaceId: string;
let botId: string;

test.before(async () => {
  app = await startTestApp();
  ({ apiKey, workspaceId } = await app.createWorkspace('pro'));
  botId = (await app.api('POST', `${EXT}/chatbots`, { apiKey, body: { name: 'Bot' } })).body.data.id;
});
test.after(async () => {
  await app.close();
});

const send = (method: string, path: string) =>
  fetch(`${app.baseUrl}${path}`, { method, headers: { 'x-api-key': apiKey } });

test('a method the path does not take: 405, Allow lists the ones it does, the error names them', async () => {
  const cases: Array<[string, string, string]> = [
    ['PATCH', `${EXT}/chatbots/${botId}`, 'DELETE, GET, HEAD, PUT'],
    ['DELETE', `${EXT}/chatbots`, 'GET, HEAD, POST'],
    ['GET', `${EXT}/chatbots/${botId}/duplicate`, 'POST'],
    // Express's own matching: any letter case, a trailing slash.
    ['PUT', `${EXT}/Chatbots/`, 'GET, HEAD, POST'],
  ];
  for (const [method, path, allow] of cases) {
    const r = await send(method, path);
    assert.is(r.status, 405, `${method} ${path}`);
    assert.is(r.headers.get('allow'), allow, `${method} ${path}`);
    const body = await r.json();
    assert.equal(body, {
      error: `${method} is not allowed on this path; it takes ${allow}`,
      code: 'METHOD_NOT_ALLOWED',
    });
  }
});

test('unknown paths stay 404; OPTIONS is not refused as a method', async () => {
  for (const [method, path] of [
    ['PATCH', `${EXT}/nothing-here`],
    ['GET', `${EXT}/chatbots/${botId}/nothing`],
    ['POST', '/no/such/page'],
  ]) {
    const r = await send(method, path);
    assert.is(r.status, 404, `${method} ${path}`);
    assert.is((await r.json()).code, 'NOT_FOUND');
  }
  assert.is.not((await send('OPTIONS', `${EXT}/chatbots`)).status, 405);
});

test('a refused method is not billed and changes nothing', async () => {
  const used = () => app.services.usage.get(workspaceId, monthOf(new Date()));
  const before = await used();
  await send('PATCH', `${EXT}/chatbots/${botId}`);
  assert.equal(await used(), before);
  assert.is((await app.api('GET', `${EXT}/chatbots/${botId}`, { apiKey })).body.data.name, 'Bot');
});

test.run();
