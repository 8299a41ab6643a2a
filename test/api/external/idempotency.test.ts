/**
 * Idempotency-Key on External API POSTs (docs/idempotency.md) against the real app: replay, reuse
 * with another request (422), bad keys (400), workspaces apart, expiry and purge, answers that
 * are not kept, billing, and 20 parallel retries of one create.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { monthOf } from '../../../infrastructure/usage/usageCounter.js';

const BASE = '/api/v1/external/v1';
let app: TestApp;

const post = (apiKey: string, path: string, body: unknown, key?: string) =>
  app.api('POST', BASE + path, { apiKey, body, headers: key === undefined ? {} : { 'Idempotency-Key': key } });

async function chatbotNames(apiKey: string): Promise<string[]> {
  const r = await app.api('GET', `${BASE}/chatbots`, { apiKey });
  return r.body.data.map((c: { name: string }) => c.name);
}

async function createdEvents(workspaceId: string, name: string): Promise<number> {
  const all = await app.services.events.readAll({ limit: 100_000 });
  return all.filter(
    (e) =>
      e.type === 'ChatbotCreated' &&
      (e.data as { workspaceId: string; name: string }).workspaceId === workspaceId &&
      (e.data as { name: string }).name === name,
  ).length;
}

/** Usage is settled when the answer has finished; wait until it stops moving. */
async function settledUsage(workspaceId: string): Promise<number> {
  let last = -1;
  for (let i = 0; i < 50; i += 1) {
    const now = await app.services.usage.get(workspaceId, monthOf(new Date()));
    if (now === last) return now;
    last = now;
    await new Promise((r) => setTimeout(r, 40));
  }
  return last;
}

test.before(async () => {
  app = await startTestApp();
});
test.after(async () => app.close());

test('a retry with the same key and body replays the first answer once, not billed', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const key = randomUUID();
  const first = await post(apiKey, '/chatbots', { name: 'Once', description: 'd' }, key);
  assert.is(first.status, 201);
  assert.is(first.headers.get('idempotent-replayed'), null, 'the first answer is not a replay');
  const used = await settledUsage(workspaceId);
  const left = Number(first.headers.get('x-quota-remaining'));
  // Same data, other key order: the same request.
  const again = await post(apiKey, '/chatbots', { description: 'd', name: 'Once' }, key);
  assert.is(again.status, 201);
  assert.equal(again.body, first.body);
  assert.is(again.headers.get('idempotent-replayed'), 'true');
  assert.is(again.headers.get('content-type'), first.headers.get('content-type'));
  assert.ok(again.headers.get('ratelimit-remaining'), "the current call's rate-limit headers");
  assert.is(Number(again.headers.get('x-quota-remaining')), left, 'the replay is not counted');
  assert.is(await settledUsage(workspaceId), used);
  const list = await app.api('GET', `${BASE}/chatbots`, { apiKey });
  assert.is(Number(list.headers.get('x-quota-remaining')), left - 1, 'the next call is the next one counted');
  assert.equal(
    list.body.data.map((c: { name: string }) => c.name),
    ['Once'],
  );
  assert.is(await createdEvents(workspaceId, 'Once'), 1);
});

test('the same key with another body or another path is 422 IDEMPOTENCY_KEY_REUSED', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  const key = randomUUID();
  const first = await post(apiKey, '/chatbots', { name: 'A' }, key);
  assert.is(first.status, 201);
  const otherBody = await post(apiKey, '/chatbots', { name: 'B' }, key);
  assert.is(otherBody.status, 422);
  assert.is(otherBody.body.code, 'IDEMPOTENCY_KEY_REUSED');
  assert.type(otherBody.body.error, 'string');
  const otherPath = await post(apiKey, `/chatbots/${first.body.data.id}/duplicate`, { name: 'A' }, key);
  assert.is(otherPath.status, 422);
  assert.equal(await chatbotNames(apiKey), ['A']);
});

test('a key that is not 1 to 255 printable ASCII characters is 400 and nothing is created', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  for (const bad of ['', 'x'.repeat(256), 'caf\u00e9', 'tab\there']) {
    const r = await post(apiKey, '/chatbots', { name: 'Bad key' }, bad);
    assert.is(r.status, 400, JSON.stringify(bad));
    assert.is(r.body.code, 'INVALID_IDEMPOTENCY_KEY');
  }
  assert.is((await post(apiKey, '/chatbots', { name: 'Long key' }, 'k'.repeat(255))).status, 201);
  assert.is((await post(apiKey, '/chatbots', { name: 'Spaces' }, ' a key with spaces ~ ')).status, 201);
  assert.equal((await chatbotNames(apiKey)).sort(), ['Long key', 'Spaces']);
});

test('keys are per workspace: two workspaces may use the same key', async () => {
  const a = await app.createWorkspace('pro');
  const b = await app.createWorkspace('pro');
  const key = 'order-42';
  const ra = await post(a.apiKey, '/chatbots', { name: 'Same' }, key);
  const rb = await post(b.apiKey, '/chatbots', { name: 'Same' }, key);
  assert.is(ra.status, 201);
  assert.is(rb.status, 201);
  assert.is(rb.headers.get('idempotent-replayed'), null);
  assert.is.not(ra.body.data.id, rb.body.data.id);
  assert.equal(await chatbotNames(b.apiKey), ['Same']);
});

test('after 24 hours the key runs again; expired records are purged', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const key = randomUUID();
  assert.is((await post(apiKey, '/chatbots', { name: 'Daily' }, key)).status, 201);
  // A day passes for this record (the store's own clock is tested in idempotencyStore.test.ts).
  await app.services.sql.query(
    'UPDATE idempotency_keys SET expires_at = 0 WHERE workspace_id = $1 AND idempotency_key = $2',
    [workspaceId, key],
  );
  const later = await post(apiKey, '/chatbots', { name: 'Daily' }, key);
  assert.is(later.status, 201);
  assert.is(later.headers.get('idempotent-replayed'), null);
  assert.equal(await chatbotNames(apiKey), ['Daily', 'Daily']);
  await app.services.sql.query('UPDATE idempotency_keys SET expires_at = 0 WHERE workspace_id = $1', [workspaceId]);
  assert.ok((await app.services.idempotency.purgeExpired()) >= 1);
  const left = await app.services.sql.query('SELECT 1 FROM idempotency_keys WHERE workspace_id = $1', [workspaceId]);
  assert.is(left.rows.length, 0);
});

test('a decision (400, 404, 403 plan limit) is kept and replayed', async () => {
  const { apiKey } = await app.createWorkspace('starter');
  const bad = await post(apiKey, '/chatbots', { name: 'x'.repeat(101) }, 'k-400');
  assert.is(bad.status, 400);
  const badAgain = await post(apiKey, '/chatbots', { name: 'x'.repeat(101) }, 'k-400');
  assert.is(badAgain.status, 400);
  assert.is(badAgain.headers.get('idempotent-replayed'), 'true');
  const missing = await post(apiKey, '/chatbots/nope/duplicate', {}, 'k-404');
  const missingAgain = await post(apiKey, '/chatbots/nope/duplicate', undefined, 'k-404');
  assert.is(missing.status, 404);
  assert.is(missingAgain.status, 404);
  assert.is(missingAgain.headers.get('idempotent-replayed'), 'true', 'no body and {} are the same request');
  for (let i = 0; i < 5; i += 1) assert.is((await post(apiKey, '/chatbots', { name: `Bot ${i}` })).status, 201);
  const capped = await post(apiKey, '/chatbots', { name: 'Sixth' }, 'k-403');
  assert.is(capped.status, 403);
  assert.is(capped.body.code, 'PLAN_LIMIT');
  const cappedAgain = await post(apiKey, '/chatbots', { name: 'Sixth' }, 'k-403');
  assert.equal([cappedAgain.status, cappedAgain.headers.get('idempotent-replayed')], [403, 'true']);
});

test('a 429 is not kept: the retry runs again once the quota allows', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('starter');
  const month = monthOf(new Date());
  await app.services.sql.query('INSERT INTO usage_counters (workspace_id, month, calls) VALUES ($1, $2, 10000)', [
    workspaceId,
    month,
  ]);
  const refused = await post(apiKey, '/chatbots', { name: 'Later' }, 'k-429');
  assert.is(refused.status, 429);
  await app.services.sql.query('UPDATE usage_counters SET calls = 0 WHERE workspace_id = $1 AND month = $2', [
    workspaceId,
    month,
  ]);
  const retried = await post(apiKey, '/chatbots', { name: 'Later' }, 'k-429');
  assert.is(retried.status, 201);
  assert.is(retried.headers.get('idempotent-replayed'), null);
});

test('a refusal of the calling key (missing scope) is not kept: another key of the workspace runs it', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const readOnly = (
    await app.services.workspaces.createApiKey(
      { workspaceId, role: 'member', scopes: ['read'] },
      operatorContext(workspaceId),
    )
  ).apiKey;
  const refused = await post(readOnly, '/chatbots', { name: 'Scoped' }, 'k-scope');
  assert.is(refused.status, 403);
  assert.is(refused.body.code, 'INSUFFICIENT_SCOPE');
  const done = await post(apiKey, '/chatbots', { name: 'Scoped' }, 'k-scope');
  assert.equal([done.status, done.headers.get('idempotent-replayed')], [201, null]);
});

test("a replay is checked like the request: a key without the route's scope never reads the stored answer (the webhook secret)", async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const readOnly = (
    await app.services.workspaces.createApiKey(
      { workspaceId, role: 'admin', scopes: ['read'] },
      operatorContext(workspaceId),
    )
  ).apiKey;
  const bot = await post(apiKey, '/chatbots', { name: 'Guarded' });
  const body = { chatbotId: bot.body.data.id, url: 'https://hooks.example.com/guarded', events: ['response.created'] };
  const first = await post(apiKey, '/webhooks', body, 'hook-guarded');
  assert.is(first.status, 201);
  const replayed = await post(readOnly, '/webhooks', body, 'hook-guarded');
  assert.equal(
    [replayed.status, replayed.body.code, replayed.headers.get('idempotent-replayed')],
    [403, 'INSUFFICIENT_SCOPE', null],
  );
  assert.not.ok(JSON.stringify(replayed.body).includes(first.body.data.secret));
  const dup = await post(apiKey, `/chatbots/${bot.body.data.id}/duplicate`, undefined, 'dup-guarded');
  assert.is(dup.status, 201);
  assert.is((await post(readOnly, `/chatbots/${bot.body.data.id}/duplicate`, undefined, 'dup-guarded')).status, 403);
  // The key that may still gets the replay.
  const again = await post(apiKey, '/webhooks', body, 'hook-guarded');
  assert.equal(
    [again.status, again.headers.get('idempotent-replayed'), again.body.data.secret],
    [201, 'true', first.body.data.secret],
  );
});

test('a body nested too deeply is 400 BODY_TOO_DEEP with or without a key, never a 500', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  const deep = `{"name":"deep","x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
  for (const headers of [{}, { 'Idempotency-Key': 'deep-1' }] as Record<string, string>[]) {
    const r = await app.api('POST', `${BASE}/chatbots`, { apiKey, body: deep, headers });
    assert.equal([r.status, r.body.code], [400, 'BODY_TOO_DEEP'], JSON.stringify(r.body));
  }
  assert.equal(await chatbotNames(apiKey), []);
});

test('without a key every POST runs; a key on a GET is ignored', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  assert.is((await post(apiKey, '/chatbots', { name: 'Twice' })).status, 201);
  assert.is((await post(apiKey, '/chatbots', { name: 'Twice' })).status, 201);
  const r = await app.api('GET', `${BASE}/chatbots`, { apiKey, headers: { 'Idempotency-Key': 'x'.repeat(300) } });
  assert.is(r.status, 200);
  assert.is(r.body.data.length, 2);
});

test('20 parallel identical POSTs with one key create exactly one chatbot', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const key = randomUUID();
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => post(apiKey, '/chatbots', { name: 'Raced' }, key)),
  );
  const created = answers.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
  assert.is(created.length, 1, `statuses ${answers.map((r) => r.status).join(',')}`);
  for (const r of answers) {
    if (r.status === 409) {
      assert.is(r.body.code, 'IDEMPOTENCY_KEY_IN_USE');
      assert.is(r.headers.get('retry-after'), '1');
    } else {
      assert.is(r.status, 201);
      assert.equal(r.body, created[0].body);
    }
  }
  const replay = await post(apiKey, '/chatbots', { name: 'Raced' }, key);
  assert.equal([replay.status, replay.headers.get('idempotent-replayed')], [201, 'true']);
  assert.equal(await chatbotNames(apiKey), ['Raced']);
  assert.is(await createdEvents(workspaceId, 'Raced'), 1);
});

test('a retry after the first run wrote its chatbot but never answered (a crash, a 5xx) answers that chatbot, not a second one', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  for (const [i, lost] of [
    ['crash', 'in-progress'],
    ['5xx', 'released'],
  ].entries()) {
    const key = randomUUID();
    const first = await post(apiKey, '/chatbots', { name: `Once ${i}` }, key);
    assert.is(first.status, 201);
    // What the first run's process left: the create written, its answer never stored; a crash
    // leaves the claim in progress until its lock runs out, a 5xx gives it up at once.
    await app.services.sql.query(
      `UPDATE idempotency_keys SET state = 'in-progress', status = NULL, headers = NULL, body = NULL, locked_until = 0 WHERE workspace_id = $1 AND idempotency_key = $2`,
      [workspaceId, key],
    );
    const retry = await post(apiKey, '/chatbots', { name: `Once ${i}` }, key);
    assert.is(retry.status, 201, `${lost}: ${JSON.stringify(retry.body)}`);
    assert.is(retry.body.data.id, first.body.data.id, `${lost}: the first run's chatbot`);
    assert.is(retry.headers.get('idempotent-replayed'), 'true');
    assert.is(retry.body.data.createdAt, first.body.data.createdAt);
    assert.is(await createdEvents(workspaceId, `Once ${i}`), 1, `${lost}: created once`);
  }
  // Duplicating goes the same way.
  const original = (await post(apiKey, '/chatbots', { name: 'Original' })).body.data.id as string;
  const key = randomUUID();
  const copy = await post(apiKey, `/chatbots/${original}/duplicate`, {}, key);
  await app.services.sql.query(
    `UPDATE idempotency_keys SET state = 'in-progress', body = NULL, locked_until = 0 WHERE workspace_id = $1 AND idempotency_key = $2`,
    [workspaceId, key],
  );
  const again = await post(apiKey, `/chatbots/${original}/duplicate`, {}, key);
  assert.is(again.body.data.id, copy.body.data.id);
  assert.is(
    (await chatbotNames(apiKey)).filter((n) => n.startsWith('Original')).length,
    2,
    'the original and one copy',
  );
});

test('webhook creation is idempotent too: the replay returns the same secret once stored', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  const bot = await post(apiKey, '/chatbots', { name: 'Hooked' });
  const body = { chatbotId: bot.body.data.id, url: 'https://hooks.example.com/x', events: ['response.created'] };
  const first = await post(apiKey, '/webhooks', body, 'hook-1');
  const again = await post(apiKey, '/webhooks', body, 'hook-1');
  assert.is(first.status, 201);
  assert.equal([again.status, again.headers.get('idempotent-replayed')], [201, 'true']);
  assert.is(again.body.data.secret, first.body.data.secret);
  const list = await app.api('GET', `${BASE}/webhooks`, { apiKey });
  assert.is(list.body.data.length, 1);
});

test.run();
