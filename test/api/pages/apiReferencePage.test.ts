/**
 * /docs as served: the page and its policy (looser than the service's for styles only, and only
 * there), Redoc's script from this service with nothing left that reaches another origin and
 * within its size budget, the guides as text, and a 404 for any other name under /docs/guides.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { GUIDES, REDOC_SCRIPT } from '../../../api/pages/apiReferencePage.js';

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
  for (const g of GUIDES) assert.ok(html.includes(`href="/docs/guides/${g.file}"`), g.file);
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

test('the guides are served as text; another name under /docs/guides is a JSON 404', async () => {
  for (const g of GUIDES) {
    const r = await fetch(`${app.baseUrl}/docs/guides/${g.file}`);
    assert.is(r.status, 200, g.file);
    assert.is(r.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.match(await r.text(), /^# /, g.file);
  }
  for (const path of ['nope.md', 'events.txt', '..%2FREADME.md', '..%2F..%2Fpackage.json', '.env']) {
    const r = await fetch(`${app.baseUrl}/docs/guides/${path}`);
    assert.is(r.status, 404, path);
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
