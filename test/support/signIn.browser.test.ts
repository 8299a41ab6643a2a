/** The sign-in test helpers in Chromium: signedInPage carries the session on a slug host and on the main host. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import type { TestApp } from './testApp.js';
import { createSignedInWorkspace, signedInPage, startSignInApp } from './signIn.js';

let app: TestApp;
let browser: Browser;

test.before(async () => {
  app = await startSignInApp();
  browser = await launchBrowser();
});
test.after(async () => {
  await browser.close();
  await app.close();
});

for (const slug of ['browser-smoke', undefined]) {
  test(`signedInPage: GET /auth/session answers the signed-in owner (${slug ? 'slug host' : 'main host'})`, async () => {
    const ws = await createSignedInWorkspace(app, 'pro', { slug });
    const page = await signedInPage(browser, app, ws, '/auth/session');
    const body = JSON.parse(await page.locator('body').innerText());
    assert.is(body.user.email, ws.email);
    assert.is(body.workspace.id, ws.workspaceId);
    // The page's own fetch sends the CSRF token, as the dashboard does.
    const status = await page.evaluate(
      async (token) => (await fetch('/auth/logout', { method: 'POST', headers: { 'X-CSRF-Token': token } })).status,
      body.csrfToken,
    );
    assert.is(status, 204);
    await page.context().close();
  });
}

test.run();
