/**
 * Odd requests to the pages (sign-in pages, the dashboard shell, the built bundles): an empty or
 * strange Host, extra slashes after /dashboard, ?next= and ?token= values that are no path or
 * no token. Each gets its page (HTML by design), a redirect that stays on the host it came to,
 * or a 404; never a 500.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../support/testApp.js';
import { hostRequest, startSignInWorkspace, type SignedInWorkspace } from '../../support/signIn.js';
import { rawRequest } from '../../support/rawHttp.js';

let app: TestApp;
let ws: SignedInWorkspace;
let port: number;

test.before(async () => {
  ({ app, ws, port } = await startSignInWorkspace('pagebad'));
});
test.after(async () => {
  await app.close();
});

const PAGES = ['/login', '/login/magic?token=abc', '/invite?token=abc', '/signup', '/signup/confirm?token=abc'];

test("a request whose Host is empty gets the main host's page (it names no workspace), not a 500", async () => {
  for (const path of PAGES) {
    const r = await rawRequest(app.baseUrl, 'GET', path, { host: '' });
    assert.is(r.status, 200, `${path}: ${r.text.slice(0, 200)}`);
    assert.match(r.headers['content-type'], /^text\/html/);
    assert.ok(r.text.includes('"confab":true'), `${path} is Confab-branded`);
  }
});

test('hosts that are no workspace host are the main host; an unknown slug is a 404 page', async () => {
  const hosts: Array<[string, number]> = [
    [`${'a'.repeat(70)}.localhost:${port}`, 200],
    [`[::1]:${port}`, 200],
    [`pagebad..localhost:${port}`, 200],
    [`-x-.localhost:${port}`, 200],
    [`x.pagebad.localhost:${port}`, 200],
    [`localhost:${port}`, 200],
    [`PAGEBAD.LOCALHOST:${port}`, 200],
    [`pagebad.localhost.:${port}`, 200],
    [`nobody.localhost:${port}`, 404],
  ];
  for (const [host, status] of hosts) {
    const r = await rawRequest(app.baseUrl, 'GET', '/login', { host });
    assert.is(r.status, status, `${host}: ${r.text.slice(0, 200)}`);
    assert.match(r.headers['content-type'], /^text\/html/, host);
  }
});

test('/dashboard on a workspace host redirects to a path on that host, however many slashes follow', async () => {
  const origin = ws.origin;
  const cases: Array<[string, string]> = [
    ['/dashboard', '/'],
    ['/dashboard/chatbots?tab=flow', '/chatbots?tab=flow'],
    ['/dashboard?x=1', '/?x=1'],
    // Kept as "//evil.example", a browser would have gone to another host.
    ['/dashboard//evil.example', '/evil.example'],
    ['/dashboard///evil.example/x?y=1', '/evil.example/x?y=1'],
    ['/DASHBOARD//evil.example', '/evil.example'],
  ];
  for (const [path, location] of cases) {
    const r = await hostRequest(app, 'GET', path, { origin, cookie: ws.cookie });
    assert.equal([r.status, r.headers.location], [302, location], path);
    assert.is(new URL(String(r.headers.location), origin).origin, origin, path);
  }
  // A raw backslash, which the WHATWG URL parser reads as a slash.
  const raw = await rawRequest(app.baseUrl, 'GET', '/dashboard/\\evil.example', {
    host: new URL(origin).host,
    cookie: ws.cookie,
  });
  assert.is(raw.status, 302);
  assert.is(new URL(raw.headers.location, origin).origin, origin, raw.headers.location);
});

test('?next= that is no path on this host is ignored by a signed-in visit to /login', async () => {
  const nexts = [
    '//evil.example',
    '/%5Cevil.example',
    '/%09/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/%0D%0ASet-Cookie:x=1',
    '/a&next=//evil.example',
  ];
  for (const next of nexts) {
    const r = await hostRequest(app, 'GET', `/login?next=${next}`, { origin: ws.origin, cookie: ws.cookie });
    assert.is(r.status, 302, next);
    assert.is(new URL(String(r.headers.location), ws.origin).origin, ws.origin, `${next} → ${r.headers.location}`);
  }
  for (const query of ['next[]=/x', 'next=/a&next=/b', 'next[__proto__]=x']) {
    const r = await hostRequest(app, 'GET', `/login?${query}`, { origin: ws.origin, cookie: ws.cookie });
    assert.equal([r.status, r.headers.location], [302, '/'], query);
  }
});

test('?next= that names an API or sign-in endpoint (an ad-click redirect, a handoff) goes to the dashboard instead', async () => {
  for (const next of [
    '/api/v1/workspace/public/ad-click/other-tenant/media-1',
    '/x/../api/v1/workspace/public/ad-click/other-tenant/media-1',
    '/auth/handoff?code=x',
    '/login',
  ]) {
    const r = await hostRequest(app, 'GET', `/login?next=${encodeURIComponent(next)}`, {
      origin: ws.origin,
      cookie: ws.cookie,
    });
    assert.equal([r.status, r.headers.location], [302, '/'], next);
  }
  const page = await hostRequest(app, 'GET', `/login?next=${encodeURIComponent('/chatbots/7')}`, {
    origin: ws.origin,
    cookie: ws.cookie,
  });
  assert.is(page.headers.location, '/chatbots/7');
});

test('?token= that is no token, repeated or shaped oddly, still gets the page and names no workspace', async () => {
  for (const page of ['/invite', '/login/magic', '/signup/confirm']) {
    for (const query of [
      'token[]=a',
      'token=a&token=b',
      'token=%00',
      `token=${'t'.repeat(5000)}`,
      'token=%ED%A0%80',
      'token[__proto__]=1',
    ]) {
      const r = await hostRequest(app, 'GET', `${page}?${query}`);
      assert.is(r.status, 200, `${page}?${query}: ${r.text.slice(0, 200)}`);
      assert.not.match(r.text, /"workspaceName"/, `${page}?${query}`);
    }
  }
});

test('bundle names that are not a bundle are a 404, in JSON', async () => {
  for (const path of [
    '/assets/..%2Fpackage.json',
    '/assets/%2e%2e%2Fpackage.json',
    '/assets/login.js%00',
    '/assets/%00.js',
    '/assets/LOGIN.JS',
    '/assets/login.js.map',
  ]) {
    const r = await hostRequest(app, 'GET', path);
    assert.is(r.status, 404, `${path}: ${r.text.slice(0, 100)}`);
    assert.type(r.body?.error, 'string', path);
  }
});

test.run();
