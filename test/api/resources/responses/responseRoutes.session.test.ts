/**
 * Dashboard responses, analytics and overview reads: session required, filters (chatbot, day
 * range, outcome, visitor), pagination, one conversation in full, bad filters 400, and another
 * workspace's responses and chatbots 404 or absent.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seedResponses } from '../../../support/conversationSeed.js';
import {
  as,
  createSignedInWorkspace,
  DASH,
  startSignInApp,
  type SignedInWorkspace,
  type TestApp,
} from '../../dashboard/dashboardHarness.js';

let app: TestApp;
let acme: SignedInWorkspace;
let other: SignedInWorkspace;
let botA: string;
let botB: string;
let otherBot: string;
let otherResponse: string;
let seededA: { responseId: string; visitorId: string; chatDate: string }[];

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function seed(workspaceId: string, chatbotId: string, chatDates: string[]) {
  const out = await seedResponses(app.services.events, { chatbotId, workspaceId, chatDates });
  if (out.position) await app.services.projections.waitFor(out.position);
  return out.seeded;
}

test.before(async () => {
  app = await startSignInApp();
  acme = await createSignedInWorkspace(app, 'pro');
  other = await createSignedInWorkspace(app, 'pro');
  const call = as(app, acme);
  botA = (await call('POST', `${DASH}/chatbots`, { name: 'Alpha' })).body.data.id;
  botB = (await call('POST', `${DASH}/chatbots`, { name: 'Beta' })).body.data.id;
  otherBot = (await as(app, other)('POST', `${DASH}/chatbots`, { name: 'Other' })).body.data.id;
  seededA = await seed(acme.workspaceId, botA, [
    `${daysAgo(40)}T10:00:00.000Z`,
    `${daysAgo(3)}T10:00:00.000Z`,
    `${daysAgo(1)}T09:00:00.000Z`,
  ]);
  await seed(acme.workspaceId, botB, [`${daysAgo(2)}T12:00:00.000Z`]);
  otherResponse = (await seed(other.workspaceId, otherBot, [`${daysAgo(1)}T08:00:00.000Z`]))[0]!.responseId;
  // One conversation still going, through the visitor chat API.
  const started = await app.api('POST', `/api/v1/chat/${botB}/sessions`, { body: {} });
  await app.api('POST', `/api/v1/chat/${botB}/sessions/${started.body.sessionId}/messages`, {
    body: { message: 'Zoe' },
  });
});
test.after(async () => {
  await app?.close();
});

test("lists every chatbot's responses, newest first, with the chatbot name", async () => {
  const r = await as(app, acme)('GET', `${DASH}/responses`);
  assert.is(r.status, 200);
  assert.is(r.body.total, 5);
  assert.equal(
    r.body.data.map((x: { chatbotName: string }) => x.chatbotName),
    ['Beta', 'Alpha', 'Beta', 'Alpha', 'Alpha'],
  );
  assert.ok(!r.body.data.some((x: { _id: string }) => x._id === otherResponse), 'no response of another workspace');
});

test('filters: chatbot, day range, outcome, visitor; pagination', async () => {
  const call = as(app, acme);
  const onlyA = await call('GET', `${DASH}/responses?chatbotId=${botA}`);
  assert.is(onlyA.body.total, 3);
  const recent = await call('GET', `${DASH}/responses?chatbotId=${botA}&startDate=${daysAgo(5)}&endDate=${today}`);
  assert.is(recent.body.total, 2);
  const active = await call('GET', `${DASH}/responses?resolution=active`);
  assert.is(active.body.total, 1);
  assert.is(active.body.data[0].record.find((e: { type: string }) => e.type === 'user').message, 'Zoe');
  const resolved = await call('GET', `${DASH}/responses?resolution=resolved`);
  assert.is(resolved.body.total, 4);
  const visitor = await call('GET', `${DASH}/responses?visitorId=${seededA[1]!.visitorId}`);
  assert.is(visitor.body.total, 1);
  assert.is(visitor.body.data[0]._id, seededA[1]!.responseId);
  const page2 = await call('GET', `${DASH}/responses?limit=2&page=2`);
  assert.is(page2.body.data.length, 2);
  assert.is(page2.body.totalPages, 3);
});

test("one conversation in full; another workspace's is 404", async () => {
  const call = as(app, acme);
  const r = await call('GET', `${DASH}/responses/${seededA[0]!.responseId}`);
  assert.is(r.status, 200);
  assert.is(r.body.data.chatbotName, 'Alpha');
  assert.equal(r.body.data.answerVariables, { name: 'Ann' });
  assert.ok(r.body.data.record.length >= 3);
  assert.is((await call('GET', `${DASH}/responses/${otherResponse}`)).status, 404);
  assert.is((await call('GET', `${DASH}/responses/nope`)).status, 404);
});

test("a conversation's provenance: the workspace's own (none without an AI answer); another workspace's is 404", async () => {
  const call = as(app, acme);
  const r = await call('GET', `${DASH}/responses/${seededA[0]!.responseId}/provenance`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body, { data: [] });
  const theirs = await call('GET', `${DASH}/responses/${otherResponse}/provenance`);
  assert.is(theirs.status, 404);
  assert.equal(theirs.body.error, 'Response not found');
  assert.is((await as(app, other)('GET', `${DASH}/responses/${otherResponse}/provenance`)).status, 200);
});

test('bad filters are 400', async () => {
  const call = as(app, acme);
  for (const q of [
    'startDate=2024-02-30',
    'endDate=yesterday',
    `startDate=${today}&endDate=${daysAgo(3)}`,
    'resolution=happy',
    'limit=101',
    'page=0',
    'sort=asc',
  ]) {
    const r = await call('GET', `${DASH}/responses?${q}`);
    assert.is(r.status, 400, q);
    assert.type(r.body.error, 'string');
  }
  assert.is((await call('GET', `${DASH}/analytics?days=0`)).status, 400);
  assert.is((await call('GET', `${DASH}/analytics?days=366`)).status, 400);
});

test('analytics: one chatbot or the workspace together, zeros included', async () => {
  const call = as(app, acme);
  const all = await call('GET', `${DASH}/analytics?days=7`);
  assert.is(all.status, 200);
  assert.is(all.body.data.dailyCounts.length, 7);
  assert.is(all.body.data.recentResponses, 4, 'three seeded in the week plus the live one today');
  assert.is(all.body.data.totalResponses, 5);
  const one = await call('GET', `${DASH}/analytics?chatbotId=${botA}&days=30`);
  assert.is(one.body.data.recentResponses, 2);
  assert.is(one.body.data.totalResponses, 3);
  assert.is(one.body.data.period, '30d');
});

test('overview: usage, plan limits, chatbots and responses; no API quota is spent by the dashboard', async () => {
  const call = as(app, acme);
  await app.api('GET', '/api/v1/external/v1/chatbots', { apiKey: acme.apiKey });
  const first = await call('GET', `${DASH}/overview`);
  assert.is(first.status, 200);
  assert.is(first.body.usage.plan, 'pro');
  assert.is(first.body.usage.limit, 50_000);
  assert.is(first.body.apiAccess, true);
  assert.is(first.body.chatbots.count, 2);
  assert.is(first.body.responses.total, 5);
  const used = first.body.usage.used as number;
  assert.ok(used >= 1, 'the External API call counts');
  const again = await call('GET', `${DASH}/overview`);
  assert.is(again.body.usage.used, used, 'dashboard reads are not billed');
});

test('overview of a Free workspace: works, no API access', async () => {
  const free = await createSignedInWorkspace(app, 'free');
  const r = await as(app, free)('GET', `${DASH}/overview`);
  assert.is(r.status, 200);
  assert.is(r.body.apiAccess, false);
  assert.equal(r.body.limits, { monthlyCalls: 0, chatbots: 0, webhooks: 0 });
  assert.is(r.body.chatbots.count, 0);
});

test.run();
