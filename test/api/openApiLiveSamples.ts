/**
 * Live samples for the OpenAPI conformance test: each function calls the operations of one
 * API for their success answer and every documented error status, and hands each answer to
 * `expect`, which checks it against the document.
 */
import { operatorContext } from '../../commands/commandContext.js';
import { monthOf } from '../../infrastructure/usage/usageCounter.js';
import { requestFingerprint } from '../../api/external/idempotencyKey.js';
import type { TestApp } from '../support/testApp.js';
import type { Mailbox } from './external/accountMailbox.js';

export interface Request {
  key?: string;
  body?: unknown;
  /** Sent as is (no JSON encoding). */
  raw?: string | FormData;
  headers?: Record<string, string>;
  /** The client address (X-Forwarded-For, trusted from loopback). */
  ip?: string;
}

/** Calls `path` and checks the answer is `status` and conforms to operation `op`; returns the parsed body. */
export type Expect = (op: string, status: number, method: string, path: string, req?: Request) => Promise<any>;

const EXT = '/api/v1/external/v1';
const CHAT = '/api/v1/chat';
const WS = '/api/v1/workspace';
const NUL = '?x=%00';
const UNKNOWN = 'aaaaaaaaaaaaaaaaaaaaaaaa';
/** A body-parser refuses an encoding it does not know: 415. */
const BAD_ENCODING = { 'content-encoding': 'x-unknown' };
const bigBodies = new Map<number, string>();
/** A JSON body of `bytes` characters and more (made once per size). */
const big = (bytes: number) =>
  bigBodies.get(bytes) ?? bigBodies.set(bytes, JSON.stringify({ name: 'x'.repeat(bytes) })).get(bytes)!;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A JSON-body operation's 413 and 415. */
async function bodyErrors(
  expect: Expect,
  op: string,
  method: string,
  path: string,
  limit: number,
  req: Request = {},
): Promise<void> {
  await expect(op, 413, method, path, { ...req, raw: big(limit + 1) });
  await expect(op, 415, method, path, { ...req, body: {}, headers: { ...req.headers, ...BAD_ENCODING } });
}

/** An External API operation's 401 (no key), 403 (Free plan) and 429 (monthly quota spent). */
async function accessErrors(
  expect: Expect,
  op: string,
  method: string,
  path: string,
  keys: { free: string; spent: string },
  body?: unknown,
): Promise<void> {
  await expect(op, 401, method, path, { body });
  await expect(op, 403, method, path, { key: keys.free, body });
  await expect(op, 429, method, path, { key: keys.spent, body });
}

/** A POST's 409 (a request with the key still running) and 422 (the key used with another body). */
async function idempotencyErrors(
  app: TestApp,
  expect: Expect,
  op: string,
  path: string,
  key: string,
  workspaceId: string,
  body: unknown,
): Promise<void> {
  const busy = `busy-${op}`;
  await app.services.idempotency.begin(workspaceId, busy, requestFingerprint('POST', path, body), 'someone-else');
  await expect(op, 409, 'POST', path, { key, body, headers: { 'Idempotency-Key': busy } });
  await expect(op, 422, 'POST', path, { key, body: { other: true }, headers: { 'Idempotency-Key': busy } });
}

/** The flow operations of one chatbot: draft, publish, versions and diff. */
async function flowSamples(
  app: TestApp,
  expect: Expect,
  workspaceId: string,
  id: string,
  keys: { free: string; spent: string },
  limit: number,
): Promise<void> {
  // A key of its own: these samples alone are more than one key's burst allows.
  const key = (await app.services.workspaces.createApiKey({ workspaceId, role: 'admin' }, operatorContext(workspaceId)))
    .apiKey;
  const flow = {
    start: 'hi',
    steps: [
      { id: 'hi', type: 'message', text: 'Hi', next: 'bye' },
      { id: 'bye', type: 'end', resolution: 'resolved' },
    ],
  };
  for (const [op, method, path, body] of [
    ['saveChatbotFlow', 'PUT', `/chatbots/${id}/flow`, flow],
    ['getChatbotFlow', 'GET', `/chatbots/${id}/flow`, undefined],
    ['getChatbotFlowSigningSecret', 'GET', `/chatbots/${id}/flow/signing-secret`, undefined],
    ['publishChatbotFlow', 'POST', `/chatbots/${id}/flow/publish`, {}],
    ['listChatbotFlowVersions', 'GET', `/chatbots/${id}/flow/versions`, undefined],
    ['getChatbotFlowVersion', 'GET', `/chatbots/${id}/flow/versions/1`, undefined],
    ['diffChatbotFlowVersions', 'GET', `/chatbots/${id}/flow/versions/2/diff?against=1`, undefined],
    ['getChatbotFunnel', 'GET', `/chatbots/${id}/funnel?days=7`, undefined],
  ] as const) {
    const [route, query = ''] = path.split('?');
    const withQuery = (p: string) => EXT + p + (query ? `?${query}` : '');
    await expect(op, method === 'POST' ? 201 : 200, method, withQuery(route!), { key, body });
    await expect(op, 404, method, withQuery(route!.replace(id, UNKNOWN)), { key, body });
    await expect(op, 400, method, EXT + route + NUL, { key, body });
    await accessErrors(expect, op, method, withQuery(route!), keys, body);
  }
  await expect('saveChatbotFlow', 400, 'PUT', `${EXT}/chatbots/${id}/flow`, { key, body: { start: 'x', steps: [] } });
  await bodyErrors(expect, 'saveChatbotFlow', 'PUT', `${EXT}/chatbots/${id}/flow`, limit, { key });
  await expect('publishChatbotFlow', 400, 'POST', `${EXT}/chatbots/${id}/flow/publish`, { key, body: { version: 0 } });
  await bodyErrors(expect, 'publishChatbotFlow', 'POST', `${EXT}/chatbots/${id}/flow/publish`, limit, { key });
  await idempotencyErrors(
    app,
    expect,
    'publishChatbotFlow',
    `${EXT}/chatbots/${id}/flow/publish`,
    key,
    workspaceId,
    {},
  );
  // A rollback, so the chat samples talk with the flow they were written for.
  await expect('publishChatbotFlow', 201, 'POST', `${EXT}/chatbots/${id}/flow/publish`, { key, body: { version: 1 } });
  await simulationSamples(app, expect, workspaceId, id, keys, limit, key);
}

/** A what-if run: computed, not created, so its success is 200. */
async function simulationSamples(
  app: TestApp,
  expect: Expect,
  workspaceId: string,
  id: string,
  keys: { free: string; spent: string },
  limit: number,
  key: string,
): Promise<void> {
  const op = 'simulateChatbotFlow';
  const path = `${EXT}/chatbots/${id}/flow/simulate`;
  await app.api('POST', `${CHAT}/${id}/sessions`, { body: {} });
  await expect(op, 200, 'POST', path, { key, body: { limit: 10 } });
  await expect(op, 404, 'POST', path.replace(id, UNKNOWN), { key, body: {} });
  await expect(op, 400, 'POST', path, { key, body: { limit: 0 } });
  await expect(op, 400, 'POST', path + NUL, { key, body: {} });
  await accessErrors(expect, op, 'POST', path, keys, {});
  await bodyErrors(expect, op, 'POST', path, limit, { key });
  await idempotencyErrors(app, expect, op, path, key, workspaceId, {});
}

export async function externalApiSamples(app: TestApp, expect: Expect, mailbox: Mailbox): Promise<void> {
  const owner = `owner-${Date.now()}@example.com`;
  const ws = await app.createWorkspace('pro', { ownerEmail: owner });
  const key = ws.apiKey;
  const free = (await app.createWorkspace('free')).apiKey;
  const spentWs = await app.createWorkspace('starter');
  await app.services.sql.query('INSERT INTO usage_counters (workspace_id, month, calls) VALUES ($1, $2, 10000)', [
    spentWs.workspaceId,
    monthOf(new Date()),
  ]);
  const keys = { free, spent: spentWs.apiKey };
  const limit = 15 * 1024 * 1024;

  // Chatbots
  await expect('listChatbots', 200, 'GET', `${EXT}/chatbots`, { key });
  await accessErrors(expect, 'listChatbots', 'GET', `${EXT}/chatbots`, keys);
  const bot = await expect('createChatbot', 201, 'POST', `${EXT}/chatbots`, {
    key,
    body: { name: 'Docs' },
    headers: { 'Idempotency-Key': 'create-1' },
  });
  await expect('createChatbot', 201, 'POST', `${EXT}/chatbots`, {
    key,
    body: { name: 'Docs' },
    headers: { 'Idempotency-Key': 'create-1' },
  });
  await expect('createChatbot', 400, 'POST', `${EXT}/chatbots`, { key, body: {} });
  await accessErrors(expect, 'createChatbot', 'POST', `${EXT}/chatbots`, keys, { name: 'x' });
  await bodyErrors(expect, 'createChatbot', 'POST', `${EXT}/chatbots`, limit, { key });
  await idempotencyErrors(app, expect, 'createChatbot', `${EXT}/chatbots`, key, ws.workspaceId, { name: 'Busy' });
  const id = bot.data.id;
  for (const [op, method, path, body] of [
    ['getChatbot', 'GET', `/chatbots/${id}`, undefined],
    ['updateChatbot', 'PUT', `/chatbots/${id}`, { description: 'Updated' }],
    ['duplicateChatbot', 'POST', `/chatbots/${id}/duplicate`, undefined],
    ['listResponses', 'GET', `/chatbots/${id}/responses`, undefined],
    ['getAnalytics', 'GET', `/chatbots/${id}/analytics`, undefined],
  ] as const) {
    await expect(op, method === 'POST' ? 201 : 200, method, EXT + path, { key, body });
    await expect(op, 404, method, EXT + path.replace(id, UNKNOWN), { key, body });
    await expect(op, 400, method, EXT + path + NUL, { key, body });
    await accessErrors(expect, op, method, EXT + path, keys, body);
  }
  await bodyErrors(expect, 'updateChatbot', 'PUT', `${EXT}/chatbots/${id}`, limit, { key });
  // A second key of the workspace: one key's 60 calls a minute do not reach through every sample.
  const key2 = (
    await app.services.workspaces.createApiKey(
      { workspaceId: ws.workspaceId, role: 'admin' },
      operatorContext(ws.workspaceId),
    )
  ).apiKey;
  await bodyErrors(expect, 'duplicateChatbot', 'POST', `${EXT}/chatbots/${id}/duplicate`, limit, { key: key2 });
  await idempotencyErrors(
    app,
    expect,
    'duplicateChatbot',
    `${EXT}/chatbots/${id}/duplicate`,
    key,
    ws.workspaceId,
    undefined,
  );
  const scratch = await expect('createChatbot', 201, 'POST', `${EXT}/chatbots`, { key, body: { name: 'Scratch' } });
  await expect('deleteChatbot', 200, 'DELETE', `${EXT}/chatbots/${scratch.data.id}`, { key });
  await expect('deleteChatbot', 404, 'DELETE', `${EXT}/chatbots/${scratch.data.id}`, { key });
  await expect('deleteChatbot', 400, 'DELETE', `${EXT}/chatbots/${id}${NUL}`, { key });
  await accessErrors(expect, 'deleteChatbot', 'DELETE', `${EXT}/chatbots/${id}`, keys);
  await flowSamples(app, expect, ws.workspaceId, id, keys, limit);

  // Responses: one conversation, left active (resolution null), then one that is ended.
  const session = await expect('startChatSession', 201, 'POST', `${CHAT}/${id}/sessions`, { body: {} });
  await expect('sendChatMessage', 200, 'POST', `${CHAT}/${id}/sessions/${session.sessionId}/messages`, {
    body: { message: 'Ada' },
  });
  const page = await expect('listResponses', 200, 'GET', `${EXT}/chatbots/${id}/responses?limit=5`, { key });
  await expect('listResponses', 400, 'GET', `${EXT}/chatbots/${id}/responses?limit=1000`, { key });
  const rid = page.data[0]._id;
  await expect('getResponse', 200, 'GET', `${EXT}/chatbots/${id}/responses/${rid}`, { key });
  await expect('getResponse', 404, 'GET', `${EXT}/chatbots/${id}/responses/${UNKNOWN}`, { key });
  await expect('getResponse', 400, 'GET', `${EXT}/chatbots/${id}/responses/${rid}${NUL}`, { key });
  await accessErrors(expect, 'getResponse', 'GET', `${EXT}/chatbots/${id}/responses/${rid}`, keys);
  // A key of its own: the burst limit per key is spent by the samples above and below.
  const readKey = (
    await app.services.workspaces.createApiKey(
      { workspaceId: ws.workspaceId, role: 'admin', scopes: ['read'] },
      operatorContext(ws.workspaceId),
    )
  ).apiKey;
  const provenance = `${EXT}/chatbots/${id}/responses/${rid}/provenance`;
  await expect('getResponseProvenance', 200, 'GET', provenance, { key: readKey });
  const unknownProvenance = `${EXT}/chatbots/${id}/responses/${UNKNOWN}/provenance`;
  await expect('getResponseProvenance', 404, 'GET', unknownProvenance, { key: readKey });
  await expect('getResponseProvenance', 400, 'GET', `${provenance}${NUL}`, { key: readKey });
  await accessErrors(expect, 'getResponseProvenance', 'GET', provenance, keys);
  // The export: a key of its own too (its samples would find the burst limit spent).
  const exportKey = (
    await app.services.workspaces.createApiKey(
      { workspaceId: ws.workspaceId, role: 'admin', scopes: ['read'] },
      operatorContext(ws.workspaceId),
    )
  ).apiKey;
  const exported = `${EXT}/chatbots/${id}/responses/export`;
  await expect('exportResponses', 200, 'GET', `${exported}?format=csv&startDate=2020-01-01`, { key: exportKey });
  await expect('exportResponses', 200, 'GET', `${exported}?format=ndjson`, { key: exportKey });
  await expect('exportResponses', 400, 'GET', `${exported}?format=xlsx`, { key: exportKey });
  await expect('exportResponses', 404, 'GET', `${EXT}/chatbots/${UNKNOWN}/responses/export`, { key: exportKey });
  await accessErrors(expect, 'exportResponses', 'GET', exported, keys);
  await expect('getAnalytics', 400, 'GET', `${EXT}/chatbots/${id}/analytics?days=0`, { key });

  // Usage and account
  await expect('getUsage', 200, 'GET', `${EXT}/usage`, { key });
  await accessErrors(expect, 'getUsage', 'GET', `${EXT}/usage`, keys);
  await expect('getAiUsage', 200, 'GET', `${EXT}/usage/ai`, { key });
  await accessErrors(expect, 'getAiUsage', 'GET', `${EXT}/usage/ai`, keys);
  await expect('getAccount', 200, 'GET', `${EXT}/account`, { key });
  await accessErrors(expect, 'getAccount', 'GET', `${EXT}/account`, keys);
  await expect('updateAccount', 200, 'PATCH', `${EXT}/account`, { key, body: { timezone: 'Europe/Berlin' } });
  await expect('updateAccount', 400, 'PATCH', `${EXT}/account`, { key, body: { timezone: 'Mars/Olympus' } });
  await accessErrors(expect, 'updateAccount', 'PATCH', `${EXT}/account`, keys, {});
  await bodyErrors(expect, 'updateAccount', 'PATCH', `${EXT}/account`, limit, { key });
  await emailChangeSamples(app, expect, mailbox, ws.workspaceId, owner, keys);

  // Webhooks
  const hook = { chatbotId: id, url: 'https://hooks.example.com/confab', events: ['response.created'] };
  await expect('listWebhooks', 200, 'GET', `${EXT}/webhooks`, { key });
  await accessErrors(expect, 'listWebhooks', 'GET', `${EXT}/webhooks`, keys);
  const created = await expect('createWebhook', 201, 'POST', `${EXT}/webhooks`, { key, body: hook });
  await expect('createWebhook', 409, 'POST', `${EXT}/webhooks`, { key, body: hook });
  await expect('createWebhook', 400, 'POST', `${EXT}/webhooks`, { key, body: { ...hook, events: ['no.such.event'] } });
  await accessErrors(expect, 'createWebhook', 'POST', `${EXT}/webhooks`, keys, hook);
  await bodyErrors(expect, 'createWebhook', 'POST', `${EXT}/webhooks`, limit, { key });
  await idempotencyErrors(app, expect, 'createWebhook', `${EXT}/webhooks`, key, ws.workspaceId, hook);
  const hid = created.data.id;
  await expect('updateWebhook', 200, 'PATCH', `${EXT}/webhooks/${hid}`, { key, body: { status: 'paused' } });
  await expect('updateWebhook', 400, 'PATCH', `${EXT}/webhooks/${hid}`, { key, body: { status: 'sleeping' } });
  await expect('updateWebhook', 404, 'PATCH', `${EXT}/webhooks/${UNKNOWN}`, { key, body: {} });
  await accessErrors(expect, 'updateWebhook', 'PATCH', `${EXT}/webhooks/${hid}`, keys, {});
  await bodyErrors(expect, 'updateWebhook', 'PATCH', `${EXT}/webhooks/${hid}`, limit, { key });
  const other = await expect('createWebhook', 201, 'POST', `${EXT}/webhooks`, {
    key: key2,
    body: { ...hook, url: 'https://hooks.example.com/other' },
  });
  await expect('updateWebhook', 409, 'PATCH', `${EXT}/webhooks/${other.data.id}`, {
    key: key2,
    body: { url: hook.url },
  });
  await expect('deleteWebhook', 400, 'DELETE', `${EXT}/webhooks/${hid}${NUL}`, { key });
  await accessErrors(expect, 'deleteWebhook', 'DELETE', `${EXT}/webhooks/${hid}`, keys);
  await expect('deleteWebhook', 200, 'DELETE', `${EXT}/webhooks/${hid}`, { key });
  await expect('deleteWebhook', 404, 'DELETE', `${EXT}/webhooks/${hid}`, { key });
  await modelConnectionSamples(app, expect, keys, limit);
  await knowledgeSourceSamples(app, expect, keys, limit);
  await knowledgeEvaluationSamples(app, expect, keys, limit);
  await agentAnalyticsSamples(app, expect, keys);
}

/** An agent's analytics and the unanswered questions, in a workspace of their own: success, bad dates, unknown chatbots. */
async function agentAnalyticsSamples(
  app: TestApp,
  expect: Expect,
  keys: { free: string; spent: string },
): Promise<void> {
  const { apiKey: key } = await app.createWorkspace('pro');
  const bot = await expect('createChatbot', 201, 'POST', `${EXT}/chatbots`, { key, body: { name: 'Analytics' } });
  const chatbotId: string = bot.data.id;
  const ANALYTICS = `${EXT}/chatbots/${chatbotId}/agent/analytics`;
  await expect('getChatbotAgentAnalytics', 200, 'GET', `${ANALYTICS}?startDate=2026-01-01&endDate=2026-01-31`, { key });
  await expect('getChatbotAgentAnalytics', 400, 'GET', `${ANALYTICS}?startDate=2026-02-30`, { key });
  await expect('getChatbotAgentAnalytics', 404, 'GET', ANALYTICS.replace(chatbotId, UNKNOWN), { key });
  await accessErrors(expect, 'getChatbotAgentAnalytics', 'GET', ANALYTICS, keys);
  const UNANSWERED = `${EXT}/knowledge/unanswered`;
  await expect('listUnansweredQuestions', 200, 'GET', `${UNANSWERED}?chatbotId=${chatbotId}&limit=10`, { key });
  await expect('listUnansweredQuestions', 400, 'GET', `${UNANSWERED}?cursor=bm9wZQ`, { key });
  await expect('listUnansweredQuestions', 404, 'GET', `${UNANSWERED}?chatbotId=${UNKNOWN}`, { key });
  await accessErrors(expect, 'listUnansweredQuestions', 'GET', UNANSWERED, keys);
}

/**
 * The knowledge source operations, in a workspace of their own: pasted text and an uploaded file
 * added, listed, read, reindexed and deleted, with each documented error.
 */
async function knowledgeSourceSamples(
  app: TestApp,
  expect: Expect,
  keys: { free: string; spent: string },
  limit: number,
): Promise<void> {
  const { workspaceId, apiKey: key } = await app.createWorkspace('pro');
  const PATH = `${EXT}/knowledge/sources`;
  const body = { type: 'text', title: 'Returns', text: 'Returns are accepted within 30 days.' };
  await expect('listKnowledgeSources', 200, 'GET', PATH, { key });
  await accessErrors(expect, 'listKnowledgeSources', 'GET', PATH, keys);
  const created = await expect('createKnowledgeSource', 202, 'POST', PATH, { key, body });
  const upload = (bytes: Buffer, name: string, type: string) => {
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return f;
  };
  await expect('createKnowledgeSource', 202, 'POST', PATH, {
    key,
    raw: upload(Buffer.from('# Shipping\n\nWe ship worldwide.'), 'shipping.md', 'text/markdown'),
  });
  await expect('createKnowledgeSource', 400, 'POST', PATH, { key, body: { type: 'text', title: 'No text' } });
  await expect('createKnowledgeSource', 415, 'POST', PATH, {
    key,
    raw: upload(PNG, 'picture.png', 'image/png'),
  });
  await accessErrors(expect, 'createKnowledgeSource', 'POST', PATH, keys, body);
  await bodyErrors(expect, 'createKnowledgeSource', 'POST', PATH, limit, { key });
  await idempotencyErrors(app, expect, 'createKnowledgeSource', PATH, key, workspaceId, body);
  const one = `${PATH}/${created.data.id}`;
  await expect('getKnowledgeSource', 200, 'GET', one, { key });
  await expect('getKnowledgeSource', 400, 'GET', `${one}${NUL}`, { key });
  await expect('getKnowledgeSource', 404, 'GET', `${PATH}/${UNKNOWN}`, { key });
  await accessErrors(expect, 'getKnowledgeSource', 'GET', one, keys);
  await expect('reindexKnowledgeSource', 202, 'POST', `${one}/reindex`, { key });
  await expect('reindexKnowledgeSource', 400, 'POST', `${one}/reindex${NUL}`, { key });
  await expect('reindexKnowledgeSource', 404, 'POST', `${PATH}/${UNKNOWN}/reindex`, { key });
  await accessErrors(expect, 'reindexKnowledgeSource', 'POST', `${one}/reindex`, keys);
  await bodyErrors(expect, 'reindexKnowledgeSource', 'POST', `${one}/reindex`, limit, { key });
  await idempotencyErrors(app, expect, 'reindexKnowledgeSource', `${one}/reindex`, key, workspaceId, {});
  await expect('deleteKnowledgeSource', 400, 'DELETE', `${one}${NUL}`, { key });
  await accessErrors(expect, 'deleteKnowledgeSource', 'DELETE', one, keys);
  await expect('deleteKnowledgeSource', 200, 'DELETE', one, { key });
  await expect('deleteKnowledgeSource', 404, 'DELETE', one, { key });
}

/**
 * The knowledge evaluation operations, in a workspace of their own: a question over a pasted
 * source, a run of it, the lists, one run, and the question deleted, with each documented error.
 */
async function knowledgeEvaluationSamples(
  app: TestApp,
  expect: Expect,
  keys: { free: string; spent: string },
  limit: number,
): Promise<void> {
  const { workspaceId, apiKey: key } = await app.createWorkspace('pro');
  const source = await app.services.knowledge.create(
    { type: 'text', title: 'Returns', text: 'Returns are accepted within 30 days.' },
    { ...operatorContext(workspaceId), workspaceId },
  );
  const Q = `${EXT}/knowledge/evaluation/questions`;
  const RUNS = `${EXT}/knowledge/evaluation/runs`;
  const body = { question: 'How long do I have to return?', expectedSourceIds: [source.sourceId] };
  await expect('listEvaluationQuestions', 200, 'GET', Q, { key });
  await accessErrors(expect, 'listEvaluationQuestions', 'GET', Q, keys);
  const created = await expect('createEvaluationQuestion', 201, 'POST', Q, { key, body });
  await expect('createEvaluationQuestion', 400, 'POST', Q, { key, body: { ...body, question: '' } });
  await expect('createEvaluationQuestion', 404, 'POST', Q, { key, body: { ...body, expectedSourceIds: [UNKNOWN] } });
  await accessErrors(expect, 'createEvaluationQuestion', 'POST', Q, keys, body);
  await bodyErrors(expect, 'createEvaluationQuestion', 'POST', Q, limit, { key });
  await idempotencyErrors(app, expect, 'createEvaluationQuestion', Q, key, workspaceId, body);
  const run = await expect('createEvaluationRun', 201, 'POST', RUNS, { key, body: { k: 3 } });
  await expect('createEvaluationRun', 400, 'POST', RUNS, { key, body: { k: 0 } });
  await expect('createEvaluationRun', 404, 'POST', RUNS, { key, body: { chatbotId: UNKNOWN } });
  await accessErrors(expect, 'createEvaluationRun', 'POST', RUNS, keys, {});
  await bodyErrors(expect, 'createEvaluationRun', 'POST', RUNS, limit, { key });
  await idempotencyErrors(app, expect, 'createEvaluationRun', RUNS, key, workspaceId, {});
  await expect('listEvaluationRuns', 200, 'GET', RUNS, { key });
  await accessErrors(expect, 'listEvaluationRuns', 'GET', RUNS, keys);
  const one = `${RUNS}/${run.data.id}`;
  await expect('getEvaluationRun', 200, 'GET', one, { key });
  await expect('getEvaluationRun', 400, 'GET', `${one}${NUL}`, { key });
  await expect('getEvaluationRun', 404, 'GET', `${RUNS}/${UNKNOWN}`, { key });
  await accessErrors(expect, 'getEvaluationRun', 'GET', one, keys);
  const question = `${Q}/${created.data.id}`;
  await expect('deleteEvaluationQuestion', 400, 'DELETE', `${question}${NUL}`, { key });
  await accessErrors(expect, 'deleteEvaluationQuestion', 'DELETE', question, keys);
  await expect('deleteEvaluationQuestion', 204, 'DELETE', question, { key });
  await expect('deleteEvaluationQuestion', 404, 'DELETE', question, { key });
}

/**
 * The model connection operations, in a workspace of their own (a key's 60 calls a minute do not
 * reach through every sample). The provider is a name that never resolves, so a test answers at once.
 */
async function modelConnectionSamples(
  app: TestApp,
  expect: Expect,
  keys: { free: string; spent: string },
  limit: number,
): Promise<void> {
  const { workspaceId, apiKey: key } = await app.createWorkspace('pro');
  const PATH = `${EXT}/model-connections`;
  const body = { name: 'Provider', baseUrl: 'https://llm.invalid/v1', apiKey: 'sk-sample', chatModel: 'gpt-4o-mini' };
  await expect('listModelConnections', 200, 'GET', PATH, { key });
  await accessErrors(expect, 'listModelConnections', 'GET', PATH, keys);
  const created = await expect('createModelConnection', 201, 'POST', PATH, { key, body });
  await expect('createModelConnection', 409, 'POST', PATH, { key, body });
  await expect('createModelConnection', 400, 'POST', PATH, {
    key,
    body: { ...body, baseUrl: 'http://llm.invalid/v1' },
  });
  await accessErrors(expect, 'createModelConnection', 'POST', PATH, keys, body);
  await bodyErrors(expect, 'createModelConnection', 'POST', PATH, limit, { key });
  await idempotencyErrors(app, expect, 'createModelConnection', PATH, key, workspaceId, body);
  const one = `${PATH}/${created.data.id}`;
  await expect('getModelConnection', 200, 'GET', one, { key });
  await expect('getModelConnection', 400, 'GET', `${one}${NUL}`, { key });
  await expect('getModelConnection', 404, 'GET', `${PATH}/${UNKNOWN}`, { key });
  await accessErrors(expect, 'getModelConnection', 'GET', one, keys);
  await expect('testModelConnection', 200, 'POST', `${one}/test`, { key });
  await expect('testModelConnection', 400, 'POST', `${one}/test${NUL}`, { key });
  await expect('testModelConnection', 404, 'POST', `${PATH}/${UNKNOWN}/test`, { key });
  await accessErrors(expect, 'testModelConnection', 'POST', `${one}/test`, keys);
  await bodyErrors(expect, 'testModelConnection', 'POST', `${one}/test`, limit, { key });
  await idempotencyErrors(app, expect, 'testModelConnection', `${one}/test`, key, workspaceId, {});
  await chatbotAgentSamples(app, expect, keys, limit, { key, workspaceId }, created.data.id);
  await expect('updateModelConnection', 200, 'PATCH', one, { key, body: { chatModel: 'gpt-4o' } });
  await expect('updateModelConnection', 400, 'PATCH', one, { key, body: { chatModel: '' } });
  await expect('updateModelConnection', 404, 'PATCH', `${PATH}/${UNKNOWN}`, { key, body: {} });
  const second = await expect('createModelConnection', 201, 'POST', PATH, { key, body: { ...body, name: 'Second' } });
  await expect('updateModelConnection', 409, 'PATCH', `${PATH}/${second.data.id}`, { key, body: { name: 'Provider' } });
  await accessErrors(expect, 'updateModelConnection', 'PATCH', one, keys, {});
  await bodyErrors(expect, 'updateModelConnection', 'PATCH', one, limit, { key });
  await expect('deleteModelConnection', 400, 'DELETE', `${one}${NUL}`, { key });
  await accessErrors(expect, 'deleteModelConnection', 'DELETE', one, keys);
  await expect('deleteModelConnection', 200, 'DELETE', one, { key });
  await expect('deleteModelConnection', 404, 'DELETE', one, { key });
}

/** A chatbot's agent: set, read, preview, remove, with each documented error. */
async function chatbotAgentSamples(
  app: TestApp,
  expect: Expect,
  keys: { free: string; spent: string },
  limit: number,
  { key, workspaceId }: { key: string; workspaceId: string },
  connectionId: string,
): Promise<void> {
  const bot = await expect('createChatbot', 201, 'POST', `${EXT}/chatbots`, { key, body: { name: 'Agent bot' } });
  const PATH = `${EXT}/chatbots/${bot.data.id}/agent`;
  const body = { name: 'Ava', instructions: 'Help shoppers.', connectionId };
  await expect('getChatbotAgent', 404, 'GET', PATH, { key });
  await expect('setChatbotAgent', 200, 'PUT', PATH, { key, body });
  await expect('setChatbotAgent', 400, 'PUT', PATH, { key, body: { ...body, temperature: 3 } });
  await expect('setChatbotAgent', 404, 'PUT', PATH, { key, body: { ...body, connectionId: UNKNOWN } });
  await accessErrors(expect, 'setChatbotAgent', 'PUT', PATH, keys, body);
  await bodyErrors(expect, 'setChatbotAgent', 'PUT', PATH, limit, { key });
  await expect('getChatbotAgent', 200, 'GET', PATH, { key });
  // The sample connection's host does not resolve: the preview still answers 200, its error in words.
  const ask = { messages: [{ role: 'user', text: 'Hi' }] };
  await expect('previewChatbotAgent', 200, 'POST', `${PATH}/preview`, { key, body: ask });
  await expect('previewChatbotAgent', 400, 'POST', `${PATH}/preview`, { key, body: { messages: [] } });
  await expect('previewChatbotAgent', 404, 'POST', `${EXT}/chatbots/${UNKNOWN}/agent/preview`, { key, body: ask });
  await accessErrors(expect, 'previewChatbotAgent', 'POST', `${PATH}/preview`, keys, ask);
  await bodyErrors(expect, 'previewChatbotAgent', 'POST', `${PATH}/preview`, limit, { key });
  await idempotencyErrors(app, expect, 'previewChatbotAgent', `${PATH}/preview`, key, workspaceId, ask);
  await expect('getChatbotAgent', 400, 'GET', `${EXT}/chatbots/${bot.data.id}${NUL}/agent`, { key });
  await accessErrors(expect, 'getChatbotAgent', 'GET', PATH, keys);
  await expect('deleteChatbotAgent', 400, 'DELETE', `${EXT}/chatbots/${bot.data.id}${NUL}/agent`, { key });
  await accessErrors(expect, 'deleteChatbotAgent', 'DELETE', PATH, keys);
  await expect('deleteChatbotAgent', 200, 'DELETE', PATH, { key });
  await expect('deleteChatbotAgent', 404, 'DELETE', PATH, { key });
}

/** The three email-change steps, each with its own key (5 requests per hour per key). */
async function emailChangeSamples(
  app: TestApp,
  expect: Expect,
  mailbox: Mailbox,
  workspaceId: string,
  owner: string,
  keys: { free: string; spent: string },
): Promise<void> {
  const newKey = async () =>
    (
      await app.services.workspaces.createApiKey(
        { workspaceId, role: 'admin', scopes: ['read', 'write', 'account:write'] },
        operatorContext(workspaceId),
      )
    ).apiKey;
  const limit = 15 * 1024 * 1024;
  const steps = [
    ['requestEmailChange', '/account/email/request-change'],
    ['verifyEmailIdentity', '/account/email/verify-identity'],
    ['confirmEmailChange', '/account/email/confirm-change'],
  ] as const;
  const newEmail = `new-${Date.now()}@example.com`;
  for (const [op, path] of steps) {
    const key = await newKey();
    await expect(op, 400, 'POST', EXT + path, { key, body: {} });
    await accessErrors(expect, op, 'POST', EXT + path, keys, { newEmail });
    await bodyErrors(expect, op, 'POST', EXT + path, limit, { key });
    await idempotencyErrors(app, expect, op, EXT + path, key, workspaceId, { newEmail, otp: '123456' });
  }
  const key = await newKey();
  mailbox.refuse.add(owner);
  await expect('requestEmailChange', 502, 'POST', `${EXT}/account/email/request-change`, { key, body: { newEmail } });
  mailbox.refuse.delete(owner);
  await expect('requestEmailChange', 200, 'POST', `${EXT}/account/email/request-change`, { key, body: { newEmail } });
  const first = mailbox.latestCode(owner);
  mailbox.refuse.add(newEmail);
  await expect('verifyEmailIdentity', 502, 'POST', `${EXT}/account/email/verify-identity`, {
    key,
    body: { newEmail, otp: first },
  });
  mailbox.refuse.delete(newEmail);
  await expect('requestEmailChange', 200, 'POST', `${EXT}/account/email/request-change`, { key, body: { newEmail } });
  await expect('verifyEmailIdentity', 200, 'POST', `${EXT}/account/email/verify-identity`, {
    key,
    body: { newEmail, otp: mailbox.latestCode(owner) },
  });
  await expect('confirmEmailChange', 200, 'POST', `${EXT}/account/email/confirm-change`, {
    key,
    body: { newEmail, otp: mailbox.latestCode(newEmail) },
  });
}

export async function chatSamples(app: TestApp, expect: Expect): Promise<void> {
  const { apiKey } = await app.createWorkspace('pro');
  const bot = await app.api('POST', `${EXT}/chatbots`, { apiKey, body: { name: 'Chat' } });
  const off = await app.api('POST', `${EXT}/chatbots`, { apiKey, body: { name: 'Off' } });
  const id = bot.body.data.id;
  const offId = off.body.data.id;
  const start = (botId: string) =>
    expect('startChatSession', 201, 'POST', `${CHAT}/${botId}/sessions`, { body: { visitorId: 'v-1' } });
  const open = await start(id);
  const offSession = await start(offId);
  await app.api('PUT', `${EXT}/chatbots/${offId}`, { apiKey, body: { disabled: true } });
  await expect('startChatSession', 400, 'POST', `${CHAT}/${id}/sessions`, { body: { visitorId: 5 } });
  await expect('startChatSession', 403, 'POST', `${CHAT}/${offId}/sessions`, { body: {} });
  await expect('startChatSession', 404, 'POST', `${CHAT}/${UNKNOWN}/sessions`, { body: {} });
  await bodyErrors(expect, 'startChatSession', 'POST', `${CHAT}/${id}/sessions`, 16 * 1024);
  const ops = [
    ['sendChatMessage', 'messages', { message: 'Hello' }, { message: '' }],
    ['escalateChatSession', 'escalate', { reason: 'Need a person' }, { reason: 7 }],
    ['endChatSession', 'end', undefined, undefined],
  ] as const;
  for (const [op, action, body, bad] of ops) {
    const s = op === 'sendChatMessage' ? open : await start(id);
    const path = (botId: string, sessionId: string) => `${CHAT}/${botId}/sessions/${sessionId}/${action}`;
    await expect(op, 200, 'POST', path(id, s.sessionId), { body });
    await expect(op, 400, 'POST', path(id, s.sessionId) + (bad ? '' : NUL), { body: bad });
    await expect(op, 403, 'POST', path(offId, offSession.sessionId), { body });
    await expect(op, 404, 'POST', path(id, UNKNOWN), { body });
    if (body) await bodyErrors(expect, op, 'POST', path(id, s.sessionId), 16 * 1024);
  }
  const done = await start(id);
  await expect('endChatSession', 200, 'POST', `${CHAT}/${id}/sessions/${done.sessionId}/end`);
  for (const [op, action, body] of ops)
    await expect(op, 409, 'POST', `${CHAT}/${id}/sessions/${done.sessionId}/${action}`, { body });
  // One address spends its per-minute budget (600), then every chat operation answers 429.
  const ip = '203.0.113.9';
  for (let sent = 0; sent < 600; sent += 50) {
    await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${app.baseUrl}${CHAT}/${UNKNOWN}/sessions/x/end`, {
          method: 'POST',
          headers: { 'x-forwarded-for': ip },
        }),
      ),
    );
  }
  await expect('startChatSession', 429, 'POST', `${CHAT}/${id}/sessions`, { body: {}, ip });
  for (const [op, action, body] of ops)
    await expect(op, 429, 'POST', `${CHAT}/${id}/sessions/${done.sessionId}/${action}`, { body, ip });
}

export async function workspaceSamples(app: TestApp, expect: Expect): Promise<void> {
  const ws = await app.createWorkspace('pro');
  const key = ws.apiKey;
  const member = (
    await app.services.workspaces.createApiKey(
      { workspaceId: ws.workspaceId, role: 'member' },
      operatorContext(ws.workspaceId),
    )
  ).apiKey;
  const other = await app.createWorkspace('pro');
  const starter = await app.createWorkspace('starter');
  const slug = `docs${Date.now().toString(36).replace(/\d/g, '')}`.slice(0, 12);
  const adminOnly = async (op: string, method: string, path: string, body?: unknown) => {
    await expect(op, 401, method, WS + path, { body });
    await expect(op, 403, method, WS + path, { key: member, body });
  };
  const jsonErrors = (op: string, method: string, path: string) =>
    bodyErrors(expect, op, method, WS + path, 64 * 1024, { key });

  await expect('checkSlug', 200, 'GET', `${WS}/check-slug/${slug}`);
  await expect('checkSlug', 400, 'GET', `${WS}/check-slug/${slug}${NUL}`);
  await expect('checkSlug', 200, 'GET', `${WS}/check-slug/${'s'.repeat(101)}`);
  await expect('claimSlug', 200, 'PUT', `${WS}/slug`, { key, body: { slug } });
  await expect('claimSlug', 400, 'PUT', `${WS}/slug`, { key, body: { slug: 'a' } });
  await expect('claimSlug', 409, 'PUT', `${WS}/slug`, { key: other.apiKey, body: { slug } });
  await adminOnly('claimSlug', 'PUT', '/slug', { slug });
  await jsonErrors('claimSlug', 'PUT', '/slug');
  await expect('getBranding', 200, 'GET', `${WS}/branding`, { key });
  await adminOnly('getBranding', 'GET', '/branding');
  await expect('updateBranding', 200, 'PATCH', `${WS}/branding`, { key, body: { primaryColor: '#112233' } });
  await expect('updateBranding', 400, 'PATCH', `${WS}/branding`, { key, body: { primaryColor: 'blue-ish' } });
  await adminOnly('updateBranding', 'PATCH', '/branding', {});
  await jsonErrors('updateBranding', 'PATCH', '/branding');
  await expect('updateOrganization', 200, 'PATCH', `${WS}/organization`, {
    key,
    body: { website: 'https://docs.example.com' },
  });
  await expect('updateOrganization', 400, 'PATCH', `${WS}/organization`, {
    key,
    body: { website: 'javascript:alert(1)' },
  });
  await adminOnly('updateOrganization', 'PATCH', '/organization', {});
  await jsonErrors('updateOrganization', 'PATCH', '/organization');
  await expect('listCountries', 200, 'GET', `${WS}/countries`);

  // Media: upload, order, change, the public file, the ad link, delete.
  const form = (bytes: Buffer, type = 'image/png') => {
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(bytes)], { type }), 'bg.png');
    return f;
  };
  const item = await expect('uploadMedia', 201, 'POST', `${WS}/media`, { key, raw: form(PNG) });
  await expect('uploadMedia', 400, 'POST', `${WS}/media`, { key, raw: new FormData() });
  await expect('uploadMedia', 413, 'POST', `${WS}/media`, { key, raw: form(Buffer.concat([PNG, Buffer.alloc(4096)])) });
  await expect('uploadMedia', 415, 'POST', `${WS}/media`, { key, raw: form(Buffer.from('plain words'), 'text/plain') });
  await adminOnly('uploadMedia', 'POST', '/media');
  await expect('listMedia', 200, 'GET', `${WS}/media`, { key });
  await adminOnly('listMedia', 'GET', '/media');
  await expect('reorderMedia', 200, 'PUT', `${WS}/media/order`, { key, body: { ids: [item.id] } });
  await expect('reorderMedia', 400, 'PUT', `${WS}/media/order`, { key, body: { ids: [] } });
  await adminOnly('reorderMedia', 'PUT', '/media/order', { ids: [] });
  await jsonErrors('reorderMedia', 'PUT', '/media/order');
  await expect('updateMedia', 200, 'PATCH', `${WS}/media/${item.id}`, {
    key,
    body: { adUrl: 'https://shop.example.com/sale' },
  });
  await expect('updateMedia', 400, 'PATCH', `${WS}/media/${item.id}`, { key, body: { slideDuration: 1 } });
  await expect('updateMedia', 404, 'PATCH', `${WS}/media/${UNKNOWN}`, { key, body: { adLabel: 'x' } });
  await adminOnly('updateMedia', 'PATCH', `/media/${item.id}`, {});
  await jsonErrors('updateMedia', 'PATCH', `/media/${item.id}`);
  const file = `${WS}/public/media/${item.id}`;
  await expect('getPublicMedia', 200, 'GET', file);
  await expect('getPublicMedia', 206, 'GET', file, { headers: { range: 'bytes=0-3' } });
  await expect('getPublicMedia', 304, 'GET', file, { headers: { 'if-none-match': `"${item.id}"` } });
  await expect('getPublicMedia', 416, 'GET', file, { headers: { range: 'bytes=99999-' } });
  await expect('getPublicMedia', 404, 'GET', `${WS}/public/media/${UNKNOWN}`);
  await expect('getPublicMedia', 400, 'GET', file + NUL);
  await expect('getPublicBranding', 200, 'GET', `${WS}/public/branding/${slug}`);
  const etag = (await fetch(`${app.baseUrl}${WS}/public/branding/${slug}`)).headers.get('etag')!;
  await expect('getPublicBranding', 304, 'GET', `${WS}/public/branding/${slug}`, {
    headers: { 'if-none-match': etag },
  });
  await expect('getPublicBranding', 404, 'GET', `${WS}/public/branding/nosuchslug`);
  await expect('getPublicBranding', 400, 'GET', `${WS}/public/branding/${slug}${NUL}`);
  await expect('followAdLink', 302, 'GET', `${WS}/public/ad-click/${slug}/${item.id}`);
  await expect('followAdLink', 404, 'GET', `${WS}/public/ad-click/${slug}/${UNKNOWN}`);
  await expect('followAdLink', 400, 'GET', `${WS}/public/ad-click/${slug}/${item.id}${NUL}`);
  await expect('getAdAnalytics', 200, 'GET', `${WS}/ad-analytics`, { key });
  await expect('getAdAnalytics', 401, 'GET', `${WS}/ad-analytics`);
  await expect('getAdAnalytics', 403, 'GET', `${WS}/ad-analytics`, { key: starter.apiKey });
  for (let i = 1; i < 10; i += 1)
    await fetch(`${app.baseUrl}${WS}/media`, { method: 'POST', headers: { 'x-api-key': key }, body: form(PNG) });
  await expect('uploadMedia', 409, 'POST', `${WS}/media`, { key, raw: form(PNG) });
  await expect('deleteMedia', 200, 'DELETE', `${WS}/media/${item.id}`, { key });
  await expect('deleteMedia', 404, 'DELETE', `${WS}/media/${item.id}`, { key });
  await expect('deleteMedia', 400, 'DELETE', `${WS}/media/${UNKNOWN}${NUL}`, { key });
  await adminOnly('deleteMedia', 'DELETE', `/media/${UNKNOWN}`);

  // One admin key spends its per-minute budget (120), then every admin operation answers 429.
  // Without Redis each route module counts on its own (slug, branding, media): spend all three.
  const spent = (await app.createWorkspace('pro')).apiKey;
  for (const [method, path] of [
    ['GET', '/branding'],
    ['GET', '/media'],
    ['PUT', '/slug'],
  ]) {
    for (let sent = 0; sent < 120; sent += 40) {
      await Promise.all(
        Array.from({ length: 40 }, () =>
          fetch(`${app.baseUrl}${WS}${path}`, {
            method,
            headers: { 'x-api-key': spent, 'content-type': 'application/json' },
            body: method === 'PUT' ? '{}' : undefined,
          }),
        ),
      );
    }
  }
  for (const [op, method, path, body] of [
    ['claimSlug', 'PUT', '/slug', { slug }],
    ['getBranding', 'GET', '/branding'],
    ['updateBranding', 'PATCH', '/branding', {}],
    ['updateOrganization', 'PATCH', '/organization', {}],
    ['listMedia', 'GET', '/media'],
    ['reorderMedia', 'PUT', '/media/order', { ids: [] }],
    ['updateMedia', 'PATCH', `/media/${UNKNOWN}`, {}],
    ['deleteMedia', 'DELETE', `/media/${UNKNOWN}`],
  ] as const) {
    await expect(op, 429, method, WS + path, { key: spent, body });
  }
  await expect('uploadMedia', 429, 'POST', `${WS}/media`, { key: spent, raw: form(PNG) });
}
