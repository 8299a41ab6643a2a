/**
 * Long unbroken text and phone-sized tables (UI audit). A 99-character name and a 300-character
 * description without spaces, a visitor answer that is one long URL and a webhook with a long
 * address must wrap inside their cards: no page scrolls sideways and no table outgrows its card,
 * at desktop and phone size. On a phone every table row stacks, so the columns that matter
 * (status, outcome, actions) are read in full instead of cut at the card's edge.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { reportedSetUp } from '../../support/reportedSetUp.js';
import { DESKTOP, PHONE } from '../../support/pageChecks.js';
import { systemContext } from '../../../commands/commandContext.js';
import { WEBHOOK_ENV } from '../../api/dashboard/dashboardFixtures.js';
import {
  startDashboardEnv,
  chatThrough,
  checkPage,
  createSignedInWorkspace,
  openDashboard,
  settled,
  type DashboardEnv,
  type SignedInWorkspace,
} from './dashboardHarness.js';

const LONG_NAME =
  'SupportAssistantForTheNorthAmericanEnterpriseDivisionAndEveryOneOfItsRegionalSubsidiariesWorldwide'.slice(0, 99);
const LONG_DESCRIPTION = 'Handles-returns,exchanges,warranty-claims,store-credit,gift-cards,'.repeat(5).slice(0, 300);
const LONG_URL = `https://shop.example.com/orders/lookup?ref=${'A1B2C3D4E5'.repeat(14)}&utm_source=chat-widget`;
const LONG_HOOK = `https://127.0.0.1/confab/${'very-long-path-segment-'.repeat(8)}receiver`;

let env: DashboardEnv;
let owner: SignedInWorkspace;
let botId = '';
let responseId = '';

test.before(
  reportedSetUp(async () => {
    env = await startDashboardEnv(WEBHOOK_ENV);
    owner = await createSignedInWorkspace(env.app, 'pro', { name: 'Wide World Importers' });
    const bot = await env.app.api('POST', '/api/v1/external/v1/chatbots', {
      apiKey: owner.apiKey,
      body: { name: LONG_NAME, description: LONG_DESCRIPTION },
    });
    assert.is(bot.status, 201, JSON.stringify(bot.body));
    botId = bot.body.data.id;
    await env.app.api('POST', '/api/v1/external/v1/chatbots', { apiKey: owner.apiKey, body: { name: 'Short bot' } });
    await chatThrough(env.app, botId, [LONG_URL, 'ann@example.com'], 'end');
    await chatThrough(env.app, botId, ['Bo']);
    const hook = await env.app.api('POST', '/api/v1/external/v1/webhooks', {
      apiKey: owner.apiKey,
      body: { chatbotId: botId, url: LONG_HOOK, events: ['response.created'] },
    });
    assert.is(hook.status, 201, JSON.stringify(hook.body));
    // Ten failed deliveries in a row, as the dispatcher records them: the webhook is Failed.
    const ctx = systemContext('test', owner.workspaceId);
    for (let i = 0; i < 10; i++) {
      await env.app.services.webhooks.recordFailure(
        hook.body.data.id,
        { deliveryId: `dlv_long${i}`, at: new Date().toISOString(), statusCode: 500, error: 'HTTP 500', gone: false },
        ctx,
      );
    }
    const list = await env.app.api('GET', `/api/v1/external/v1/chatbots/${botId}/responses`, { apiKey: owner.apiKey });
    responseId = list.body.data.find((r: { record: { message: string }[] }) =>
      r.record.some((e) => e.message === LONG_URL),
    )._id;
  }),
);
test.after(async () => {
  await env?.close();
});

/** How far the page and each table reach past their box (0 when everything fits). */
function overflowOf(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    tables: [...document.querySelectorAll('.table-wrap')].map((w) => w.scrollWidth - w.clientWidth),
  }));
}

async function expectNoOverflow(page: Page, what: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await settled(page);
    const o = await overflowOf(page);
    assert.is(o.page, 0, `${what} at ${viewport.width} px: the page does not scroll sideways`);
    for (const t of o.tables) assert.is(t, 0, `${what} at ${viewport.width} px: a table fits its card`);
  }
  await page.setViewportSize(DESKTOP);
}

const PAGES: Array<[name: string, path: () => string, ready: (page: Page) => Promise<unknown>]> = [
  ['long-chatbots', () => '/chatbots', (p) => p.getByRole('link', { name: LONG_NAME }).waitFor()],
  ['long-chatbot', () => `/chatbots/${botId}`, (p) => p.getByText(LONG_DESCRIPTION).waitFor()],
  [
    'long-overview',
    () => '/',
    (p) =>
      p
        .getByRole('link', { name: new RegExp(LONG_NAME.slice(0, 30)) })
        .first()
        .waitFor(),
  ],
  ['long-responses', () => '/responses', (p) => p.getByText(LONG_URL).first().waitFor({ state: 'attached' })],
  [
    'long-response',
    () => `/responses/${responseId}`,
    (p) => p.locator('.bubble-user', { hasText: LONG_URL }).waitFor(),
  ],
  ['long-webhooks', () => '/webhooks', (p) => p.getByRole('button', { name: LONG_HOOK, exact: true }).waitFor()],
];

for (const [name, path, ready] of PAGES) {
  test(`${name}: long text wraps inside its card at desktop and phone size`, async () => {
    const opened = await openDashboard(env, owner, path());
    await ready(opened.page);
    await expectNoOverflow(opened.page, name);
    await checkPage(opened, name);
    await opened.page.context().close();
  });
}

/** The cell of `column` in the first row of a stacked table, fully inside the phone's screen. */
async function expectReadable(page: Page, caption: string, column: string, text: RegExp): Promise<void> {
  const cell = page.getByRole('region', { name: caption }).locator(`td[data-label="${column}"]`).first();
  await cell.waitFor();
  const box = (await cell.boundingBox())!;
  assert.ok(
    box.x >= 0 && box.x + box.width <= PHONE.width,
    `${caption} / ${column}: on screen (${JSON.stringify(box)})`,
  );
  assert.match(await cell.innerText(), text);
  // Not cut: the cell shows all it holds, and its badges end inside the screen, unclipped.
  const cut = await cell.evaluate(
    (td) =>
      td.scrollWidth > td.clientWidth ||
      [...td.querySelectorAll('.badge')].some(
        (b) => b.getBoundingClientRect().right > innerWidth || b.scrollWidth > b.clientWidth,
      ),
  );
  assert.not.ok(cut, `${caption} / ${column}: shown in full`);
}

test('phone: table rows stack, the status, outcome and actions columns read in full', async () => {
  const webhooks = await openDashboard(env, owner, '/webhooks', PHONE);
  await settled(webhooks.page);
  await expectReadable(webhooks.page, 'Webhook endpoints', 'Status', /Failed/);
  await webhooks.page.context().close();

  const responses = await openDashboard(env, owner, '/responses', PHONE);
  await settled(responses.page);
  await expectReadable(responses.page, 'Responses', 'Outcome', /In progress/);
  await responses.page.context().close();

  const keys = await openDashboard(env, owner, '/api-keys', PHONE);
  await settled(keys.page);
  const revoke = keys.page.getByRole('button', { name: /^Revoke key/ }).first();
  const box = (await revoke.boundingBox())!;
  assert.ok(box.x >= 14 && box.x + box.width <= PHONE.width - 14, `Revoke inside the card (${JSON.stringify(box)})`);
  await expectReadable(keys.page, 'API keys', 'Status', /Active/);
  await checkPage(keys, 'stacked-api-keys');
  await keys.page.context().close();
});

test.run();
