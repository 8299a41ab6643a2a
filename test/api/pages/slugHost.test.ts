import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hostKindOf } from '../../../api/pages/slugHost.js';

const PUBLIC = 'https://app.example.com';
const rule = (workspaceDomain: string, publicUrl: string, appUrl = `${publicUrl}/storefront`) => ({
  workspaceDomain,
  publicUrl,
  appUrl,
});

test('a single label under the workspace domain is a slug host', () => {
  assert.equal(hostKindOf('acme.example.com', rule('example.com', PUBLIC)), { kind: 'slug', slug: 'acme' });
  assert.equal(hostKindOf('ACME.Example.com.', rule('example.com', PUBLIC)), { kind: 'slug', slug: 'acme' });
  assert.equal(hostKindOf('acme.localhost', rule('localhost', 'http://localhost:3000')), {
    kind: 'slug',
    slug: 'acme',
  });
});

test('PUBLIC_URL host, the bare domain, deeper names and other domains are the main domain', () => {
  assert.equal(hostKindOf('app.example.com', rule('example.com', PUBLIC)), { kind: 'main' });
  assert.equal(hostKindOf('example.com', rule('example.com', PUBLIC)), { kind: 'main' });
  assert.equal(hostKindOf('a.b.example.com', rule('example.com', PUBLIC)), { kind: 'main' });
  assert.equal(hostKindOf('acme.example.org', rule('example.com', PUBLIC)), { kind: 'main' });
  assert.equal(hostKindOf('127.0.0.1', rule('localhost', 'http://127.0.0.1:3000')), { kind: 'main' });
  // An empty Host header leaves Express's req.hostname undefined.
  assert.equal(hostKindOf(undefined, rule('example.com', PUBLIC)), { kind: 'main' });
  assert.equal(hostKindOf('', rule('example.com', PUBLIC)), { kind: 'main' });
});

test("APP_URL's host is the service's too, never a workspace's", () => {
  const withApp = rule('example.com', PUBLIC, 'https://shop.example.com/storefront');
  assert.equal(hostKindOf('shop.example.com', withApp), { kind: 'main' });
  assert.equal(hostKindOf('SHOP.example.com.', withApp), { kind: 'main' });
  assert.equal(hostKindOf('acme.example.com', withApp), { kind: 'slug', slug: 'acme' });
});

test.run();
