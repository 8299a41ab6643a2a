/**
 * A reversed date range on Responses (the UI audit: the whole list became an error page). The
 * form says so at the "To" field and sends nothing; the list stays as it was; a range in order
 * filters as before.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
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

test.before(async () => {
  env = await startDashboardEnv();
  owner = await createSignedInWorkspace(env.app, 'pro', { name: 'Ranged Retail' });
  const bot = await env.app.api('POST', '/api/v1/external/v1/chatbots', {
    apiKey: owner.apiKey,
    body: { name: 'Front desk' },
  });
  await chatThrough(env.app, bot.body.data.id, ['Ann', 'ann@example.com'], 'end');
});
test.after(async () => {
  await env?.close();
});

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('From after To: an inline message at the dates, no request, the list unchanged', async () => {
  const opened = await openDashboard(env, owner, '/responses');
  const { page } = opened;
  await settled(page);
  await page
    .getByRole('link', { name: /Open the conversation/ })
    .first()
    .waitFor();
  const listRequests: string[] = [];
  page.on('request', (r) => r.url().includes('/api/v1/dashboard/responses') && listRequests.push(r.url()));

  await page.getByLabel('From', { exact: true }).fill(isoDay(2));
  await page.getByLabel('To', { exact: true }).fill(isoDay(-2));
  const to = page.getByLabel('To', { exact: true });
  assert.is(await to.getAttribute('aria-invalid'), 'true');
  await page.locator('.field-error', { hasText: 'Pick a date on or after “From”.' }).waitFor();
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'endDate', undefined, {
    timeout: 2000,
  });
  await page.waitForTimeout(300);
  assert.equal(listRequests, [], 'nothing sent');
  assert.is(await page.getByText('Something went wrong').count(), 0);
  await page
    .getByRole('link', { name: /Open the conversation/ })
    .first()
    .waitFor();
  await checkPage(opened, 'responses-reversed-range');

  // Put in order: the message goes, and the range filters.
  await page.getByLabel('To', { exact: true }).fill(isoDay(2));
  await page.getByLabel('From', { exact: true }).fill(isoDay(-2));
  assert.is(await page.locator('.field-error').count(), 0);
  const filtered = page.waitForResponse((r) => r.url().includes(`startDate=${isoDay(-2)}`) && r.status() === 200);
  await page.getByRole('button', { name: 'Apply' }).click();
  await filtered;
  await page
    .getByRole('link', { name: /Open the conversation/ })
    .first()
    .waitFor();
  assert.equal(opened.problems, []);
  await page.context().close();
});

test.run();
