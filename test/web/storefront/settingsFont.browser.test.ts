/**
 * The settings page's typeface in Chromium. BigDesign sets `"Source Sans 3", "Source Sans Pro", …`
 * and tells apps to load that font from Google Fonts, which the page's CSP refuses (style-src and
 * font-src are 'self'): the page must bring the font from its own origin, so the text is drawn in
 * Source Sans like the control panel around it, nothing is refused, and the CSP stays as strict.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser.js';
import { watchPageErrors } from '../../support/pageChecks.js';
import { startStorefrontHarness, type StorefrontHarness } from '../../support/bigcommerce/storefrontHarness.js';
import { OWNER } from '../../support/bigcommerce/bigCommerceStandIn.js';
import { buildBundle } from '../helpers.js';

let h: StorefrontHarness;
let browser: Browser;

test.before(async () => {
  buildBundle();
  h = await startStorefrontHarness();
  await h.install('font123');
  browser = await launchBrowser();
});
test.after(async () => {
  await browser?.close();
  await h?.close();
});

/** Records every CSP refusal of the page (the console only says so in words). */
const RECORD_VIOLATIONS = `window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.effectiveDirective + ' ' + e.blockedURI));`;

/** The fonts Chromium actually drew a node's text with (DevTools' "Rendered Fonts"). */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((f) => `${f.familyName}${f.isCustomFont ? ' (web font)' : ''}`);
}

test('the settings page is drawn in Source Sans from its own origin, with nothing refused by its CSP', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(RECORD_VIOLATIONS);
  const { problems } = watchPageErrors(page);
  const fontRequests: string[] = [];
  page.on('request', (r) => r.resourceType() === 'font' && fontRequests.push(r.url()));
  const res = await page.goto(`${h.appUrl}/load?signed_payload_jwt=${await h.bc.signedPayload('font123', OWNER)}`);
  await page.getByRole('heading', { name: 'Confab chat widget' }).waitFor();
  await page.evaluate(() => document.fonts.ready);

  // A variable font reports its file's default instance name ("Source Sans 3 ExtraLight") whatever the weight drawn.
  for (const [selector, what] of [
    ['h1', 'the heading'],
    ['label', 'a semi-bold label'],
    ['p', 'body text'],
  ]) {
    const fonts = await renderedFonts(page, selector);
    assert.ok(
      fonts.length > 0 && fonts.every((f) => /^Source Sans 3\b.*\(web font\)$/.test(f)),
      `${what}: ${JSON.stringify(fonts)}`,
    );
  }
  assert.ok(
    fontRequests.length > 0 && fontRequests.every((u) => u.startsWith(`${h.appUrl}/assets/fonts/`)),
    `fonts from the app itself: ${fontRequests}`,
  );
  assert.equal(
    await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
    [],
    'nothing refused by the CSP',
  );
  assert.equal(problems, []);

  // The policy is not loosened: fonts and styles only from the app's own origin.
  const csp = res?.headers()['content-security-policy'] ?? '';
  assert.match(csp, /(^|; )font-src 'self'(;|$)/);
  assert.match(csp, /(^|; )style-src 'self' 'unsafe-inline'(;|$)/);
  await page.close();
});

test('the font files are served as woff2 with a cache lifetime; other names are 404', async () => {
  const page = await browser.newPage();
  const res = await page.request.get(`${h.appUrl}/assets/fonts/source-sans-3-latin-wght-normal.woff2`);
  assert.is(res.status(), 200);
  assert.is(res.headers()['content-type'], 'font/woff2');
  assert.match(res.headers()['cache-control'] ?? '', /max-age=\d{5,}/);
  assert.equal([...(await res.body()).subarray(0, 4)], [0x77, 0x4f, 0x46, 0x32], 'the wOF2 signature');
  for (const name of ['LICENSE', '..%2FLICENSE', '..%2F..%2Fpackage.json', 'nothing.woff2']) {
    assert.is((await page.request.get(`${h.appUrl}/assets/fonts/${name}`)).status(), 404, name);
  }
  await page.close();
});

test.run();
