// GET /chatbots/{id}/analytics: totals, the period's daily series with zeros, bounds on days.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { seedResponses } from '../../../support/conversationSeed.js';
import { addDays, dayOf } from '../../../../domain/conversation/utcDays.js';

let app: TestApp;
let ws: { workspaceId: string; apiKey: string };
const EXT = '/api/v1/external/v1';

async function createBot(apiKey = ws.apiKey): Promise<string> {
  return (await app.api('POST', `${EXT}/chatbots`, { apiKey, body: { name: 'Bot' } })).body.data.id;
}
const analytics = (botId: string, query = '', apiKey = ws.apiKey) =>
  app.api('GET', `${EXT}/chatbots/${botId}/analytics${query}`, { apiKey });

test('setup', async () => {
  app = await startTestApp();
  ws = await app.createWorkspace('pro');
});

test('a chatbot without responses: every day of the period with zero', async () => {
  const botId = await createBot();
  const r = await analytics(botId);
  assert.is(r.status, 200);
  const today = dayOf(new Date());
  assert.equal([r.body.data.totalResponses, r.body.data.recentResponses, r.body.data.period], [0, 0, '30d']);
  assert.is(r.body.data.dailyCounts.length, 30);
  assert.equal(r.body.data.dailyCounts[0], { date: addDays(today, -29), count: 0 });
  assert.equal(r.body.data.dailyCounts[29], { date: today, count: 0 });
});

test('counts per UTC day of chatDate; recent is the period, total is all time', async () => {
  const botId = await createBot();
  const today = dayOf(new Date());
  const at = (day: string, time: string) => `${day}T${time}Z`;
  const { position } = await seedResponses(app.services.events, {
    chatbotId: botId,
    workspaceId: ws.workspaceId,
    chatDates: [
      at(today, '00:00:00.000'),
      at(today, '00:00:01.000'),
      at(addDays(today, -1), '23:59:59.999'),
      at(addDays(today, -6), '12:00:00.000'),
      at(addDays(today, -29), '00:00:00.000'),
      at(addDays(today, -30), '23:59:59.999'),
      at(addDays(today, -400), '08:00:00.000'),
    ],
  });
  await app.services.projections.waitFor(position!);

  const month = (await analytics(botId)).body.data;
  assert.equal([month.totalResponses, month.recentResponses, month.period], [7, 5, '30d']);
  const byDay = Object.fromEntries(month.dailyCounts.map((d: any) => [d.date, d.count]));
  assert.equal(
    [
      byDay[today],
      byDay[addDays(today, -1)],
      byDay[addDays(today, -6)],
      byDay[addDays(today, -29)],
      byDay[addDays(today, -2)],
    ],
    [2, 1, 1, 1, 0],
  );
  assert.is(byDay[addDays(today, -30)], undefined, 'the day before the period is not in it');
  assert.equal(
    month.dailyCounts.map((d: any) => d.date),
    [...month.dailyCounts.map((d: any) => d.date)].sort(),
    'oldest first',
  );

  const week = (await analytics(botId, '?days=7')).body.data;
  assert.equal([week.recentResponses, week.period, week.dailyCounts.length], [4, '7d', 7]);
  const day = (await analytics(botId, '?days=1')).body.data;
  assert.equal([day.recentResponses, day.dailyCounts], [2, [{ date: today, count: 2 }]]);
  const year = (await analytics(botId, '?days=365')).body.data;
  assert.equal([year.totalResponses, year.recentResponses, year.dailyCounts.length, year.period], [7, 6, 365, '365d']);
});

test('days out of bounds or not an integer: 400 naming days', async () => {
  const botId = await createBot();
  for (const q of [
    '?days=0',
    '?days=366',
    '?days=-1',
    '?days=abc',
    '?days=7.5',
    '?days=',
    '?days=1&days=2',
    '?days=1e2',
    '?days=0x10',
  ]) {
    const r = await analytics(botId, q);
    assert.is(r.status, 400, `${q}: ${JSON.stringify(r.body)}`);
    assert.ok(r.body.error.includes('days'), r.body.error);
  }
});

test("another workspace's chatbot, an unknown or deleted one: 404; no key: 401", async () => {
  const botId = await createBot();
  const other = await app.createWorkspace('pro');
  assert.is((await analytics(botId, '', other.apiKey)).status, 404);
  assert.is((await analytics('0123456789abcdef01234567')).status, 404);
  assert.is((await app.api('GET', `${EXT}/chatbots/${botId}/analytics`)).status, 401);
  await app.api('DELETE', `${EXT}/chatbots/${botId}`, { apiKey: ws.apiKey });
  assert.is((await analytics(botId)).status, 404);
});

test('close', async () => {
  await app.close();
});

test.run();
