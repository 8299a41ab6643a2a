import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { safeNext } from '../../../domain/signIn/safeNext.js';

test('next is a path on this host', () => {
  assert.is(safeNext('/chatbots/42?tab=flow'), '/chatbots/42?tab=flow');
  assert.is(safeNext('/'), '/');
});

test('anything that could leave the host, or split headers, is dropped', () => {
  for (const bad of [
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'chatbots',
    '',
    '/a\r\nSet-Cookie: x=1',
    undefined,
    ['/a'],
  ]) {
    assert.is(safeNext(bad), null, JSON.stringify(bad));
  }
});

test('no control characters: a browser drops tabs and line breaks, and "/\\t/evil" becomes "//evil"', () => {
  assert.is(new URL('/\t/evil.example', 'https://acme.example').origin, 'https://evil.example', 'why it matters');
  for (const bad of [
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\t\\evil.example',
    '/a\u0000b',
    '/a\u007fb',
  ]) {
    assert.is(safeNext(bad), null, JSON.stringify(bad));
  }
  // Whatever is let through stays on the host when a browser resolves it (the WHATWG URL parser).
  for (const ok of ['/x', '/a b', '/%09/evil.example', '/x?next=//evil.example', '/é']) {
    assert.is(safeNext(ok), ok);
    assert.is(new URL(ok, 'https://acme.example').origin, 'https://acme.example', ok);
  }
});

test('only dashboard pages: never an API, a sign-in endpoint or page, however the path is spelled', () => {
  for (const bad of [
    '/api/v1/workspace/public/ad-click/other-tenant/media-1',
    '/API/v1/workspace/public/ad-click/other-tenant/media-1',
    '/auth/handoff?code=x',
    '/auth',
    '/login',
    '/login?next=/x',
    '/signup',
    '/invite?token=x',
    '/storefront/app',
    '/assets/login.js',
    '/media/x',
    '/healthz',
    '/widget.js',
    '/x/../api/v1/workspace/public/ad-click/a/b',
    '/./api/v1',
    '/%2e%2e/api/v1',
    '/x/%2E%2E/auth/oidc/start',
    '/x\\..\\api/v1',
  ]) {
    assert.is(safeNext(bad), null, JSON.stringify(bad));
  }
  for (const ok of ['/dashboard', '/dashboard/chatbots', '/chatbots/42', '/apis', '/authors', '/logins', '/x/api/v1']) {
    assert.is(safeNext(ok), ok);
  }
});

test.run();
