import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hostKindOf } from '../../../api/pages/slugHost.js';

const PUBLIC = 'https://app.example.com';

test('a single label under the workspace domain is a slug host', () => {
  assert.equal(hostKindOf('acme.example.com', 'example.com', PUBLIC), { kind: 'slug', slug: 'acme' });
  assert.equal(hostKindOf('ACME.Example.com.', 'example.com', PUBLIC), { kind: 'slug', slug: 'acme' });
  assert.equal(hostKindOf('acme.localhost', 'localhost', 'http://localhost:3000'), { kind: 'slug', slug: 'acme' });
});

test('PUBLIC_URL host, the bare domain, deeper names and other domains are the main domain', () => {
  assert.equal(hostKindOf('app.example.com', 'example.com', PUBLIC), { kind: 'main' });
  assert.equal(hostKindOf('example.com', 'example.com', PUBLIC), { kind: 'main' });
  assert.equal(hostKindOf('a.b.example.com', 'example.com', PUBLIC), { kind: 'main' });
  assert.equal(hostKindOf('acme.example.org', 'example.com', PUBLIC), { kind: 'main' });
  assert.equal(hostKindOf('127.0.0.1', 'localhost', 'http://127.0.0.1:3000'), { kind: 'main' });
  // An empty Host header leaves Express's req.hostname undefined.
  assert.equal(hostKindOf(undefined, 'example.com', PUBLIC), { kind: 'main' });
  assert.equal(hostKindOf('', 'example.com', PUBLIC), { kind: 'main' });
});

test.run();
