/**
 * The service as an operator runs it (`npm start` in a child process trusting the receiver's CA
 * through NODE_EXTRA_CA_CERTS): a chat through the visitor API produces every webhook event,
 * and a retry scheduled before a crash is sent after the restart, once, with the same id.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  jsonBody,
  startHttpsReceiver,
  verifySeedSignature,
  type HttpsReceiver,
  type ReceivedRequest,
} from '../../support/httpsReceiver.js';
import { sleep } from '../../support/waiting.js';

const root = new URL('../../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'confab-webhook-restart-'));
const RETRY_MS = 2500;
let receiver: HttpsReceiver;
let env: NodeJS.ProcessEnv;
let server: ChildProcess | null = null;
let baseUrl = '';
let apiKey = '';
let secret = '';
let botId = '';
let sessionId = '';
let failStarted = true;

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

function startServer(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'app/main.ts'], {
      cwd: root,
      env: { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    });
    server = child;
    let log = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${log}`)), 60_000);
    const onData = (d: Buffer) => {
      log += d;
      const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${log}`)));
  });
}

async function kill(signal: NodeJS.Signals): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
  server = null;
}

async function api(method: string, path: string, body?: unknown, key = apiKey): Promise<{ status: number; body: any }> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

const ofEvent = (name: string) => receiver.requests.filter((r) => r.headers['x-webhook-event'] === name);
async function waitForEvent(name: string, count = 1, timeoutMs = 15_000): Promise<ReceivedRequest[]> {
  const deadline = Date.now() + timeoutMs;
  while (ofEvent(name).length < count) {
    if (Date.now() > deadline)
      throw new Error(
        `no ${count}× ${name}; got ${receiver.requests.map((r) => r.headers['x-webhook-event']).join(', ')}`,
      );
    await sleep(50);
  }
  return ofEvent(name);
}

test.before(async () => {
  receiver = await startHttpsReceiver();
  receiver.respondWith((req) => ({
    status: failStarted && req.headers['x-webhook-event'] === 'conversation.started' ? 500 : 200,
  }));
  env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'error',
    NODE_EXTRA_CA_CERTS: receiver.caFile,
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    WEBHOOK_RETRY_DELAYS_MS: `${RETRY_MS},${RETRY_MS},${RETRY_MS}`,
    RATE_LIMIT_PER_MINUTE: '10000',
  };
  const out = await run([
    'bin/confab.js',
    'workspace',
    'create',
    '--name',
    'Hooks',
    '--plan',
    'pro',
    '--owner-email',
    'ops@hooks.test',
  ]);
  assert.is(out.code, 0, out.stderr);
  apiKey = JSON.parse(out.stdout).apiKey;
  baseUrl = await startServer();
});

test('a subscription made through the External API', async () => {
  const bot = await api('POST', '/api/v1/external/v1/chatbots', { name: 'Shop assistant' });
  assert.is(bot.status, 201, JSON.stringify(bot.body));
  botId = bot.body.data.id;
  const hook = await api('POST', '/api/v1/external/v1/webhooks', {
    chatbotId: botId,
    url: `${receiver.url}/confab`,
    events: ['conversation.started', 'response.created', 'response.updated', 'conversation.completed'],
  });
  assert.is(hook.status, 201, JSON.stringify(hook.body));
  secret = hook.body.data.secret;
});

test('a crash in the middle of the retry schedule: the retry is sent after the restart', async () => {
  const started = await api('POST', `/api/v1/chat/${botId}/sessions`, { visitorId: 'visitor-42' });
  assert.is(started.status, 201, JSON.stringify(started.body));
  sessionId = started.body.sessionId;
  const [first] = await waitForEvent('conversation.started');
  // Let the failed attempt and its retry time be written, then crash (no graceful stop).
  await sleep(500);
  await kill('SIGKILL');
  failStarted = false;
  baseUrl = await startServer();
  const [again, retried] = await waitForEvent('conversation.started', 2, 20_000);
  assert.is(again, first);
  assert.is(retried.headers['x-webhook-delivery-id'], first.headers['x-webhook-delivery-id']);
  assert.ok(retried.rawBody.equals(first.rawBody));
  assert.ok(retried.receivedAt.getTime() - first.receivedAt.getTime() >= RETRY_MS - 100);
  assert.ok(verifySeedSignature(retried, secret));
  assert.equal(jsonBody(retried), {
    event: 'conversation.started',
    chatSessionId: sessionId,
    botId,
    chatbotName: 'Shop assistant',
    visitorId: 'visitor-42',
    channel: 'web',
    timestamp: (jsonBody(first) as { timestamp: string }).timestamp,
  });
});

test('the rest of the chat delivers response.created, response.updated and conversation.completed', async () => {
  const first = await api('POST', `/api/v1/chat/${botId}/sessions/${sessionId}/messages`, { message: 'Ada' });
  assert.is(first.status, 200, JSON.stringify(first.body));
  const [created] = await waitForEvent('response.created');
  const c = jsonBody<Record<string, string>>(created);
  assert.equal(Object.keys(c).sort(), ['botId', 'chatSessionId', 'event', 'responseId', 'timestamp', 'visitorId']);
  assert.equal([c.chatSessionId, c.botId, c.visitorId], [sessionId, botId, 'visitor-42']);
  if (!first.body.done) {
    assert.is(
      (await api('POST', `/api/v1/chat/${botId}/sessions/${sessionId}/messages`, { message: 'ada@example.com' }))
        .status,
      200,
    );
    const [updated] = await waitForEvent('response.updated');
    const u = jsonBody<Record<string, string>>(updated);
    assert.equal([u.responseId, u.chatSessionId, u.botId], [c.responseId, sessionId, botId]);
  }
  const ended = await api('POST', `/api/v1/chat/${botId}/sessions/${sessionId}/end`);
  assert.ok(ended.status === 200 || ended.status === 409, JSON.stringify(ended.body));
  const [completed] = await waitForEvent('conversation.completed');
  const done = jsonBody<Record<string, unknown>>(completed);
  assert.is(done.chatSessionId, sessionId);
  assert.ok(['resolved', 'ended'].includes(done.resolution as string));
  assert.is(typeof done.duration, 'number');
  assert.is(done.turnCount, first.body.done ? 1 : 2);
  for (const req of receiver.requests) assert.ok(verifySeedSignature(req, secret));
});

test('nothing was sent twice', async () => {
  await sleep(1000);
  const successful = receiver.requests.filter(
    (r) => !(r.headers['x-webhook-event'] === 'conversation.started' && r === ofEvent('conversation.started')[0]),
  );
  const ids = successful.map((r) => r.headers['x-webhook-delivery-id']);
  assert.is(new Set(ids).size, ids.length);
});

test.after(async () => {
  await kill('SIGTERM');
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test.run();
