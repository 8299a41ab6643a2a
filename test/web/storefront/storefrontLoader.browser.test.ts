/**
 * The per-store loader on a stand-in BigCommerce storefront in Chromium: the script tag the
 * Scripts API placed loads our loader, which asks the storefront's Current Customer API, has the
 * service verify the JWT, loads the real widget.js and calls
 * ConfabWidget(botId, 'bubble', {customData: {platform: 'bigcommerce', storeHash}, user}) —
 * with `user` for a signed-in customer, without for a guest; nothing for an unknown or
 * switched-off store.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser.js';
import { screenshotBothSizes, watchPageErrors } from '../../support/pageChecks.js';
import { startStorefrontHarness, type StorefrontHarness } from '../../support/bigcommerce/storefrontHarness.js';
import {
  startStorefrontPage,
  WIDGET_CALL_TRAP as TRAP,
  widgetCalls as calls,
  type StorefrontPageStandIn,
} from '../../support/bigcommerce/storefrontPageStandIn.js';
import { buildBundle } from '../helpers.js';

let h: StorefrontHarness;
let browser: Browser;
let botId: string;
let csrf: string;
let cookie: string;
const shops: StorefrontPageStandIn[] = [];

test.before(async () => {
  buildBundle();
  h = await startStorefrontHarness();
  cookie = (await h.install('shop1')).cookie!;
  csrf = await h.csrfOf(cookie);
  const ws = await h.app.createWorkspace('pro');
  botId = (
    await h.app.api('POST', '/api/v1/external/v1/chatbots', {
      apiKey: ws.apiKey,
      body: { name: 'Shop helper', description: '' },
    })
  ).body.data.id;
  assert.is((await h.settings('PUT', cookie, { chatbotId: botId, enabled: true }, csrf)).status, 200);
  browser = await launchBrowser();
});
test.after(async () => {
  await browser?.close();
  for (const s of shops) await s.close();
  await h?.close();
});

async function shop(storeHash: string): Promise<StorefrontPageStandIn> {
  const s = await startStorefrontPage(h.bc, {
    storeHash,
    scriptSrc: `${h.appUrl}/script.js?store=${storeHash}`,
    customers: { '42': 'shopper@example.com' },
  });
  shops.push(s);
  return s;
}

async function visit(url: string): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(TRAP);
  // The guest's 404 from /customer/current.jwt is BigCommerce's way of saying "nobody signed in".
  const { problems } = watchPageErrors(page, (u, status) => u.includes('/customer/current.jwt') && status === 404);
  await page.goto(url);
  return { page, problems };
}

test('a guest gets the widget without a user', async () => {
  const store = await shop('shop1');
  const { page, problems } = await visit(store.url);
  await page.getByRole('button', { name: 'Open chat' }).waitFor();
  assert.equal(await calls(page), [[botId, 'bubble', { customData: { platform: 'bigcommerce', storeHash: 'shop1' } }]]);
  assert.equal(
    problems.filter((p) => !p.includes('status of 404')),
    [],
  );
  await screenshotBothSizes(page, 'storefront-loader-guest');
  await page.context().close();
});

test('a signed-in customer is verified and passed as the widget user', async () => {
  const store = await shop('shop1');
  const { page, problems } = await visit(`${store.url}/login?customer=42`);
  await page.getByText('Signed in as customer 42').waitFor();
  await page.getByRole('button', { name: 'Open chat' }).waitFor();
  assert.equal(await calls(page), [
    [
      botId,
      'bubble',
      { customData: { platform: 'bigcommerce', storeHash: 'shop1' }, user: { id: '42', email: 'shopper@example.com' } },
    ],
  ]);
  assert.equal(problems, []);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await page.getByRole('dialog').or(page.getByLabel('Conversation')).first().waitFor();
  await page.context().close();
});

test('a customer token the service cannot verify means no user, not no chat', async () => {
  const store = await shop('shop1');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(TRAP);
  // A storefront answering a token signed with another secret: the service refuses it.
  await page.route('**/customer/current.jwt*', async (route) =>
    route.fulfill({
      status: 200,
      body: await h.bc.currentCustomerJwt('shop1', { id: 7, email: 'x@example.com' }, { secret: 'y'.repeat(40) }),
    }),
  );
  await page.goto(`${store.url}/login?customer=42`);
  await page.getByRole('button', { name: 'Open chat' }).waitFor();
  assert.equal(await calls(page), [[botId, 'bubble', { customData: { platform: 'bigcommerce', storeHash: 'shop1' } }]]);
  await context.close();
});

test('unknown and switched-off stores: the loader does nothing', async () => {
  const unknown = await shop('nosuchstore');
  let visited = await visit(unknown.url);
  await visited.page.waitForLoadState('networkidle');
  assert.equal(await calls(visited.page), []);
  assert.is(await visited.page.getByRole('button', { name: 'Open chat' }).count(), 0);
  await visited.page.context().close();

  assert.is((await h.settings('PUT', cookie, { chatbotId: botId, enabled: false }, csrf)).status, 200);
  visited = await visit((await shop('shop1')).url);
  await visited.page.waitForLoadState('networkidle');
  assert.equal(await calls(visited.page), []);
  const widgetRequested = await visited.page.evaluate(() =>
    performance.getEntriesByType('resource').some((e) => e.name.includes('/widget.js')),
  );
  assert.is(widgetRequested, false, 'widget.js is not even loaded');
  await visited.page.context().close();
});

test.run();
