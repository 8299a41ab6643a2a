// Keyset pages: every record once, oldest first, also where many share one chatDate.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { responsePagesInOrder } from '../../../../api/resources/responses/responsePagesInOrder.js';
import { seedResponses } from '../../../support/conversationSeed.js';
import { startTestApp, type TestApp } from '../../../support/testApp.js';

let app: TestApp;
let ws: { workspaceId: string; apiKey: string };

test('setup', async () => {
  app = await startTestApp();
  ws = await app.createWorkspace('pro');
});

test('pages of 3 over 10 records, 5 of them at the same instant, in a date range', async () => {
  const chatbotId = 'bot-pages';
  const chatDates = [
    '2026-03-01T00:00:00.000Z',
    ...Array(5).fill('2026-03-02T12:00:00.000Z'),
    '2026-03-02T23:59:59.999Z',
    '2026-03-03T00:00:00.000Z',
    '2026-03-03T08:00:00.000Z',
    '2026-03-04T00:00:00.000Z',
  ];
  const out = await seedResponses(app.services.events, { chatbotId, workspaceId: ws.workspaceId, chatDates });
  if (out.position) await app.services.projections.waitFor(out.position);
  const expected = out.seeded
    .map((s) => [s.chatDate, s.responseId] as const)
    .sort((a, b) => a[0].localeCompare(b[0]) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));

  const pages: string[][] = [];
  for await (const page of responsePagesInOrder(app.services.views, chatbotId, { first: null, last: null }, 3))
    pages.push(page.map((d) => d.id));
  assert.ok(pages.every((p) => p.length <= 3));
  assert.equal(
    pages.flat(),
    expected.map((e) => e[1]),
  );

  const ranged: string[] = [];
  const days = { first: '2026-03-02', last: '2026-03-03' };
  for await (const page of responsePagesInOrder(app.services.views, chatbotId, days, 2))
    ranged.push(...page.map((d) => d.id));
  assert.equal(
    ranged,
    expected.filter((e) => e[0] >= '2026-03-02' && e[0] < '2026-03-04').map((e) => e[1]),
  );
});

test('teardown', async () => {
  await app.close();
});

test.run();
