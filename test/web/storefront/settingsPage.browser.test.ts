/**
 * The BigCommerce app's settings page in Chromium, reached the way the control panel reaches it
 * (the load callback, then /app): paste an embed snippet, see which chatbot it names, switch the
 * chat on, save; a bad paste is explained; a store whose chat is not on every storefront is told
 * why (the app's limit of ten scripts, a storefront where BigCommerce refused the script, or no
 * permission to see other storefronts) on the very open that found it, and a store where it is
 * sees no such notice; axe scan and desktop/phone screenshots of each state.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser.js';
import { expectAccessible, screenshotBothSizes, watchPageErrors } from '../../support/pageChecks.js';
import { startStorefrontHarness, type StorefrontHarness } from '../../support/bigcommerce/storefrontHarness.js';
import { buildBundle, startHostServer } from '../helpers.js';
import { OWNER } from '../../support/bigcommerce/bigCommerceStandIn.js';
import { STORES } from '../../../projections/views/storesView.js';

let h: StorefrontHarness;
let browser: Browser;
let botId: string;

test.before(async () => {
  buildBundle();
  h = await startStorefrontHarness();
  await h.install('page123');
  // Twelve storefronts: the app may place scripts on ten (channels 1 to 10), so 11 and 12 go without.
  for (let i = 0; i < 11; i++)
    h.bc.addChannel('page12sf', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  await h.install('page12sf');
  // Installed before the app asked for Channel Settings: only the default storefront is known.
  h.bc.addChannel('pageold', { type: 'storefront', platform: 'catalyst', status: 'active' });
  await h.install('pageold', OWNER, 'store_v2_content store_content_checkout');
  // Installed with the chat on its one storefront; a second storefront, already full, comes later.
  await h.install('pagefull');
  const ws = await h.app.createWorkspace('pro');
  botId = (
    await h.app.api('POST', '/api/v1/external/v1/chatbots', {
      apiKey: ws.apiKey,
      body: { name: 'Northwind shop assistant', description: '' },
    })
  ).body.data.id;
  browser = await launchBrowser();
});
test.after(async () => {
  await browser?.close();
  await h?.close();
});

async function openApp(storeHash = 'page123'): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const { problems } = watchPageErrors(page);
  await page.goto(`${h.appUrl}/load?signed_payload_jwt=${await h.bc.signedPayload(storeHash, OWNER)}`);
  assert.is(new URL(page.url()).pathname, '/storefront/app');
  await page.getByRole('heading', { name: 'Confab chat widget' }).waitFor();
  // The field is enabled once the settings have been read: only then is a notice drawn or not.
  await page.waitForSelector('textarea:not([disabled])');
  return { page, problems };
}

const LEFT_OUT = 'The chat is on 10 of your 12 storefronts';
const DEFAULT_ONLY = 'The chat is only on your default storefront';
const noticeCount = (page: Page, name: string) => page.getByRole('region', { name }).count();
const anyNotice = (page: Page) => page.locator('section[aria-labelledby^="loader-"]');

test('paste the embed snippet, see the chatbot, switch on, save', async () => {
  const { page, problems } = await openApp();
  await page.getByText('No chatbot selected yet.').waitFor();
  assert.is(await anyNotice(page).count(), 0, 'every storefront has the chat: no notice');
  await screenshotBothSizes(page, 'storefront-settings-empty');

  const field = page.getByLabel('Chatbot ID');
  await field.fill(
    `<script src="${h.app.config.publicUrl}/widget.js"></script>\n<script>ConfabWidget('${botId}', 'bubble', {});</script>`,
  );
  const status = page.getByTestId('chatbot-found');
  await status.getByText('Northwind shop assistant').waitFor();
  await status.getByText('Active').waitFor();

  const toggle = page.getByRole('switch', { name: 'Show the chat on my storefront' });
  assert.is(await toggle.isChecked(), false);
  await page.getByText('Show the chat on my storefront').click();
  assert.is(await toggle.isChecked(), true);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved. The chat widget is live on your storefront within a minute.').waitFor();
  assert.is(await field.inputValue(), botId, 'the field now shows the extracted id');

  const store = await h.app.services.views.get(STORES, 'page123');
  assert.equal({ chatbotId: store?.chatbotId, enabled: store?.enabled }, { chatbotId: botId, enabled: true });

  await expectAccessible(page, 'settings page, saved');
  await screenshotBothSizes(page, 'storefront-settings-saved');
  assert.equal(problems, []);
  await page.close();
});

test('a reload shows the saved settings; a paste without an id is explained and refused', async () => {
  const { page, problems } = await openApp();
  await page.getByTestId('chatbot-found').getByText('Northwind shop assistant').waitFor();
  assert.is(await page.getByRole('switch', { name: 'Show the chat on my storefront' }).isChecked(), true);

  await page.getByLabel('Chatbot ID').fill('https://example.com/not-a-chatbot');
  await page.getByText('No Chatbot ID found in this text.', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('No Chatbot ID found. Paste the 24-character ID', { exact: false }).waitFor();
  await expectAccessible(page, 'settings page, refused');
  await screenshotBothSizes(page, 'storefront-settings-error');
  assert.equal(
    problems.filter((p) => !p.includes('/api/settings') && !p.includes('status of 400')),
    [],
    'only the refused save failed',
  );
  await page.close();
});

test('more storefronts than the app may place scripts on: a calm notice names those without the chat', async () => {
  const { page, problems } = await openApp('page12sf');
  const notice = page.getByRole('region', { name: LEFT_OUT });
  await notice.waitFor();
  const text = await notice.innerText();
  assert.match(
    text,
    /at most 10 scripts on a store, so the storefronts with channel IDs 11 and 12 don’t show the chat\./,
  );
  assert.match(text, /lowest channel IDs first/);
  assert.is(await noticeCount(page, DEFAULT_ONLY), 0);
  assert.is(await anyNotice(page).count(), 1);
  assert.is(await page.getByRole('alert').count(), 0, 'information, not an alert');
  await expectAccessible(page, 'settings page, storefronts left out');
  await screenshotBothSizes(page, 'storefront-settings-storefronts-left-out');
  assert.equal(problems, []);
  await page.close();
});

test('a store that never granted Channel Settings: the notice says how to accept the updated permissions', async () => {
  const { page, problems } = await openApp('pageold');
  const notice = page.getByRole('region', { name: DEFAULT_ONLY });
  await notice.waitFor();
  const text = await notice.innerText();
  assert.match(text, /Channel Settings, read-only/);
  assert.match(
    text,
    /accept Confab’s updated permissions: BigCommerce asks you to approve them when you open Confab from Apps › My Apps/,
  );
  assert.is(await noticeCount(page, LEFT_OUT), 0);
  assert.is(await anyNotice(page).count(), 1);
  await expectAccessible(page, 'settings page, default storefront only');
  await screenshotBothSizes(page, 'storefront-settings-default-storefront-only');
  assert.equal(problems, []);
  await page.close();
});

test('a storefront BigCommerce refuses (a platform limit): the open that finds it says so, though BigCommerce is slow', async () => {
  const full = h.bc.addChannel('pagefull', { type: 'storefront', platform: 'bigcommerce', status: 'active' });
  for (let i = 0; i < 50; i++)
    h.bc.seedScript('pagefull', { name: `Merchant script ${i}` }, { apiClientId: '', channelId: full.id });
  // The check this open starts takes over a second: the notice still reflects it, not the last open.
  h.bc.delayStoreApi(300);
  try {
    const { page, problems } = await openApp('pagefull');
    const notice = page.getByRole('region', { name: 'The chat is on 1 of your 2 storefronts' });
    assert.is(await notice.count(), 1, 'the notice is there as soon as the form is');
    const text = await notice.innerText();
    assert.match(
      text,
      new RegExp(`BigCommerce refused to add the chat to the storefront with channel ID ${full.id}\\.`),
    );
    assert.match(text, /remove scripts you no longer need in that storefront’s Script Manager, then open Confab again/);
    assert.match(text, /Your other storefronts keep the chat\./);
    assert.is(await anyNotice(page).count(), 1);
    assert.is(await page.getByRole('alert').count(), 0, 'information, not an alert');
    await expectAccessible(page, 'settings page, storefront refused by BigCommerce');
    await screenshotBothSizes(page, 'storefront-settings-storefront-refused');
    assert.equal(problems, []);
    await page.close();
  } finally {
    h.bc.delayStoreApi(0);
  }
});

test('an id of no chatbot is marked as not found', async () => {
  const { page } = await openApp();
  await page.getByLabel('Chatbot ID').fill('abcdefabcdefabcdefabcdef');
  await page.getByTestId('chatbot-found').getByText('Not found').waitFor();
  await page.close();
});

test('a failed install explains itself to the merchant', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const res = await page.goto(`${h.appUrl}/auth?code=spent-code&scope=store_v2_content&context=stores/page123`);
  assert.is(res?.status(), 502);
  await page.getByRole('heading', { name: 'Confab could not be installed' }).waitFor();
  await expectAccessible(page, 'install error page');
  await screenshotBothSizes(page, 'storefront-install-failed');
  await page.close();
});

test('a page that is not the BigCommerce control panel cannot frame the app', async () => {
  const host = await startHostServer({
    'frame.html': `<!doctype html><title>Not BigCommerce</title><iframe src="${h.appUrl}/app" title="Confab"></iframe>`,
  });
  try {
    const page = await browser.newPage();
    const blocked = new Promise<string>((resolve) =>
      page.on('console', (m) => m.text().includes('frame-ancestors') && resolve(m.text())),
    );
    await page.goto(`${host.url}/frame.html`);
    assert.match(await blocked, /frame-ancestors/);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    assert.ok(frame, 'the iframe exists');
    assert.not.match(await frame!.content(), /Confab/, `nothing of the app rendered (${frame!.url()})`);
    await page.close();
  } finally {
    await host.close();
  }
});

test.run();
