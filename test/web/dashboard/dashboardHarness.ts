/**
 * Browser tests of the dashboard: the real service with a real PUBLIC_URL, Debian's Chromium,
 * signed-in owners, and helpers to open a dashboard page, seed conversations through the
 * visitor chat API and check a page the way every dashboard page must pass (no console error, no failed
 * request, axe clean, screenshots at both sizes).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser.js';
import { within } from '../../support/waiting.js';
import { expectAccessible, screenshotBothSizes, watchPageErrors } from '../../support/pageChecks.js';
import { createSignedInWorkspace, signedInPage, startSignInApp, type SignedInWorkspace } from '../../support/signIn.js';
import type { TestApp } from '../../support/testApp.js';
import { CHAT, say, startConversation } from '../../support/visitorChat.js';

export { createSignedInWorkspace, type SignedInWorkspace, type TestApp };

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Building the bundle takes seconds; a build still running after this is stuck. */
const BUILD_TIMEOUT_MS = 180_000;
/** Chromium closes in a second; left running, its process keeps the test's process alive. */
const BROWSER_CLOSE_MS = 30_000;
/** The app's close waits for its background workers' jobs in flight (an indexing run, a webhook). */
const APP_CLOSE_MS = 60_000;

export function buildDashboardBundle(): void {
  const r = spawnSync(process.execPath, ['scripts/buildWeb.mjs', '--only', 'dashboard'], {
    cwd: root,
    encoding: 'utf8',
    timeout: BUILD_TIMEOUT_MS,
  });
  if (r.error || r.signal)
    throw new Error(
      `building the dashboard bundle did not finish within ${BUILD_TIMEOUT_MS} ms (${r.error ?? r.signal})`,
    );
  if (r.status !== 0) throw new Error(`buildWeb failed: ${r.stderr || r.stdout}`);
}

export interface DashboardEnv {
  app: TestApp;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The dashboard bundle built, a sign-in app started with `env` and Chromium launched. When the
 * launch fails, the app is closed before the error is passed on: its workers would keep the
 * process alive after the suite.
 */
export async function startDashboardEnv(env: Record<string, string> = {}): Promise<DashboardEnv> {
  buildDashboardBundle();
  const app = await startSignInApp(env);
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (err) {
    await closeApp(app).catch(() => undefined);
    throw err;
  }
  return {
    app,
    browser,
    async close() {
      // Both are closed whatever happens to the other; each wait has its deadline.
      const failures: unknown[] = [];
      // A browser that has crashed or disconnected already is closed enough.
      await within(
        browser.close().catch(() => undefined),
        BROWSER_CLOSE_MS,
        'Chromium to close',
      ).catch((err) => failures.push(err));
      await closeApp(app).catch((err) => failures.push(err));
      if (failures.length > 0) throw new Error(failures.map((e) => (e as Error).message).join('; '));
    },
  };
}

const closeApp = (app: TestApp) =>
  within(app.close(), APP_CLOSE_MS, 'the app to close (its HTTP server, background workers and store)');

/** The dashboard address of a dashboard path ('/chatbots') for this signed-in owner. */
export function dashboardPath(who: SignedInWorkspace, path: string): string {
  const onSlugHost = new URL(who.origin).hostname.endsWith('.localhost');
  return onSlugHost ? path : `/dashboard${path === '/' ? '' : path}`;
}

export interface OpenedPage {
  page: Page;
  problems: string[];
}

/** A signed-in page on a dashboard path, watched for console errors and failed requests. */
export async function openDashboard(
  env: DashboardEnv,
  who: SignedInWorkspace,
  path: string,
  viewport = { width: 1280, height: 800 },
): Promise<OpenedPage> {
  const page = await signedInPage(env.browser, env.app, who);
  await page.setViewportSize(viewport);
  const { problems } = watchPageErrors(page);
  await page.goto(new URL(dashboardPath(who, path), who.origin).toString());
  await page.locator('main#main h1').first().waitFor();
  return { page, problems };
}

/** Waits until no skeleton or spinner is left in the main area. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('main .skeleton, main .loading'), undefined, {
    timeout: 10_000,
  });
}

/** Axe, screenshots at both sizes, and no console error or failed request so far. */
export async function checkPage(
  opened: OpenedPage,
  name: string,
  opts: { settle?: () => Promise<void>; allow?: RegExp } = {},
): Promise<void> {
  await settled(opened.page);
  await expectAccessible(opened.page, name);
  // From the top: a sticky header scrolled into the middle of a full-page shot misleads the eye.
  const settle = async () => {
    await opened.page.evaluate(() => window.scrollTo(0, 0));
    await opts.settle?.();
  };
  await screenshotBothSizes(opened.page, `dashboard-${name}`, settle);
  // `allow`: an answer the test provoked on purpose (a refused save) and the console line the browser logs for it.
  const problems = opts.allow ? opened.problems.filter((p) => !opts.allow!.test(p)) : opened.problems;
  assert.equal(problems, [], `${name}: console errors or failed requests`);
}

/** A conversation through the visitor chat API: start, answer each question, optionally end. */
export async function chatThrough(
  app: TestApp,
  botId: string,
  answers: string[],
  end?: 'end' | 'escalate',
): Promise<string> {
  const sessionId = await startConversation(app, botId);
  for (const message of answers) {
    const r = await say(app, botId, sessionId, message);
    assert.is(r.status, 200, JSON.stringify(r.body));
  }
  if (end === 'end') await app.api('POST', `${CHAT}/${botId}/sessions/${sessionId}/end`);
  if (end === 'escalate')
    await app.api('POST', `${CHAT}/${botId}/sessions/${sessionId}/escalate`, {
      body: { reason: 'asked for a person' },
    });
  return sessionId;
}
