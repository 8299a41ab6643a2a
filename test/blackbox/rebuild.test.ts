/**
 * Black box, `confab projections rebuild` (docs/cli.md): it prints {events, ms}, and every
 * GET of the External API answers exactly the same before and after the read models are
 * dropped and replayed from the log, while the server keeps running.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { codeIn, sortedKeys, startBlackbox, type Blackbox, type Workspace } from './blackboxServer.js';
import { reportedSetUp } from '../support/reportedSetUp.js';

const CHAT = '/api/v1/chat';
let bb: Blackbox;
let ws: Workspace;
let second: Workspace;

test.before(
  reportedSetUp(async () => {
    bb = await startBlackbox();
    [ws, second] = await Promise.all([bb.workspace('business'), bb.workspace('starter')]);
  }),
);
test.after(async () => {
  await bb?.close();
});

async function ok(r: Promise<{ status: number; body: any }>) {
  const a = await r;
  assert.ok(a.status >= 200 && a.status < 300, JSON.stringify(a.body));
  return a.body;
}

async function converse(botId: string, visitorId: string, answers: string[], finish?: 'end' | 'escalate') {
  const s = await ok(bb.http('POST', `${CHAT}/${botId}/sessions`, { body: { visitorId } }));
  for (const message of answers)
    await ok(bb.http('POST', `${CHAT}/${botId}/sessions/${s.sessionId}/messages`, { body: { message } }));
  if (finish === 'end') await ok(bb.http('POST', `${CHAT}/${botId}/sessions/${s.sessionId}/end`));
  if (finish === 'escalate')
    await ok(
      bb.http('POST', `${CHAT}/${botId}/sessions/${s.sessionId}/escalate`, { body: { reason: 'human please' } }),
    );
}

/** Every GET answer of a workspace, by path. Usage counts calls, so only its fixed fields are kept. */
async function snapshot(key: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const get = async (path: string) => {
    const r = await bb.api('GET', path, { key });
    assert.is(r.status, 200, `${path}: ${r.text}`);
    out[path] = r.body;
    return r.body;
  };
  const bots = await get('/chatbots');
  for (const { id } of bots.data) {
    await get(`/chatbots/${id}`);
    const page = await get(`/chatbots/${id}/responses?limit=100`);
    await get(`/chatbots/${id}/responses?limit=2&page=2`);
    for (const r of page.data) await get(`/chatbots/${id}/responses/${r._id}`);
    await get(`/chatbots/${id}/analytics`);
    await get(`/chatbots/${id}/analytics?days=7`);
  }
  await get('/webhooks');
  await get('/account');
  const usage = (await get('/usage')).data;
  out['/usage'] = { month: usage.month, plan: usage.plan, limit: usage.limit };
  return out;
}

test('projections rebuild keeps every GET answer identical', async () => {
  const key = ws.apiKey;
  const flow = {
    steps: [
      { type: 'question', text: 'Name?', variable: 'name' },
      { type: 'question', text: 'Email?', variable: 'email' },
      { type: 'message', text: 'Bye {{name}}' },
    ],
  };
  const a = (await ok(bb.api('POST', '/chatbots', { key, body: { name: 'Alpha', description: 'first', flow } }))).data
    .id;
  const b = (await ok(bb.api('POST', '/chatbots', { key, body: { name: 'Beta' } }))).data.id;
  const copy = (await ok(bb.api('POST', `/chatbots/${a}/duplicate`, { key }))).data.id;
  const gone = (await ok(bb.api('POST', '/chatbots', { key, body: { name: 'Gone' } }))).data.id;
  await ok(bb.api('PUT', `/chatbots/${b}`, { key, body: { name: 'Beta 2', description: 'renamed' } }));
  await ok(bb.api('PUT', `/chatbots/${copy}`, { key, body: { disabled: true } }));

  await converse(a, 'v1', ['Ann', 'ann@example.com']);
  await converse(a, 'v2', ['Ben'], 'escalate');
  await converse(a, 'v3', ['Cy'], 'end');
  await converse(a, 'v4', []);
  await converse(b, 'v5', ['Dee', 'dee@example.com']);
  await converse(gone, 'v6', ['Eve']);

  const events = ['response.created', 'conversation.completed'];
  await ok(
    bb.api('POST', '/webhooks', {
      key,
      body: { chatbotId: a, url: 'https://hooks.example.com/a', events, description: 'A' },
    }),
  );
  const paused = (
    await ok(bb.api('POST', '/webhooks', { key, body: { chatbotId: b, url: 'https://hooks.example.com/b', events } }))
  ).data.id;
  await ok(
    bb.api('PATCH', `/webhooks/${paused}`, { key, body: { status: 'paused', events: ['conversation.started'] } }),
  );
  const removed = (
    await ok(bb.api('POST', '/webhooks', { key, body: { chatbotId: b, url: 'https://hooks.example.com/c', events } }))
  ).data.id;
  await ok(bb.api('DELETE', `/webhooks/${removed}`, { key }));
  await ok(
    bb.api('POST', '/webhooks', { key, body: { chatbotId: gone, url: 'https://hooks.example.com/gone', events } }),
  );
  await ok(bb.api('DELETE', `/chatbots/${gone}`, { key }));

  await ok(
    bb.api('PATCH', '/account', {
      key,
      body: { name: '<b>Owner</b>', phone: '+1 555 0100 00', timezone: 'Europe/Paris', address: 'Rue 1' },
    }),
  );
  const newEmail = 'rebuilt-owner@example.org';
  await ok(bb.api('POST', '/account/email/request-change', { key, body: { newEmail } }));
  const toOld = bb.mails().filter((m) => m.to.includes(ws.ownerEmail));
  await ok(
    bb.api('POST', '/account/email/verify-identity', {
      key,
      body: { newEmail, otp: codeIn(toOld[toOld.length - 1]!) },
    }),
  );
  const toNew = bb.mails().filter((m) => m.to.includes(newEmail));
  await ok(
    bb.api('POST', '/account/email/confirm-change', { key, body: { newEmail, otp: codeIn(toNew[toNew.length - 1]!) } }),
  );
  await ok(bb.api('POST', '/chatbots', { key: second.apiKey, body: { name: 'Other workspace' } }));

  const [readerBefore, readerAfter, otherBefore, otherAfter] = await Promise.all([
    bb.apiKey(ws.workspaceId),
    bb.apiKey(ws.workspaceId),
    bb.apiKey(second.workspaceId),
    bb.apiKey(second.workspaceId),
  ]);
  const before = await snapshot(readerBefore);
  const beforeOther = await snapshot(otherBefore);
  assert.is((before['/account'] as any).data.email, newEmail);
  assert.is((before['/chatbots'] as any).data.length, 3);
  assert.is((before[`/chatbots/${a}/responses?limit=100`] as any).total, 3);

  const log = await bb.cli('events', 'export');
  assert.is(log.code, 0, log.stderr);
  const logLength = log.stdout.trim().split('\n').length;

  const out = await bb.cli('projections', 'rebuild');
  assert.is(out.code, 0, out.stderr);
  const lines = out.stdout.trim().split('\n');
  assert.is(lines.length, 1);
  const result = JSON.parse(lines[0]!);
  assert.equal(sortedKeys(result), ['events', 'ms']);
  assert.is(result.events, logLength, 'the whole log is replayed');
  assert.type(result.ms, 'number');

  assert.equal(await snapshot(readerAfter), before);
  assert.equal(await snapshot(otherAfter), beforeOther);

  // The service goes on as before: the old keys work, writes and chats are read back.
  const c = (await ok(bb.api('POST', '/chatbots', { key, body: { name: 'After rebuild' } }))).data.id;
  await converse(c, 'v7', ['Fay']);
  const page = await ok(bb.api('GET', `/chatbots/${c}/responses`, { key }));
  assert.is(page.total, 1);
});

test.run();
