/**
 * The BigCommerce app's settings page in Chromium, reached the way the control panel reaches it
 * (the load callback, then /app): paste an embed snippet, see which chatbot it names, switch the
 * chat on, save; a bad paste is explained; axe scan and desktop/phone screenshots of each state.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser.js';
import { expectAccessible, screenshotBothSizes, watchPageErrors } from '../../support/pageChecks.js';
import { startStorefrontHarness, type StorefrontHarness } from '../../support/bigcommerce/storefrontHarness.js';
import { buildBundle, startHostServer } from '../helpers.js';

let h: StorefrontHarness;
let browser: Browser;
let botId: string;

test.before(async () => {
  buildBundle();
  h = await startStorefrontHarness();
  await h.install('page123');
  const ws = await h.app.createWorkspace('pro');
  botId = (await h.app.api('POST', '/api/v1/external/v1/chatbots', { apiKey: ws.apiKey, body: { name: 'Northwind shop assistant', description: '' } })).body.data.id;
  browser = await launchBrowser();
});
test.after(async () => {
  await browser?.close();
  await h?.close();
});

async function openApp(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const { problems } = watchPageErrors(page);
  await page.goto(`${h.appUrl}/load?signed_payload_jwt=${await h.bc.signedPayload('page123', { id: 1001, username: 'owner', email: 'owner@store.example' })}`);
  assert.is(new URL(page.url()).pathname, '/storefront/app');
  await page.getByRole('heading', { name: 'Confab chat widget' }).waitFor();
  return { page, problems };
}

test('paste the embed snippet, see the chatbot, switch on, save', async () => {
  const { page, problems } = await openApp();
  await page.getByText('No chatbot selected yet.').waitFor();
  await screenshotBothSizes(page, 'storefront-settings-empty');

  const field = page.getByLabel('Chatbot ID');
  await field.fill(`<script src="${h.app.config.publicUrl}/widget.js"></script>\n<script>ConfabWidget('${botId}', 'bubble', {});</script>`);
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

  const store = await h.app.services.views.get<{ id: string; chatbotId: string; enabled: boolean }>('stores', 'page123');
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
  assert.equal(problems.filter((p) => !p.includes('/api/settings') && !p.includes('status of 400')), [], 'only the refused save failed');
  await page.close();
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
  const host = await startHostServer({ 'frame.html': `<!doctype html><title>Not BigCommerce</title><iframe src="${h.appUrl}/app" title="Confab"></iframe>` });
  try {
    const page = await browser.newPage();
    const blocked = new Promise<string>((resolve) => page.on('console', (m) => m.text().includes('frame-ancestors') && resolve(m.text())));
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
