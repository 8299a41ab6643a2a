/** APP_URL must be https unless it is this machine (docs/configuration.md). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../infrastructure/config.js';

test('https anywhere, http only on localhost, 127.0.0.1, [::1] or *.localhost', () => {
  assert.is(
    loadConfig({ APP_URL: 'https://app.example.com/storefront/' }).appUrl,
    'https://app.example.com/storefront',
  );
  for (const local of [
    'http://localhost:3000/storefront',
    'http://127.0.0.1/sf',
    'http://[::1]:8080/x',
    'http://confab.localhost/storefront',
  ]) {
    assert.is(loadConfig({ APP_URL: local }).appUrl, local);
  }
});

test('plain http elsewhere, or not a URL, refuses to start with a message naming APP_URL', () => {
  for (const bad of ['http://app.example.com/storefront', 'ftp://x', 'not a url']) {
    assert.throws(
      () => loadConfig({ APP_URL: bad }),
      (e: Error) => /APP_URL/.test(e.message),
    );
  }
  assert.throws(
    () => loadConfig({ PUBLIC_URL: 'http://confab.example', BIGCOMMERCE_CLIENT_ID: 'x' }),
    (e: Error) => /APP_URL must use https/.test(e.message),
  );
});

test('without the storefront app (no credentials, no APP_URL) an http PUBLIC_URL still starts', () => {
  assert.is(loadConfig({ PUBLIC_URL: 'http://confab.example' }).appUrl, 'http://confab.example/storefront');
});

test.run();
