/**
 * Under an https APP_URL the control panel frames the app on another site, so the session cookie
 * is SameSite=None; Secure (and Partitioned, which keeps it working where third-party cookies
 * are blocked), HttpOnly and scoped to APP_URL's path.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startStorefrontHarness, type StorefrontHarness } from '../../support/bigcommerce/storefrontHarness.js';

let h: StorefrontHarness;

test.before(async () => {
  h = await startStorefrontHarness({ APP_URL: 'https://apps.confab.example/storefront' });
});
test.after(async () => {
  await h?.close();
});

test("install and load set SameSite=None; Secure; Partitioned; HttpOnly on APP_URL's path", async () => {
  for (const res of [await h.install('sec1'), await h.load('sec1')]) {
    assert.is(res.status, 302);
    const line = res.setCookie.find((c) => c.startsWith('confab_store_session=')) ?? '';
    for (const attr of ['HttpOnly', 'SameSite=None', 'Secure', 'Partitioned', 'Path=/storefront'])
      assert.ok(line.split('; ').includes(attr), `${attr} in ${line.replace(/=[^;]+/, '=…')}`);
  }
  assert.is(h.bc.scriptsOf('sec1')[0].src, 'https://apps.confab.example/storefront/script.js?store=sec1');
});

test.run();
