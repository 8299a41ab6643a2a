/** Host recognition and workspace addresses (docs/sign-in.md): slug hosts, PUBLIC_URL's scheme and port. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dashboardUrlOf, loginPageUrlOf, slugOfHost, workspaceOrigin } from '../../../api/session/workspaceHost.js';

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

test.run();
