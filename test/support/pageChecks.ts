/**
 * What every page a person looks at must pass in Chromium: an axe-core scan with no serious or
 * critical violation, and screenshots at desktop and phone size written to test/screenshots/
 * (gitignored) for a person to open and judge.
 */
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { within } from './waiting.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
export const SCREENSHOTS_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** A scan takes a second or two; on a loaded machine several times that. */
const AXE_TIMEOUT_MS = 60_000;

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: unknown[];
}

/** Runs axe-core on the page; answers the serious and critical violations and how many nodes passed checks. */
export async function axeScan(page: Page): Promise<{ bad: AxeFinding[]; checkedNodes: number }> {
  // Evaluated through the DevTools protocol, not a <script> tag: pages with a strict CSP
  // (script-src 'self') would refuse an injected inline script.
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(readFileSync(AXE, 'utf8'));
  // A string, not a function: the test loader's helpers (__name) do not exist in the page.
  // page.evaluate has no timeout of its own: a scan that never ends fails the test instead.
  const scan = page.evaluate(`(async () => {
    const r = await axe.run(document, { resultTypes: ['violations', 'passes'] });
    const checkedNodes = r.passes.reduce((sum, p) => sum + p.nodes.length, 0);
    const bad = r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target) }));
    return { bad, checkedNodes };
  })()`) as Promise<{ bad: AxeFinding[]; checkedNodes: number }>;
  return within(scan, AXE_TIMEOUT_MS, `the axe-core scan of ${page.url()}`);
}

/** Fails the test on any serious or critical axe violation (and on a scan that checked nothing). */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const { bad, checkedNodes } = await axeScan(page);
  assert.ok(checkedNodes > 5, `${what}: axe checked the page (${checkedNodes} nodes)`);
  assert.equal(bad, [], `${what}: ${JSON.stringify(bad, null, 1)}`);
}

/**
 * Screenshots the page at desktop and phone size as `<name>-desktop.png` / `<name>-phone.png`,
 * restoring the original viewport afterwards. `settle` runs after each resize (e.g. wait for a chart).
 * `fullPage: false` shoots the window only, for pages too long to shoot whole (the API reference).
 */
export async function screenshotBothSizes(
  page: Page,
  name: string,
  settle?: () => Promise<void>,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await settle?.();
    // Fixed headers are drawn where the window is scrolled to: from the top, a full-page shot shows them in place.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOTS_DIR}${name}-${size}.png`, fullPage });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Collects console errors and failed requests (network failures and 4xx/5xx answers) of a page,
 * so a test can assert a page loads cleanly. `allow` filters out answers a test provokes on purpose.
 */
export function watchPageErrors(page: Page, allow: (url: string, status: number) => boolean = () => false) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText ?? '';
    // A fetch still in flight when the test reloads or navigates is cancelled by the browser
    // (ERR_ABORTED): that is the navigation, not a failure of the page.
    if (error === 'net::ERR_ABORTED' && ['fetch', 'xhr'].includes(r.resourceType())) return;
    problems.push(`failed: ${r.url()} ${error}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !allow(r.url(), r.status())) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return { problems };
}
