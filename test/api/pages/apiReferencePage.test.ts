/**
 * /docs as served: the page and its policy (looser than the service's for styles only, and only
 * there), Redoc's script and the bar's stylesheet from this service with nothing left that
 * reaches another origin and within its size budget; every guide as a page (its title, raw HTML
 * of the Markdown escaped, a strict policy, every link answering on this service and every
 * anchor found) and as its Markdown text, and a JSON 404 for any other name under /docs/guides.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { REDOC_SCRIPT } from '../../../api/pages/apiReferencePage.js';
import { GUIDES } from '../../../api/pages/docsHeader.js';

const DOCS_DIR = new URL('../../../docs/', import.meta.url);
/** Every docs/<name>.md, by name. */
const DOCS = readdirSync(DOCS_DIR)
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3));

/**
 * Redoc 2.5's standalone bundle is about 1.1 MB: a new version much larger than that is a
 * choice to make on purpose, not one an update makes silently.
 */
const REDOC_BUDGET_BYTES = 1.3 * 1024 * 1024;

let app: TestApp;

test.before(async () => {
  app = await startTestApp();
});
test.after(async () => {
  await app?.close();
});

function directives(csp: string): Map<string, string> {
  return new Map(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

test('GET /docs is the reference page: its title, the live document and Redoc, the guides linked', async () => {
  const r = await fetch(`${app.baseUrl}/docs`);
  assert.is(r.status, 200);
  assert.match(String(r.headers.get('content-type')), /^text\/html; charset=utf-8/);
  const html = await r.text();
  assert.match(html, /<title>Confab API reference<\/title>/);
  assert.match(html, /<redoc spec-url="\/api\/v1\/openapi.json"/);
  const script = /<script src="(\/docs\/redoc\.standalone\.js\?v=[\w-]+)" defer><\/script>/.exec(html);
  assert.ok(script, 'the page loads Redoc from this service');
  assert.not.match(html, /<script>/, 'no inline script');
  assert.match(html, /<link rel="stylesheet" href="\/docs\/docs\.css\?v=[\w-]+">/);
  for (const g of GUIDES) assert.ok(html.includes(`href="/docs/guides/${g.name}"`), g.name);
});

test("the bar's stylesheet: CSS from this service, kept for good", async () => {
  const html = await (await fetch(`${app.baseUrl}/docs`)).text();
  const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1] ?? '';
  const r = await fetch(app.baseUrl + href);
  assert.is(r.status, 200);
  assert.match(String(r.headers.get('content-type')), /^text\/css/);
  assert.is(r.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.match(await r.text(), /\.docs-bar \{/);
});

test("the page's policy allows inline styles and blob: workers, and scripts from this service only", async () => {
  const r = await fetch(`${app.baseUrl}/docs`);
  const csp = directives(String(r.headers.get('content-security-policy')));
  assert.is(csp.get('script-src'), "'self'");
  assert.is(csp.get('style-src'), "'self' 'unsafe-inline'");
  assert.is(csp.get('worker-src'), "'self' blob:");
  assert.is(csp.get('connect-src'), "'self'");
  assert.is(csp.get('img-src'), "'self' data:");
  assert.is(csp.get('frame-ancestors'), "'none'");
  // Every other answer keeps the service's own policy.
  const other = await fetch(`${app.baseUrl}/healthz`);
  const strict = directives(String(other.headers.get('content-security-policy')));
  assert.ok(!strict.has('worker-src'), 'no blob: workers elsewhere');
  assert.is(strict.get('default-src'), "'self'");
});

test("Redoc's script: served from this service, kept for good, nothing on another origin, within budget", async () => {
  const html = await (await fetch(`${app.baseUrl}/docs`)).text();
  const src = /<script src="([^"]+)"/.exec(html)?.[1] ?? '';
  const r = await fetch(app.baseUrl + src);
  assert.is(r.status, 200);
  assert.match(String(r.headers.get('content-type')), /javascript/);
  assert.is(r.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const body = await r.text();
  assert.is(Buffer.byteLength(body), REDOC_SCRIPT.byteLength);
  assert.match(body, /API docs by Redocly/, 'the credit line stays');
  assert.not.match(body, /cdn\.redoc\.ly/, "its logo is no longer fetched from Redocly's CDN");
  assert.ok(REDOC_SCRIPT.byteLength < REDOC_BUDGET_BYTES, `${REDOC_SCRIPT.byteLength} bytes`);
});

/** Where every link of a page leads, as written. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((m) => m[1].replaceAll('&#38;', '&'));
}

test('every guide is a page: titled by its first heading, styled from this service, running no script', async () => {
  assert.ok(DOCS.length >= GUIDES.length, `${DOCS.length} guides`);
  for (const name of DOCS) {
    const r = await fetch(`${app.baseUrl}/docs/guides/${name}`);
    assert.is(r.status, 200, name);
    assert.is(r.headers.get('content-type'), 'text/html; charset=utf-8', name);
    const csp = directives(String(r.headers.get('content-security-policy')));
    assert.is(csp.get('default-src'), "'none'", name);
    assert.is(csp.get('style-src'), "'self'", name);
    assert.ok(!csp.has('script-src'), `${name}: no script allowed`);
    const html = await r.text();
    const heading = /^# (.+)$/m.exec(readFileSync(new URL(`${name}.md`, DOCS_DIR), 'utf8'))?.[1] ?? '';
    assert.ok(html.includes(`<title>${heading.replaceAll("'", '&#39;')} · Confab docs</title>`), `${name}: ${heading}`);
    assert.match(html, /<link rel="stylesheet" href="\/docs\/docs\.css\?v=[\w-]+">/);
    assert.not.match(html, /<script|<style|\sstyle=|\son\w+=/i, `${name}: no script or inline style`);
    assert.ok(html.includes(`href="/docs/guides/${name}.md"`), `${name}: links its Markdown`);
  }
});

test("the guides' raw HTML is shown as text, never passed through; editors' comments are dropped", async () => {
  const signIn = await (await fetch(`${app.baseUrl}/docs/guides/sign-in`)).text();
  assert.match(signIn, /Continue with &#60;provider&#62;/);
  assert.not.match(signIn, /<provider>/);
  const chat = await (await fetch(`${app.baseUrl}/docs/guides/chat-api`)).text();
  assert.match(chat, /&#60;script src=&#34;https:\/\/confab\.example\/widget\.js&#34;&#62;&#60;\/script&#62;/);
  const config = await (await fetch(`${app.baseUrl}/docs/guides/configuration`)).text();
  assert.not.match(config, /<!--|&#60;!--/);
});

test('every link of every guide answers on this service, and every anchor is a heading of its page', async () => {
  const pages = new Map<string, { status: number; html: string }>();
  async function get(path: string) {
    if (!pages.has(path)) {
      const r = await fetch(app.baseUrl + path, { redirect: 'manual' });
      pages.set(path, { status: r.status, html: await r.text() });
    }
    return pages.get(path)!;
  }
  let checked = 0;
  for (const name of DOCS) {
    const here = `/docs/guides/${name}`;
    for (const href of hrefs((await get(here)).html)) {
      const url = new URL(href, app.baseUrl + here);
      assert.is(url.origin, new URL(app.baseUrl).origin, `${name}: ${href} stays on this service`);
      const target = await get(url.pathname);
      assert.is(target.status, 200, `${name}: ${href}`);
      if (url.hash) assert.ok(target.html.includes(` id="${url.hash.slice(1)}"`), `${name}: ${href} finds its anchor`);
      checked++;
    }
  }
  assert.ok(checked > 200, `${checked} links`);
});

test('links to files of the repository the service does not serve become their text', async () => {
  const index = await (await fetch(`${app.baseUrl}/docs/guides/README`)).text();
  assert.match(index, /The repository&#39;s README says how to install/);
  assert.match(index, /<a href="\/docs\/guides\/configuration">configuration\.md<\/a>/);
  const sdks = await (await fetch(`${app.baseUrl}/docs/guides/sdks`)).text();
  assert.match(sdks, /resource: sdks\/node\/README\.md, sdks\/python\/README\.md\./);
  for (const href of [...hrefs(index), ...hrefs(sdks)]) assert.not.match(href, /\.\.\//, href);
});

test('<name>.md is the guide as its Markdown text; /docs/guides leads to the index', async () => {
  for (const name of DOCS) {
    const r = await fetch(`${app.baseUrl}/docs/guides/${name}.md`);
    assert.is(r.status, 200, name);
    assert.is(r.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.is(await r.text(), readFileSync(new URL(`${name}.md`, DOCS_DIR), 'utf8'), name);
  }
  for (const path of ['/docs/guides', '/docs/guides/']) {
    const r = await fetch(app.baseUrl + path, { redirect: 'manual' });
    assert.equal([r.status, r.headers.get('location')], [302, '/docs/guides/README'], path);
  }
});

test('any other name under /docs/guides is a JSON 404', async () => {
  for (const path of [
    'nope',
    'nope.md',
    'events.txt',
    'events.md.md',
    'readme',
    '..%2FREADME.md',
    '..%2FDESIGN',
    '..%2F..%2Fpackage.json',
    '.env',
    '__proto__',
    'events%00.md',
  ]) {
    const r = await fetch(`${app.baseUrl}/docs/guides/${path}`);
    assert.is(r.status, 404, path);
    assert.match(String(r.headers.get('content-type')), /^application\/json/, path);
    assert.equal(await r.json(), { error: 'Not found', code: 'NOT_FOUND' });
  }
});

test('/docs is in the OpenAPI document as a Service page', async () => {
  const { body: doc } = await app.api('GET', '/api/v1/openapi.json');
  const op = doc.paths['/docs']?.get;
  assert.ok(op, 'GET /docs is documented');
  assert.is(op.operationId, 'getApiReference');
  assert.equal(op.tags, ['Service']);
  assert.equal(op.security, []);
  assert.ok(op.responses['200'].content['text/html']);
});

test.run();
