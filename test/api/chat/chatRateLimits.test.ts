// Per-address limits of the public chat API, on a chat router mounted with small limits so the
// test does not have to send hundreds of requests.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import express from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { chatRouter, CHAT_MOUNT } from '../../../api/chat/chatRouter.js';
import { requestContext } from '../../../api/http/requestContext.js';
import { errorHandler } from '../../../api/http/errorHandler.js';
import { OpenApiRegistry } from '../../../api/http/openApiRegistry.js';
import { appDeps } from '../../../app/server.js';

let app: TestApp;
let server: Server;
let base: string;
let botId: string;

const post = async (path: string, body: unknown = {}, ip?: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (ip) headers['x-forwarded-for'] = ip;
  const res = await fetch(base + CHAT_MOUNT + path, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: await res.json() };
};

test('setup', async () => {
  app = await startTestApp();
  const { apiKey } = await app.createWorkspace('pro');
  botId = (await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey, body: { name: 'Limited' } })).body.data.id;
  const limited = express();
  limited.set('trust proxy', 'loopback');
  limited.use(requestContext);
  limited.use(
    CHAT_MOUNT,
    chatRouter(appDeps(app.services).chat, new OpenApiRegistry(), {
      requestsPerMinute: 6,
      sessionStartsPerHour: 2,
      bodyBytes: 1024,
    }),
  );
  limited.use(errorHandler(app.services.logger));
  server = createServer(limited);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test('an address may start only so many sessions; other addresses are not affected', async () => {
  const ip = '203.0.113.10';
  assert.is((await post(`/${botId}/sessions`, {}, ip)).status, 201);
  assert.is((await post(`/${botId}/sessions`, {}, ip)).status, 201);
  const third = await post(`/${botId}/sessions`, {}, ip);
  assert.is(third.status, 429);
  assert.is(third.body.code, 'RATE_LIMIT_ERROR');
  assert.ok(Number(third.headers.get('retry-after')) > 0);
  assert.is((await post(`/${botId}/sessions`, {}, '203.0.113.11')).status, 201);
});

test('an invalid start does not use up the session allowance', async () => {
  const ip = '203.0.113.20';
  for (let i = 0; i < 3; i++)
    assert.is((await post(`/${botId}/sessions`, { channel: 'no spaces allowed' }, ip)).status, 400);
  assert.is((await post(`/${botId}/sessions`, {}, ip)).status, 201);
});

test('every chat request counts against the per-minute limit of its address', async () => {
  const ip = '203.0.113.30';
  const s = await post(`/${botId}/sessions`, {}, ip);
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++)
    statuses.push((await post(`/${botId}/sessions/${s.body.sessionId}/messages`, { message: `m${i}` }, ip)).status);
  // The default flow completes after two answers (then 409); the seventh request is over the limit.
  assert.equal(statuses, [200, 200, 409, 409, 409, 429]);
});

test("the body limit is the router's own", async () => {
  const r = await post(`/${botId}/sessions`, { customData: { a: 'x'.repeat(2000) } }, '203.0.113.40');
  assert.equal([r.status, r.body.code], [413, 'PAYLOAD_TOO_LARGE']);
  assert.ok(r.body.error.includes('1 KB'));
});

test('close', async () => {
  await new Promise<void>((r) => {
    server.close(() => r());
    server.closeAllConnections();
  });
  await app.close();
});

test.run();
