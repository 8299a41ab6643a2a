/**
 * The rendered API reference at /docs in Chromium: every operation of the live OpenAPI document
 * drawn (its operationId's section and its summary), the callbacks of every operation that has
 * them (and of a document given one, so the check never runs empty), the search box, the
 * header's links to the guides answering, no console error and no failed request, no request to
 * any other origin, an axe scan, and screenshots at desktop and phone size. Then every guide
 * page under /docs/guides: drawn with its stylesheet, no wider than a phone, its contents
 * leading to its headings, links between guides followed, the same checks and screenshots.
 */
// test runner timeout: 600 s
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser.js';
import {
  DESKTOP,
  expectAccessible,
  PHONE,
  SCREENSHOTS_DIR,
  screenshotBothSizes,
  watchPageErrors,
} from '../../support/pageChecks.js';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { readdirSync } from 'node:fs';
import { GUIDES } from '../../../api/pages/docsHeader.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const DOCUMENT = '/api/v1/openapi.json';
/** Every guide, docs/<name>.md. */
const DOCS = readdirSync(new URL('../../../docs/', import.meta.url))
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3));

type Json = Record<string, any>;

interface Operation {
  id: string;
  summary: string;
  /** The summaries of its callbacks' operations. */
  callbacks: string[];
}

let app: TestApp;
let browser: Browser;
let page: Page;
let live: Json;
const requested: string[] = [];
let problems: string[] = [];

function operationsOf(item: Json): Json[] {
  return METHODS.flatMap((m) => (item[m] ? [item[m]] : []));
}

/** Every operation of a document, with what Redoc shows of it. */
function operationsIn(doc: Json): Operation[] {
  return Object.values<Json>(doc.paths).flatMap((item) =>
    operationsOf(item).map((op) => ({
      id: op.operationId,
      summary: op.summary,
      callbacks: Object.values<Json>(op.callbacks ?? {}).flatMap((cb) =>
        Object.values<Json>(cb).flatMap((path) => operationsOf(path).map((c) => c.summary)),
      ),
    })),
  );
}

/** Opens /docs and waits until Redoc has drawn the document's last operation. */
async function openReference(p: Page, doc: Json): Promise<void> {
  await p.goto(`${app.baseUrl}/docs`);
  const ops = operationsIn(doc);
  // Redoc gives each operation's section the id operation/<operationId>.
  await p.locator(`[id="operation/${ops[ops.length - 1].id}"]`).waitFor({ timeout: 60_000 });
}

/** The operations of `doc` whose section, summary or callbacks the page does not show. */
async function undrawn(p: Page, doc: Json): Promise<string[]> {
  const operations = operationsIn(doc);
  const texts = await p.evaluate(
    (ids) => ids.map((id) => document.getElementById(`operation/${id}`)?.innerText ?? null),
    operations.map((op) => op.id),
  );
  const missing: string[] = [];
  operations.forEach((op, i) => {
    const text = texts[i];
    if (text === null) return missing.push(`${op.id}: no section`);
    if (!text.includes(op.summary)) missing.push(`${op.id}: no summary`);
    if (op.callbacks.length && !text.includes('Callbacks')) missing.push(`${op.id}: no callbacks`);
    for (const summary of op.callbacks) if (!text.includes(summary)) missing.push(`${op.id}: callback ${summary}`);
  });
  return missing;
}

test.before(async () => {
  app = await startTestApp();
  live = (await app.api('GET', DOCUMENT)).body;
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: DESKTOP });
  page.on('request', (r) => requested.push(r.url()));
  problems = watchPageErrors(page).problems;
  await openReference(page, live);
});

test.after(async () => {
  await browser?.close();
  await app?.close();
});

test('the page is titled and draws every operation of the live document, callbacks included', async () => {
  assert.is(await page.title(), 'Confab API reference');
  const operations = operationsIn(live);
  assert.ok(operations.length > 50, `the document has its operations (${operations.length})`);
  assert.ok(
    operations.some((op) => op.id === 'getApiReference'),
    'the reference is itself in the document',
  );
  assert.equal(await undrawn(page, live), []);
});

test('callbacks a document gives an operation are drawn in its section', async () => {
  const doc = structuredClone(live);
  const create = doc.paths['/api/v1/external/v1/webhooks'].post;
  create.callbacks = {
    ...create.callbacks,
    'docs.test': {
      '{$request.body#/url}': {
        post: {
          summary: 'A test delivery drawn by the reference',
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { type: { type: 'string' } } } } },
          },
          responses: { 200: { description: 'Received' } },
        },
      },
    },
  };
  const other = await browser.newPage({ viewport: DESKTOP });
  const otherProblems = watchPageErrors(other).problems;
  await other.route(`**${DOCUMENT}`, (route) => route.fulfill({ json: doc }));
  await openReference(other, doc);
  assert.equal(await undrawn(other, doc), []);
  const heading = other.locator('[id="operation/createWebhook"]').getByText('Callbacks', { exact: true });
  await heading.scrollIntoViewIfNeeded();
  await other.screenshot({ path: `${SCREENSHOTS_DIR}api-reference-callbacks-desktop.png` });
  assert.equal(otherProblems, []);
  await other.close();
});

test('the search box finds an operation (its index runs in a worker the page policy allows)', async () => {
  await page.getByRole('search').getByRole('textbox', { name: 'Search' }).fill('webhook subscription');
  const results = page.locator('[data-role="search:results"]');
  await results.locator('[data-item-id$="operation/createWebhook"]').waitFor({ timeout: 15_000 });
  await page.getByRole('search').getByRole('textbox', { name: 'Search' }).fill('');
});

test('no console error, no failed request, and no request to another origin', async () => {
  assert.equal(problems, []);
  const origin = new URL(app.baseUrl).origin;
  const elsewhere = requested.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url));
  assert.equal(elsewhere, []);
  assert.ok(
    requested.some((url) => url.endsWith(DOCUMENT)),
    'the live document was read',
  );
});

test('the header links to each guide and to the document, and every link answers', async () => {
  const links = page.getByRole('navigation', { name: 'Guides' }).getByRole('link');
  const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  assert.equal(hrefs.length, GUIDES.length + 1);
  for (const href of hrefs) {
    const r = await page.request.get(href);
    assert.is(r.status(), 200, href);
  }
  await page.getByRole('link', { name: 'Webhook events' }).click();
  await page.waitForURL('**/docs/guides/events');
  assert.is(await page.getByRole('heading', { level: 1 }).innerText(), 'Webhook events');
  await page.goBack();
  await page.locator('[id="operation/getApiReference"]').waitFor({ timeout: 60_000 });
});

test('accessible, and screenshots at desktop and phone size', async () => {
  await expectAccessible(page, '/docs');
  // The whole reference is far taller than a screenshot can be: the window at the top.
  await screenshotBothSizes(page, 'api-reference', undefined, { fullPage: false });
});

/** Opens a guide in a page of its own, watching it; answers the page and what went wrong on it. */
async function openGuide(name: string, viewport = DESKTOP) {
  const p = await browser.newPage({ viewport });
  const { problems } = watchPageErrors(p);
  const urls: string[] = [];
  p.on('request', (r) => urls.push(r.url()));
  const r = await p.goto(`${app.baseUrl}/docs/guides/${name}`);
  assert.is(r?.status(), 200, name);
  return { p, problems, urls };
}

test('every guide is drawn with its stylesheet, fits a phone, passes axe, with no error and nothing from elsewhere', async () => {
  const origin = new URL(app.baseUrl).origin;
  for (const name of DOCS) {
    const { p, problems, urls } = await openGuide(name);
    const h1 = await p.getByRole('heading', { level: 1 }).innerText();
    assert.is(await p.title(), `${h1} · Confab docs`, name);
    // The bar is dark: the stylesheet from /docs/docs.css applies (the policy allows nothing inline).
    const bar = await p.locator('.docs-bar').evaluate((e) => getComputedStyle(e).backgroundColor);
    assert.is(bar, 'rgb(16, 24, 40)', `${name}: styled`);
    await expectAccessible(p, name);
    await p.setViewportSize(PHONE);
    const overflow = await p.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.is(overflow, 0, `${name}: nothing wider than a phone`);
    await expectAccessible(p, `${name} (phone)`);
    await p.setViewportSize(DESKTOP);
    await screenshotBothSizes(p, `guide-${name}`, undefined, { fullPage: false });
    assert.equal(problems, [], name);
    assert.equal(
      urls.filter((u) => !u.startsWith(`${origin}/`) && !u.startsWith('data:')),
      [],
      name,
    );
    await p.close();
  }
});

test("a guide's contents lead to its headings: beside it on a desktop, in a box above it on a phone", async () => {
  const { p } = await openGuide('external-api');
  const side = p.getByRole('navigation', { name: 'On this page' });
  assert.is(await side.count(), 1, 'one list of contents shows at a time');
  await side.getByRole('link', { name: 'Errors', exact: true }).click();
  await p.waitForURL('**/docs/guides/external-api#errors');
  const top = await p.locator('#errors').evaluate((e) => e.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 100, `the heading is at the top of the window (${top})`);
  // The side list stays in view as the guide scrolls.
  assert.ok(await side.isVisible());
  await p.setViewportSize(PHONE);
  await p.evaluate(() => window.scrollTo(0, 0));
  const box = p.locator('details.guide-toc-top');
  assert.ok(await box.isVisible(), 'the box above the guide');
  assert.not.ok(await p.locator('.guide-toc-side').isVisible(), 'no side column on a phone');
  await box.getByText('On this page').click();
  await box.getByRole('link', { name: 'Chatbot flows' }).click();
  await p.waitForURL('**#chatbot-flows');
  await p.screenshot({ path: `${SCREENSHOTS_DIR}guide-external-api-contents-phone.png` });
  await p.close();
});

test('links between guides lead to their pages; on a phone a table is cards of labelled lines, a code block scrolls in its box', async () => {
  const { p, problems } = await openGuide('README', PHONE);
  await p.getByRole('main').getByRole('link', { name: 'configuration.md' }).click();
  await p.waitForURL('**/docs/guides/configuration');
  assert.is(await p.getByRole('heading', { level: 1 }).innerText(), 'Configuration');
  const table = p.locator('.table-scroll').first();
  const widths = await table.evaluate((e) => [e.scrollWidth, e.clientWidth]);
  assert.ok(widths[0] <= widths[1], `the table fits the phone's width (${widths})`);
  const cell = table.locator('td').first();
  const label = await cell.evaluate((e) => getComputedStyle(e, '::before').content);
  const column = await table.locator('th').first().innerText();
  assert.is(label, JSON.stringify(column), "each line is named by its column's heading");
  await p.setViewportSize({ width: 1280, height: 800 });
  assert.is(await cell.evaluate((e) => getComputedStyle(e, '::before').content), 'none', 'a desktop shows the table');
  await p.setViewportSize(PHONE);
  await table.scrollIntoViewIfNeeded();
  await p.screenshot({ path: `${SCREENSHOTS_DIR}guide-configuration-table-phone.png` });
  await p.getByRole('banner').getByRole('link', { name: 'Webhooks guide' }).click();
  await p.waitForURL('**/docs/guides/webhooks-guide');
  const code = p.locator('pre').first();
  await code.scrollIntoViewIfNeeded();
  assert.is(await code.evaluate((e) => getComputedStyle(e).overflowX), 'auto');
  await p.screenshot({ path: `${SCREENSHOTS_DIR}guide-webhooks-guide-code-phone.png` });
  assert.equal(problems, []);
  await p.close();
});

test.run();
