/** Host recognition and workspace addresses (docs/sign-in.md): slug hosts, PUBLIC_URL's scheme and port. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  dashboardUrlOf,
  loginPageUrlOf,
  serviceSlugsOf,
  slugOfHost,
  workspaceOrigin,
  workspaceSlugOfHost,
} from '../../../api/session/workspaceHost.js';

test('slugOfHost: one label under the workspace domain, case-insensitive, trailing dot allowed', () => {
  assert.is(slugOfHost('acme.localhost', 'localhost'), 'acme');
  assert.is(slugOfHost('ACME.Confab.Example.', 'confab.example'), 'acme');
  assert.is(slugOfHost('localhost', 'localhost'), null);
  assert.is(slugOfHost('a.b.localhost', 'localhost'), null);
  assert.is(slugOfHost('evil-localhost', 'localhost'), null);
  assert.is(slugOfHost('-bad.localhost', 'localhost'), null);
  assert.is(slugOfHost('', 'localhost'), null);
});

test('addresses take PUBLIC_URL scheme and port', () => {
  const dev = { publicUrl: 'http://localhost:3000', workspaceDomain: 'localhost' };
  assert.is(workspaceOrigin('acme', dev), 'http://acme.localhost:3000');
  assert.is(dashboardUrlOf('acme', dev), 'http://acme.localhost:3000/');
  assert.is(dashboardUrlOf(null, dev), 'http://localhost:3000/dashboard');
  assert.is(loginPageUrlOf('acme', dev), 'http://acme.localhost:3000/login');
  const prod = { publicUrl: 'https://app.confab.example', workspaceDomain: 'confab.example' };
  assert.is(workspaceOrigin('acme', prod), 'https://acme.confab.example');
  assert.is(loginPageUrlOf(null, prod), 'https://app.confab.example/login');
});

test("the service's own hosts under the workspace domain are never workspace hosts, and their labels are reserved", () => {
  const rule = {
    publicUrl: 'https://app.example.com',
    appUrl: 'https://shop.example.com/storefront',
    workspaceDomain: 'example.com',
  };
  assert.is(workspaceSlugOfHost('app.example.com', rule), null);
  assert.is(workspaceSlugOfHost('APP.example.com.', rule), null);
  assert.is(workspaceSlugOfHost('shop.example.com', rule), null);
  assert.is(workspaceSlugOfHost('acme.example.com', rule), 'acme');
  assert.is(workspaceSlugOfHost(undefined, rule), null);
  assert.equal(serviceSlugsOf(rule), ['app', 'shop']);
  assert.equal(
    serviceSlugsOf({
      publicUrl: 'https://confab.io',
      appUrl: 'https://confab.io/storefront',
      workspaceDomain: 'example.com',
    }),
    [],
  );
});

test.run();
