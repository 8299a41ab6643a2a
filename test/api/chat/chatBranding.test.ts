// The branding a session start carries when the workspace_branding view cannot help: no
// document yet, a read that fails. The session still starts, with the default colors. A chat
// router is mounted with a stand-in brandingOf query; everything else is the real service.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import express from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { chatRouter, CHAT_MOUNT, type ChatBranding } from '../../../api/chat/chatRouter.js';
import { requestContext } from '../../../api/http/requestContext.js';
import { errorHandler } from '../../../api/http/errorHandler.js';
import { OpenApiRegistry } from '../../../api/http/openApiRegistry.js';
import { appDeps } from '../../../app/server.js';

let app: TestApp;
let server: Server;
let base: string;
let botId: string;
let workspaceId: string;
/** What the stand-in query does on its next call. */
let answer: () => Promise<ChatBranding | null> = async () => null;
const asked: string[] = [];

test('setup', async () => {
  app = await startTestApp();
  const ws = await app.createWorkspace('pro');
  botId = (await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey: ws.apiKey, body: { name: 'Helper' } })).body
    .data.id;
  const deps = { ...appDeps(app.services).chat, brandingOf: (id: string) => (asked.push(id), answer()) };
  const mounted = express();
  mounted.use(requestContext);
  mounted.use(CHAT_MOUNT, chatRouter(deps, new OpenApiRegistry()));
  mounted.use(errorHandler(app.services.logger));
  server = createServer(mounted);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  asked.length = 0;
  workspaceId = ws.workspaceId;
});

async function start() {
  const res = await fetch(`${base}${CHAT_MOUNT}/${botId}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: res.status, body: await res.json() };
}

test("no branding document yet: the default colors, asked for the chatbot's workspace", async () => {
  answer = async () => null;
  const r = await start();
  assert.is(r.status, 201);
  assert.equal(
    [r.body.chatbot, r.body.branding],
    [{ name: 'Helper' }, { primaryColor: '#4F46E5', secondaryColor: '#64748B' }],
  );
  assert.equal(asked, [workspaceId]);
});

test('a failing branding read still starts the session, with the default colors', async () => {
  answer = async () => {
    throw new Error('read store down');
  };
  const r = await start();
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.type(r.body.sessionId, 'string');
  assert.equal(r.body.branding, { primaryColor: '#4F46E5', secondaryColor: '#64748B' });
});

test('only the colors that are #RRGGBB are passed on', async () => {
  answer = async () => ({ primaryColor: '#123abc', secondaryColor: 'javascript:alert(1)' });
  assert.equal((await start()).body.branding, { primaryColor: '#123abc', secondaryColor: '#64748B' });
});

test('close', async () => {
  await new Promise<void>((r) => {
    server.close(() => r());
    server.closeAllConnections();
  });
  await app.close();
});

test.run();
