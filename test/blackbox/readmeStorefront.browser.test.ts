/**
 * Black box, the storefront app as BigCommerce and a merchant drive it (docs/storefront.md):
 * the `npm start` child process configured with BIGCOMMERCE_* pointing at the stand-in of
 * test/support/bigcommerce/, then install (exact token request, one script, reinstall keeps one),
 * load into the settings page in Chromium, paste the embed snippet of a chatbot made through the
 * External API, save, a storefront page whose loader starts the widget with the right options,
 * and uninstall (record gone, loader a no-op).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { freePort } from '../support/freePort.js';
import {
  APP_SCOPE,
  OWNER,
  startBigCommerceStandIn,
  type BigCommerceStandIn,
} from '../support/bigcommerce/bigCommerceStandIn.js';
import {
  startStorefrontPage,
  WIDGET_CALL_TRAP,
  widgetCalls,
  type StorefrontPageStandIn,
} from '../support/bigcommerce/storefrontPageStandIn.js';
import { buildBundle } from '../web/helpers.js';
import { startBlackbox, type Blackbox } from './blackboxServer.js';
import { reportedSetUp } from '../support/reportedSetUp.js';

const STORE = 'bbstore1';
/** docs/storefront.md, "Register the app": Content and Checkout content (modify), Channel Settings (read-only). */
const SCOPE = APP_SCOPE;

let bc: BigCommerceStandIn;
let bb: Blackbox;
let browser: Browser;
let shop: StorefrontPageStandIn;
let publicUrl: string;
let appUrl: string;
let botId: string;

test.before(
  reportedSetUp(async () => {
    buildBundle(); // what `npm install` runs (postinstall)
    bc = await startBigCommerceStandIn();
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    appUrl = `${publicUrl}/storefront`; // APP_URL's default
    bb = await startBlackbox({
      port,
      env: {
        PUBLIC_URL: publicUrl,
        BIGCOMMERCE_CLIENT_ID: bc.clientId,
        BIGCOMMERCE_CLIENT_SECRET: bc.clientSecret,
        BIGCOMMERCE_LOGIN_URL: bc.url,
        BIGCOMMERCE_API_URL: bc.url,
      },
    });
    shop = await startStorefrontPage(bc, {
      storeHash: STORE,
      scriptSrc: `${appUrl}/script.js?store=${STORE}`,
      customers: { '42': 'shopper@example.com' },
    });
    browser = await launchBrowser();
  }),
);
test.after(async () => {
  await browser?.close();
  await shop?.close();
  await bb?.close();
  await bc?.close();
});

const install = () =>
  fetch(
    `${appUrl}/auth?${new URLSearchParams({ code: bc.issueCode(STORE, { scope: SCOPE }), scope: SCOPE, context: `stores/${STORE}` })}`,
    { redirect: 'manual' },
  );

test('install: the code is exchanged exactly as documented, one loader script, reinstall keeps one', async () => {
  const first = await install();
  assert.ok(first.status >= 300 && first.status < 400, `install answered ${first.status}`);
  assert.match(first.headers.get('location') ?? '', /\/app/);
  const exchanges = bc.calls.filter((c) => c.method === 'POST' && c.path === '/oauth2/token');
  assert.is(exchanges.length, 1);
  const code = (exchanges[0]!.body as { code: string }).code;
  assert.equal(exchanges[0]!.body, {
    client_id: bc.clientId,
    client_secret: bc.clientSecret,
    code,
    context: `stores/${STORE}`,
    scope: SCOPE,
    grant_type: 'authorization_code',
    redirect_uri: `${appUrl}/auth`,
  });
  const scripts = bc.scriptsOf(STORE);
  assert.is(scripts.length, 1);
  const s = scripts[0]!;
  assert.equal(
    {
      src: s.src,
      kind: s.kind,
      load_method: s.load_method,
      location: s.location,
      visibility: s.visibility,
      auto_uninstall: s.auto_uninstall,
    },
    {
      src: `${appUrl}/script.js?store=${STORE}`,
      kind: 'src',
      load_method: 'async',
      location: 'footer',
      visibility: 'all_pages',
      auto_uninstall: true,
    },
  );
  assert.type(s.consent_category, 'string');

  const again = await install();
  assert.ok(again.status >= 300 && again.status < 400, `reinstall answered ${again.status}`);
  assert.is(bc.scriptsOf(STORE).length, 1, 'reinstalling never makes a second script');
});

test('load → /app in Chromium: paste the embed snippet of a real chatbot, switch on, save', async () => {
  const ws = await bb.workspace('pro');
  const created = await bb.api('POST', '/chatbots', {
    key: ws.apiKey,
    body: { name: 'Northwind helper', description: 'Shop questions' },
  });
  assert.ok([200, 201].includes(created.status), created.text);
  botId = created.body.data.id;

  const page = await (await browser.newContext()).newPage();
  await page.goto(`${appUrl}/load?signed_payload_jwt=${await bc.signedPayload(STORE, OWNER)}`);
  assert.is(new URL(page.url()).pathname, '/storefront/app');
  await page
    .getByLabel('Chatbot ID')
    .fill(`<script src="${publicUrl}/widget.js"></script>\n<script>ConfabWidget('${botId}', 'bubble', {});</script>`);
  await page.getByText('Northwind helper').first().waitFor();
  await page.getByText('Show the chat on my storefront').click();
  assert.is(await page.getByRole('switch', { name: 'Show the chat on my storefront' }).isChecked(), true);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved.', { exact: false }).waitFor();
  const saved = await page.evaluate(async () => (await fetch('/storefront/api/settings')).json());
  assert.equal({ chatbotId: saved.chatbotId, enabled: saved.enabled }, { chatbotId: botId, enabled: true });
  await page.context().close();
});

async function visitShop(path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(WIDGET_CALL_TRAP);
  await page.goto(`${shop.url}${path}`);
  return page;
}

test('the storefront page starts the widget with the store and the verified customer', async () => {
  const page = await visitShop('/login?customer=42');
  await page.getByRole('button', { name: 'Open chat' }).waitFor({ timeout: 20_000 });
  assert.equal(await widgetCalls(page), [
    [
      botId,
      'bubble',
      { customData: { platform: 'bigcommerce', storeHash: STORE }, user: { id: '42', email: 'shopper@example.com' } },
    ],
  ]);
  await page.context().close();
});

test('uninstall: the store record is gone and the loader does nothing', async () => {
  const res = await fetch(`${appUrl}/uninstall?signed_payload_jwt=${await bc.signedPayload(STORE, OWNER)}`, {
    redirect: 'manual',
  });
  assert.ok(res.status >= 200 && res.status < 300, `uninstall answered ${res.status}`);
  const load = await fetch(`${appUrl}/load?signed_payload_jwt=${await bc.signedPayload(STORE, OWNER)}`, {
    redirect: 'manual',
  });
  assert.ok(load.status >= 400, `a load after uninstall answered ${load.status} (no store record)`);

  const page = await visitShop('/');
  await page.waitForLoadState('networkidle');
  assert.equal(await widgetCalls(page), []);
  assert.is(await page.getByRole('button', { name: 'Open chat' }).count(), 0);
  await page.context().close();
});

test.run();
