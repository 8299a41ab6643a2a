/**
 * The sign-in page shells as served: which branding a host gets, the 404 of an unknown slug
 * host, the headers a page carries, and the bundles under /assets.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hostRequest } from '../../support/signIn.js';
import {
  brandedWorkspace,
  buildLoginBundle,
  pageDataOf,
  startLoginApp,
  type BrandedWorkspace,
  type LoginApp,
} from '../../web/login/loginHarness.js';

let app: LoginApp;
let acme: BrandedWorkspace;

test.before(async () => {
  buildLoginBundle();
  app = await startLoginApp();
  acme = await brandedWorkspace(app, 'acme', {
    displayName: 'Acme',
    tagline: 'Tools </script><script>alert(1)</script> for teams',
    adUrl: 'https://ads.example.com/spring',
    adLabel: 'Spring sale',
    display: { fit: 'contain', position: 'top-right', cardPosition: '20,70' },
  });
});
test.after(async () => {
  await app?.close();
});

const mainHost = () => `127.0.0.1:${app.port}`;

/** GET as a browser on `host` would send it; `body` is the page text. */
async function getWithHost(path: string, host: string) {
  const r = await hostRequest(app, 'GET', path, { origin: `http://${host}` });
  return { status: r.status, headers: r.headers, body: r.text };
}

test('the main-domain /login is Confab-branded, with the page headers', async () => {
  const r = await getWithHost('/login', mainHost());
  assert.is(r.status, 200);
  assert.match(String(r.headers['content-type']), /text\/html/);
  assert.is(r.headers['cache-control'], 'no-store');
  assert.is(r.headers['cross-origin-opener-policy'], 'same-origin-allow-popups', 'the OIDC popup can post back');
  const csp = String(r.headers['content-security-policy']);
  assert.match(csp, /script-src 'self'/);
  assert.match(csp, /frame-ancestors 'none'/);
  const data = pageDataOf(r.body);
  assert.is(data.page, 'login');
  assert.is(data.confab, true);
  assert.is(data.branding.displayName, 'Confab');
  assert.is(data.branding.slug, null);
  assert.is(data.publicUrl, `http://127.0.0.1:${app.port}`);
  assert.match(r.body, /<script src="\/assets\/login\.js\?v=[0-9a-z]+" defer><\/script>/);
  assert.match(r.body, /<link rel="stylesheet" href="\/assets\/login\.css\?v=[0-9a-z]+">/);
  assert.not.match(r.body, /<script>(?!<\/)/, 'no inline script');
});

test('a slug host gets its workspace branding, display settings and the ad-click address', async () => {
  const r = await getWithHost('/login', `acme.localhost:${app.port}`);
  assert.is(r.status, 200);
  const { branding, confab, page } = pageDataOf(r.body);
  assert.is(page, 'login');
  assert.is(confab, false);
  assert.is(branding.slug, 'acme');
  assert.is(branding.displayName, 'Acme');
  assert.is(branding.primaryColor, '#0F766E');
  assert.is(branding.secondaryColor, '#7C3AED');
  assert.equal(branding.display, { fit: 'contain', position: 'top-right', cardPosition: '20,70' });
  assert.match(
    branding.loginLogo,
    /^\/api\/v1\/workspace\/public\/media\//,
    'the logo is same-origin on the slug host',
  );
  assert.is(branding.media.length, 1);
  const [m] = branding.media;
  assert.is(m.id, acme.mediaId);
  assert.is(m.type, 'image');
  assert.is(m.slideDuration, 8);
  assert.is(m.adLabel, 'Spring sale');
  assert.is(m.clickUrl, `/api/v1/workspace/public/ad-click/acme/${acme.mediaId}`);
  assert.match(r.body, /<title>Sign in · Acme<\/title>/);
});

test('the tagline cannot close the data block', async () => {
  const r = await getWithHost('/login', `acme.localhost:${app.port}`);
  assert.not.ok(r.body.includes('</script><script>alert(1)'), 'escaped');
  assert.is(pageDataOf(r.body).branding.tagline, 'Tools </script><script>alert(1)</script> for teams');
});

test('the public branding endpoint and the page agree', async () => {
  const pub = await app.api('GET', '/api/v1/workspace/public/branding/acme');
  const { branding } = pageDataOf((await getWithHost('/login', `acme.localhost:${app.port}`)).body);
  assert.is(branding.tagline, pub.body.branding.tagline);
  assert.is(branding.primaryColor, pub.body.branding.primaryColor);
  assert.is(app.baseUrl + branding.loginLogo, pub.body.branding.loginLogo);
  assert.is(app.baseUrl + branding.media[0].url, pub.body.branding.activeLoginMedia.mediaUrl);
});

test('an unknown slug host answers a 404 page on every sign-in path', async () => {
  for (const path of ['/login', '/login/magic?token=x', '/invite?token=x']) {
    const r = await getWithHost(path, `nobody.localhost:${app.port}`);
    assert.is(r.status, 404, path);
    assert.is(pageDataOf(r.body).page, 'notFound');
    assert.match(String(r.headers['content-type']), /text\/html/);
  }
});

test('each mailed-link page is served with its own page kind, branded on the slug host', async () => {
  // Long and unlike anything else: a short token could turn up by chance in a nonce or an asset hash.
  const TOKEN = 'mailed-link-token-7f3c9e21';
  const cases: Array<[string, string, string]> = [
    [`/login/magic?token=${TOKEN}`, `acme.localhost:${app.port}`, 'magic'],
    [`/invite?token=${TOKEN}`, `acme.localhost:${app.port}`, 'invite'],
    ['/signup', mainHost(), 'signup'],
    [`/signup/confirm?token=${TOKEN}`, mainHost(), 'signupConfirm'],
  ];
  for (const [path, host, page] of cases) {
    const r = await getWithHost(path, host);
    assert.is(r.status, 200, path);
    const data = pageDataOf(r.body);
    assert.is(data.page, page, path);
    assert.not.ok(r.body.includes(TOKEN), 'the token stays in the address, not in the page');
  }
});

test('signup lives on PUBLIC_URL: a slug host redirects there', async () => {
  const r = await getWithHost('/signup?ref=x', `acme.localhost:${app.port}`);
  assert.is(r.status, 302);
  assert.is(r.headers.location, `http://127.0.0.1:${app.port}/signup?ref=x`);
});

test('bundles are served from /assets; versioned URLs are immutable; nothing else is', async () => {
  const js = await getWithHost('/assets/login.js?v=1', mainHost());
  assert.is(js.status, 200);
  assert.match(String(js.headers['content-type']), /javascript/);
  assert.match(String(js.headers['cache-control']), /immutable/);
  const css = await getWithHost('/assets/login.css', mainHost());
  assert.is(css.status, 200);
  assert.match(String(css.headers['content-type']), /text\/css/);
  assert.is(css.headers['cache-control'], 'no-cache');
  for (const bad of ['/assets/nope.js', '/assets/..%2Fpackage.json', '/assets/login.js.map', '/assets/.env']) {
    assert.is((await getWithHost(bad, mainHost())).status, 404, bad);
  }
});

test('the pages are in the OpenAPI document', async () => {
  const doc = (await app.api('GET', '/api/v1/openapi.json')).body;
  for (const p of ['/login', '/login/magic', '/signup', '/signup/confirm', '/invite']) assert.ok(doc.paths[p]?.get, p);
});

test.run();
