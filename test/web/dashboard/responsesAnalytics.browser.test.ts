/**
 * Responses and Analytics through the UI in Chromium, on data made by visitors through the chat
 * API (and older days seeded in the event log): empty states, filtering the table by chatbot and
 * outcome, paging, one conversation in full, and the daily chart drawn with data.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seedResponses } from '../../support/conversationSeed.js';
import {
  chatThrough,
  checkPage,
  createSignedInWorkspace,
  openDashboard,
  settled,
  startDashboardEnv,
  type DashboardEnv,
  type SignedInWorkspace,
} from './dashboardHarness.js';

let env: DashboardEnv;
let owner: SignedInWorkspace;
let sales: string;
let support: string;

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test.before(async () => {
  env = await startDashboardEnv();
  owner = await createSignedInWorkspace(env.app, 'pro', { name: 'Lumen Lighting' });
  const create = async (name: string) =>
    (await env.app.api('POST', '/api/v1/external/v1/chatbots', { apiKey: owner.apiKey, body: { name } })).body.data
      .id as string;
  sales = await create('Sales');
  support = await create('Support');
});
test.after(async () => {
  await env?.close();
});

test('empty states before any conversation', async () => {
  const responses = await openDashboard(env, owner, '/responses');
  await responses.page.getByRole('heading', { name: 'No responses yet' }).waitFor();
  await checkPage(responses, 'responses-empty');
  await responses.page.getByRole('link', { name: 'Analytics', exact: true }).click();
  await responses.page.getByRole('heading', { name: 'Responses per day' }).waitFor();
  await checkPage(responses, 'analytics-empty');
  await responses.page.context().close();
});

test('filter responses by chatbot and outcome, page through, open one conversation', async () => {
  await chatThrough(env.app, sales, ['Maria', 'maria@example.com']);
  await chatThrough(env.app, sales, ['Omar'], 'escalate');
  await chatThrough(env.app, support, ['Lee'], 'end');
  await chatThrough(env.app, support, ['Kim', 'kim@example.com']);
  const older = await seedResponses(env.app.services.events, {
    chatbotId: sales,
    workspaceId: owner.workspaceId,
    chatDates: Array.from({ length: 22 }, (_, i) => `${daysAgo(2 + (i % 20))}T1${i % 10}:00:00.000Z`),
  });
  await env.app.services.projections.waitFor(older.position!);

  const opened = await openDashboard(env, owner, '/responses');
  const { page } = opened;
  await settled(page);
  await page.getByText('26 responses · page 1 of 2').waitFor();
  await checkPage(opened, 'responses-list');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('26 responses · page 2 of 2').waitFor();
  assert.is(await page.locator('tbody tr').count(), 6);

  await page.getByLabel('Chatbot', { exact: true }).selectOption({ label: 'Support' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('2 responses · page 1 of 1').waitFor();
  await page.getByLabel('Outcome', { exact: true }).selectOption('ended');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('1 response · page 1 of 1').waitFor();
  assert.is(await page.locator('tbody tr').count(), 1);
  await page.getByRole('cell', { name: 'Lee' }).waitFor();
  await checkPage(opened, 'responses-filtered');

  await page.getByLabel('From', { exact: true }).fill(daysAgo(400));
  await page.getByLabel('To', { exact: true }).fill(daysAgo(300));
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('heading', { name: 'No responses match these filters' }).waitFor();
  await checkPage(opened, 'responses-no-match');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByText('26 responses · page 1 of 2').waitFor();

  await page.getByLabel('Chatbot', { exact: true }).selectOption({ label: 'Sales' });
  await page.getByLabel('Outcome', { exact: true }).selectOption('escalated');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('1 response · page 1 of 1').waitFor();
  await page.getByRole('link', { name: /^Open the conversation/ }).click();
  await page.getByRole('heading', { name: /^Conversation of/ }).waitFor();
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await transcript.getByText('Visitor: Omar').waitFor();
  await transcript.getByText('What is your name?').waitFor();
  await page.locator('.page-header').getByText('Escalated').waitFor();
  await page.locator('dl').getByText('asked for a person', { exact: false }).first().waitFor();
  await checkPage(opened, 'response-detail');
  await page.context().close();
});

test('analytics: the daily chart draws the data, per chatbot and period', async () => {
  const opened = await openDashboard(env, owner, '/analytics');
  const { page } = opened;
  await settled(page);
  const canvas = page.locator('canvas[data-chart-points]');
  await canvas.waitFor();
  assert.is(await canvas.getAttribute('data-chart-points'), '30');
  // Bars in the accent color are on the canvas (Chart.js drew the data, not just axes).
  const drawn = async () =>
    canvas.evaluate((c: HTMLCanvasElement) => {
      const ctx = c.getContext('2d')!;
      const { data } = ctx.getImageData(0, 0, c.width, c.height);
      let bar = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 120 && data[i + 2]! > 180 && data[i + 3]! > 200) bar++;
      return bar;
    });
  await page.waitForFunction(() => true);
  assert.ok((await drawn()) > 200, 'bars are drawn');
  assert.match(await page.locator('.stat-value').first().innerText(), /^26$/);
  await checkPage(opened, 'analytics', { settle: () => page.waitForTimeout(300) });

  await page.getByRole('button', { name: '7 days' }).click();
  await page.waitForFunction(() => document.querySelector('canvas')?.getAttribute('data-chart-points') === '7');
  await page.getByLabel('Chatbot', { exact: true }).selectOption({ label: 'Support' });
  await page.getByText('Responses of Support').waitFor();
  // The new figures arrive just after the new label.
  await page.waitForFunction(
    () =>
      !document.querySelector('main [aria-busy="true"]') && document.querySelector('.stat-value')?.textContent === '2',
  );
  await page.getByRole('button', { name: '90 days' }).click();
  await page.waitForFunction(() => document.querySelector('canvas')?.getAttribute('data-chart-points') === '90');
  await page.getByText('Show the numbers as a table').click();
  assert.is(await page.locator('.chart-table tbody tr').count(), 90);
  await checkPage(opened, 'analytics-support-90', { settle: () => page.waitForTimeout(300) });
  await page.context().close();
});

test.run();
