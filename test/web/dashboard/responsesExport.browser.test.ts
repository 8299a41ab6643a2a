/**
 * Downloading conversations from Responses: with a chatbot chosen, "Download CSV" and "Download
 * NDJSON" save that chatbot's file within the chosen days; with all chatbots, a hint says to
 * choose one. Axe and screenshots at both sizes.
 */
import { readFileSync } from 'node:fs';
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
  owner = await createSignedInWorkspace(env.app, 'pro', { name: 'Export Outfitters' });
  const bot = await env.app.api('POST', '/api/v1/external/v1/chatbots', {
    apiKey: owner.apiKey,
    body: { name: 'Front desk' },
  });
  await chatThrough(env.app, bot.body.data.id, ['Ann', 'ann@example.com'], 'end');
  await chatThrough(env.app, bot.body.data.id, ['Bo', 'bo@example.com'], 'end');
});
test.after(async () => {
  await env?.close();
});

test('choose a chatbot, then Download CSV and Download NDJSON save its conversations', async () => {
  const opened = await openDashboard(env, owner, '/responses');
  const { page } = opened;
  await settled(page);
  await page.getByText('Choose a chatbot and apply to download its conversations').waitFor();
  assert.is(await page.getByRole('link', { name: 'Download CSV' }).count(), 0);

  await page.getByLabel('Chatbot', { exact: true }).selectOption({ label: 'Front desk' });
  await page.getByRole('button', { name: 'Apply' }).click();
  const csvLink = page.getByRole('link', { name: 'Download CSV' });
  await csvLink.waitFor();
  await page
    .getByRole('link', { name: /Open the conversation/ })
    .first()
    .waitFor();

  const [csv] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
  assert.match(csv.suggestedFilename(), /^responses-[\w-]+-\d{4}-\d\d-\d\d\.csv$/);
  const csvText = readFileSync((await csv.path()) as string, 'utf8');
  const rows = csvText.trimEnd().split('\r\n');
  assert.is(rows.length, 3, csvText);
  assert.ok(rows[0]?.startsWith('id,visitorId,chatSessionId,started,ended'));
  assert.ok(rows.some((r) => r.includes('ann@example.com')) && rows.some((r) => r.includes('bo@example.com')));

  const [ndjson] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download NDJSON' }).click(),
  ]);
  assert.match(ndjson.suggestedFilename(), /\.ndjson$/);
  const lines = readFileSync((await ndjson.path()) as string, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(lines.map((l) => l.answerVariables.name).sort(), ['Ann', 'Bo']);

  await checkPage(opened, 'responses-export');
  assert.equal(opened.problems, []);
  await page.context().close();
});

test.run();
