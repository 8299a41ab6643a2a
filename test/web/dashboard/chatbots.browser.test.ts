/**
 * Chatbots through the UI in Chromium: create a bot, edit its flow (add, edit, reorder by
 * button and by drag, validation from the server), duplicate, disable, delete, copy the embed
 * snippet; every state screenshotted and scanned. On a phone each row still says its responses
 * and when it changed, under its name.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DESKTOP, PHONE } from '../../support/pageChecks.js';
import { eventually } from '../../support/waiting.js';
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
  owner = await createSignedInWorkspace(env.app, 'starter', { name: 'Northwind Traders' });
});
test.after(async () => {
  await env?.close();
});

test('empty list, create a chatbot, land on its flow editor', async () => {
  const opened = await openDashboard(env, owner, '/chatbots');
  const { page } = opened;
  await settled(page);
  await page.getByRole('heading', { name: 'No chatbots yet' }).waitFor();
  await checkPage(opened, 'chatbots-empty');
  await page.getByRole('button', { name: 'New chatbot' }).click();
  const dialog = page.getByRole('dialog', { name: 'New chatbot' });
  await dialog.waitFor();
  await checkPage(opened, 'chatbots-create-dialog');
  await dialog.getByLabel('Name').fill('Support bot');
  await dialog.getByLabel('Description').fill('Answers on the pricing page');
  await dialog.getByRole('button', { name: 'Create chatbot' }).click();
  await page.getByRole('heading', { name: /Support bot/ }).waitFor();
  assert.match(page.url(), /\/dashboard\/chatbots\/[0-9a-f]{24}$/);
  await page.getByRole('list', { name: 'Conversation steps' }).waitFor();
  assert.is(await page.locator('.steps > li').count(), 4, 'the default flow');
  await checkPage(opened, 'chatbot-flow');
  await page.context().close();
});

test('edit the flow: add a question, reorder by button and drag, server validation, save', async () => {
  const opened = await openDashboard(env, owner, '/chatbots');
  const { page } = opened;
  await page.getByRole('link', { name: 'Support bot' }).click();
  await page.getByRole('list', { name: 'Conversation steps' }).waitFor();

  await page.getByRole('button', { name: 'Question', exact: true }).click();
  await page.getByLabel('Step 5: what the bot says').fill('Which plan are you on, {{name}}?');
  await page.getByLabel('Step 5: save the answer as').fill('plan');
  // The preview follows the edit at once.
  await page.locator('.chat-preview').getByText('Which plan are you on, Ann?').waitFor();

  await page.getByRole('button', { name: 'Move step 5 up' }).click();
  assert.is(await page.getByLabel('Step 4: what the bot says').inputValue(), 'Which plan are you on, {{name}}?');

  // Drag the last step (the thank-you) to the top by its handle.
  const last = page.locator('.steps > li').nth(4);
  const first = page.locator('.steps > li').nth(0);
  await last.locator('[data-handle]').hover();
  await page.mouse.down();
  await last.dragTo(first, { sourcePosition: { x: 20, y: 20 } });
  await page.mouse.up().catch(() => undefined);
  assert.match(await page.getByLabel('Step 1: what the bot says').inputValue(), /^Thank you/);
  // Moved before the name question, the thank-you cannot know the name yet, and says so.
  assert.is(await page.locator('.chat-preview .bubble').first().innerText(), 'Thank you, ! We will be in touch soon.');
  await page.locator('.step').first().getByText('is not asked by an earlier question').waitFor();

  // A name the server refuses: its message shows under that step, and nothing is saved.
  await page.getByLabel('Step 5: save the answer as').fill('constructor');
  await page.getByRole('button', { name: 'Save flow' }).click();
  await page
    .locator('.step-invalid')
    .getByText(/reserved name constructor/)
    .waitFor();
  await checkPage(opened, 'chatbot-flow-server-error', { allow: /400/ });

  await page.getByLabel('Step 5: save the answer as').fill('plan');
  await page.getByRole('button', { name: 'Save flow' }).click();
  await page.getByText('Flow saved').waitFor();
  await page.reload();
  await page.getByRole('list', { name: 'Conversation steps' }).waitFor();
  assert.match(await page.getByLabel('Step 1: what the bot says').inputValue(), /^Thank you/);
  assert.is(await page.getByLabel('Step 5: save the answer as').inputValue(), 'plan');
  assert.equal(
    opened.problems.filter((p) => !/400/.test(p)),
    [],
  );
  await page.context().close();
});

test('settings, embed snippet copied, disable, duplicate, delete', async () => {
  const opened = await openDashboard(env, owner, '/chatbots');
  const { page } = opened;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: owner.origin });
  await page.getByRole('link', { name: 'Support bot' }).click();
  await page.getByRole('tab', { name: 'Embed' }).click();
  const snippet = await page.getByRole('textbox', { name: 'Embed code' }).inputValue();
  assert.match(
    snippet,
    /<script src="http:\/\/localhost:\d+\/widget\.js"><\/script>\n<script>ConfabWidget\('[0-9a-f]{24}', 'bubble'\);<\/script>/,
  );
  await page.getByRole('button', { name: 'Copy Embed code' }).click();
  await page.getByText('Copied to the clipboard.').waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), snippet);
  await checkPage(opened, 'chatbot-embed');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Support assistant');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('heading', { name: /Support assistant/ }).waitFor();
  await checkPage(opened, 'chatbot-settings');

  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  await page.locator('.page-header').getByText('Disabled').waitFor();

  await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
  await page.getByRole('heading', { name: /Support assistant \(copy\)/ }).waitFor();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete chatbot?' });
  await confirm.waitFor();
  await checkPage(opened, 'chatbot-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete chatbot' }).click();
  await page.getByRole('heading', { name: 'Chatbots', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Support assistant', exact: true }).waitFor();
  assert.is(await page.getByRole('link', { name: 'Support assistant (copy)' }).count(), 0);
  await page
    .getByRole('row', { name: /Support assistant/ })
    .getByText('Disabled')
    .waitFor();
  await checkPage(opened, 'chatbots-list');
  await page.context().close();
});

test('the plan cap: the list says so and New chatbot is off', async () => {
  const call = (name: string) =>
    env.app.api('POST', '/api/v1/external/v1/chatbots', { apiKey: owner.apiKey, body: { name } });
  for (let i = 2; i <= 5; i++) await call(`Bot ${i}`);
  const opened = await openDashboard(env, owner, '/chatbots');
  await opened.page.getByRole('heading', { name: "Your plan's chatbot limit is reached" }).waitFor();
  assert.ok(await opened.page.getByRole('button', { name: 'New chatbot' }).isDisabled());
  await checkPage(opened, 'chatbots-cap-reached');
  await opened.page.context().close();
});

test('on a phone the hidden columns read as a line under the name: responses, and when it changed', async () => {
  const listed = await env.app.api('GET', '/api/v1/external/v1/chatbots', { apiKey: owner.apiKey });
  const bot = listed.body.data.find((c: { name: string }) => c.name === 'Bot 2');
  await chatThrough(env.app, bot.id, ['Ann', 'ann@example.com'], 'end');
  await chatThrough(env.app, bot.id, ['Bo', 'bo@example.com'], 'end');
  await eventually(
    async () => {
      const r = await env.app.api('GET', `/api/v1/external/v1/chatbots/${bot.id}`, { apiKey: owner.apiKey });
      return r.body.data.responseCount === 2;
    },
    8000,
    'the two responses counted',
  );

  const opened = await openDashboard(env, owner, '/chatbots', PHONE);
  const { page } = opened;
  await settled(page);
  const row = page.getByRole('row', { name: /Bot 2/ });
  const line = row.getByText(/^2 responses · updated (just now|\d+ minutes? ago)$/);
  assert.ok(await line.isVisible(), 'the count shows under the name on a phone');
  assert.ok(
    await page
      .getByRole('row', { name: /Bot 3/ })
      .getByText(/^0 responses · updated/)
      .isVisible(),
    'a chatbot without responses says 0',
  );
  await checkPage(opened, 'chatbots-list-counts');

  // The desktop table keeps its columns, and the line is not shown twice there.
  await page.setViewportSize(DESKTOP);
  assert.ok(!(await line.isVisible()), 'no phone line on a desktop');
  assert.is((await row.locator('td[data-label="Responses"]').innerText()).trim(), '2');
  await page.context().close();
});

test('another workspace\'s chatbot: "not found" in the page, nothing of it shown', async () => {
  const stranger = await createSignedInWorkspace(env.app, 'pro');
  const theirs = await env.app.api('POST', '/api/v1/external/v1/chatbots', {
    apiKey: stranger.apiKey,
    body: { name: 'Secret project' },
  });
  const opened = await openDashboard(env, owner, `/chatbots/${theirs.body.data.id}`);
  await opened.page.getByRole('heading', { name: 'Chatbot not found' }).waitFor();
  assert.is(await opened.page.getByText('Secret project').count(), 0);
  await checkPage(opened, 'chatbot-not-found', { allow: /404/ });
  await opened.page.context().close();
});

test.run();
