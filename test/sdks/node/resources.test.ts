/**
 * Every resource of the SDK end to end against the real service (in-process, embedded store):
 * chatbots, responses (created through the visitor chat API, walked page by page and with
 * for await across every page), analytics, webhooks, account with the three-step email
 * change (codes read from DATA_DIR/outbox), usage.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type Confab from '../../../sdks/node/src/index.js';
import { APIError, ConfabError, Page, type ResponseRecord } from '../../../sdks/node/src/index.js';
import { codeIn, eventually, startSdkHarness, type SdkHarness } from './support/sdkHarness.js';

let h: SdkHarness;
let client: Confab;
let botId = '';
const RESPONSES = 7;
const today = () => new Date().toISOString().slice(0, 10);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

test.before(async () => {
  h = await startSdkHarness({ RATE_LIMIT_PER_MINUTE: '100000' });
  client = h.client();
});
test.after(async () => h?.close());

test('chatbots: create, retrieve, list, update, duplicate, delete', async () => {
  const created = await client.chatbots.create({ name: 'Support bot', description: 'Answers shipping questions' });
  assert.equal(Object.keys(created).sort(), ['createdAt', 'description', 'id', 'name']);
  assert.is(created.name, 'Support bot');
  assert.match(created.createdAt, ISO);

  const got = await client.chatbots.retrieve(created.id);
  assert.equal(
    { ...got, responseCount: 0 },
    {
      ...got,
      id: created.id,
      name: 'Support bot',
      description: 'Answers shipping questions',
      disabled: false,
      responseCount: 0,
    },
  );

  const updated = await client.chatbots.update(created.id, { name: 'Support bot v2', disabled: true });
  assert.equal(
    [updated.name, updated.disabled, updated.description],
    ['Support bot v2', true, 'Answers shipping questions'],
  );

  const copy = await client.chatbots.duplicate(created.id);
  assert.is(copy.name, 'Support bot v2 (copy)');
  assert.is.not(copy.id, created.id);

  const list = await eventually(
    'list',
    () => client.chatbots.list(),
    (l) => l.length >= 2,
  );
  assert.ok(list.some((b) => b.id === copy.id && b.responseCount === 0));
  assert.equal(Object.keys(list[0]!).sort(), ['createdAt', 'disabled', 'id', 'name', 'responseCount', 'updatedAt']);

  for (const id of [created.id, copy.id]) assert.type((await client.chatbots.delete(id)).message, 'string');
  const after = await client.chatbots.list();
  assert.not.ok(after.some((b) => b.id === created.id || b.id === copy.id));
});

test('responses: conversations from the chat API, more than two pages', async () => {
  botId = (await client.chatbots.create({ name: 'Shop assistant' })).id;
  for (let i = 0; i < RESPONSES; i++) await h.chat(botId, `visitor-${i}`, [`Visitor ${i}`]);
  const first = await eventually(
    'responses',
    () => client.responses.list(botId, { limit: 3 }),
    (p) => p.total === RESPONSES,
  );
  assert.ok(first instanceof Page);
  assert.equal([first.page, first.totalPages, first.data.length, first.hasNextPage()], [1, 3, 3, true]);
  const second = await first.getNextPage();
  assert.equal([second.page, second.data.length, second.hasNextPage()], [2, 3, true]);
  const third = await second.getNextPage();
  assert.equal([third.page, third.data.length, third.hasNextPage()], [3, 1, false]);
  try {
    await third.getNextPage();
    assert.unreachable('there is no fourth page');
  } catch (err) {
    assert.instance(err, ConfabError);
    assert.not.instance(err, APIError);
  }
  const ids = [...first.data, ...second.data, ...third.data].map((r) => r._id);
  assert.is(new Set(ids).size, RESPONSES);
});

test('responses: for await walks every item across pages, in order', async () => {
  const seen: ResponseRecord[] = [];
  for await (const r of client.responses.list(botId, { limit: 2 })) seen.push(r);
  assert.is(seen.length, RESPONSES);
  assert.is(new Set(seen.map((r) => r._id)).size, RESPONSES);
  const dates = seen.map((r) => r.chatDate);
  assert.equal(dates, [...dates].sort().reverse(), 'newest first');
  assert.equal(
    new Set(seen.map((r) => r.visitorId)),
    new Set(Array.from({ length: RESPONSES }, (_, i) => `visitor-${i}`)),
  );

  let pages = 0;
  for await (const page of (await client.responses.list(botId, { limit: 3 })).iterPages())
    pages += page.data.length > 0 ? 1 : 0;
  assert.is(pages, 3);
  // A later start page and the date filters go along to every page fetched.
  const fromTwo: string[] = [];
  for await (const r of client.responses.list(botId, { limit: 3, page: 2 })) fromTwo.push(r._id);
  assert.is(fromTwo.length, RESPONSES - 3);
  const none: unknown[] = [];
  for await (const r of client.responses.list(botId, { endDate: '2001-01-01' })) none.push(r);
  assert.is(none.length, 0);
  const todays = await client.responses.list(botId, { startDate: today(), endDate: today(), limit: 100 });
  assert.equal([todays.total, todays.data.length, todays.hasNextPage()], [RESPONSES, RESPONSES, false]);
});

test('responses: retrieve one with the full conversation', async () => {
  const [latest] = (await client.responses.list(botId, { limit: 1 })).data;
  const full = await client.responses.retrieve(botId, latest!._id);
  assert.is(full._id, latest!._id);
  assert.is(full.chatSessionId, latest!.chatSessionId);
  assert.ok(full.record.some((e) => e.type === 'user' && /^Visitor \d$/.test(e.message)));
  assert.ok(full.record.some((e) => e.type === 'bot'));
  assert.match(full.answerVariables.name ?? '', /^Visitor \d$/);
});

test('analytics: totals and daily counts', async () => {
  const a = await client.analytics.retrieve(botId, { days: 7 });
  assert.equal([a.totalResponses, a.recentResponses, a.period, a.dailyCounts.length], [RESPONSES, RESPONSES, '7d', 7]);
  assert.equal(a.dailyCounts.at(-1), { date: today(), count: RESPONSES });
  const byDefault = await client.analytics.retrieve(botId);
  assert.is(byDefault.period, '30d');
});

test('webhooks: create (with secret), list, update, delete', async () => {
  const created = await client.webhooks.create({
    chatbotId: botId,
    url: 'https://hooks.example.com/confab',
    events: ['response.created'],
    description: 'CRM sync',
  });
  assert.match(created.secret, /^[0-9a-f]{64}$/);
  assert.equal(
    [created.status, created.chatbot.id, created.events, created.description],
    ['active', botId, ['response.created'], 'CRM sync'],
  );

  const listed = await eventually(
    'webhooks',
    () => client.webhooks.list(),
    (l) => l.some((w) => w.id === created.id),
  );
  const mine = listed.find((w) => w.id === created.id)!;
  assert.not.ok('secret' in mine);
  assert.is(mine.chatbot.name, 'Shop assistant');

  const paused = await client.webhooks.update(created.id, {
    status: 'paused',
    events: ['response.created', 'conversation.completed'],
  });
  assert.equal([paused.status, paused.events], ['paused', ['response.created', 'conversation.completed']]);
  assert.not.ok('secret' in paused);

  assert.type((await client.webhooks.delete(created.id)).message, 'string');
  assert.not.ok((await client.webhooks.list()).some((w) => w.id === created.id));
});

test('account: retrieve and update the owner profile', async () => {
  const before = await client.account.retrieve();
  assert.match(before.email, /@example\.com$/);
  const after = await client.account.update({
    name: 'Ann <b>Owner</b>',
    phone: '+49 30 1234567',
    timezone: 'Europe/Berlin',
    dateOfBirth: '1990-05-01',
  });
  assert.equal(after, {
    ...before,
    name: 'Ann Owner',
    phone: '+49 30 1234567',
    timezone: 'Europe/Berlin',
    dateOfBirth: '1990-05-01',
  });
  const cleared = await client.account.update({ phone: null });
  assert.is(cleared.phone, null);
  assert.equal(await client.account.retrieve(), cleared);
});

test('account.email: request the change, verify identity, confirm with the new-address code', async () => {
  const { email: oldEmail } = await client.account.retrieve();
  const newEmail = `moved-${Date.now()}@example.org`;

  const requested = await client.account.email.requestChange({ newEmail });
  assert.equal([requested.success, requested.verified], [true, false]);
  assert.type(requested.nextStep, 'string');
  const toOld = await eventually(
    'code to the current address',
    async () => h.mailsTo(oldEmail),
    (m) => m.length > 0,
  );

  const verified = await client.account.email.verifyIdentity({ newEmail, otp: codeIn(toOld.at(-1)!) });
  assert.is(verified.success, true);
  const toNew = await eventually(
    'code to the new address',
    async () => h.mailsTo(newEmail),
    (m) => m.length > 0,
  );

  const changed = await client.account.email.confirmChange({ newEmail, otp: codeIn(toNew.at(-1)!) });
  assert.equal([changed.success, changed.newEmail], [true, newEmail]);
  assert.is((await client.account.retrieve()).email, newEmail);
});

test("usage: this month's calls of the workspace; withResponse gives the quota headers too", async () => {
  const { data: usage, response } = await client.usage.retrieve().withResponse();
  assert.is(response.headers.get('x-quota-limit'), String(usage.limit));
  assert.match(response.headers.get('x-request-id') ?? '', /.+/);
  assert.is(usage.plan, 'pro');
  assert.match(usage.month, /^\d{4}-\d{2}$/);
  assert.ok(usage.used > 10, `the calls above were counted: ${usage.used}`);
  assert.is(usage.remaining, (usage.limit ?? 0) - usage.used);
});

test("usage.ai: AI tokens this month against the plan's budget, apart from the API usage object", async () => {
  const ai = await client.usage.ai();
  assert.match(ai.month, /^\d{4}-\d{2}$/);
  assert.is(ai.tokenLimit, 5_000_000);
  assert.is(ai.remaining, (ai.tokenLimit ?? 0) - ai.tokensUsed);
  assert.equal(Object.keys(ai).sort(), ['month', 'remaining', 'tokenLimit', 'tokensUsed']);
});

test.run();
