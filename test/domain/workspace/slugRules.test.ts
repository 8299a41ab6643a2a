import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkSlugRules, RESERVED_PREFIXES, RESERVED_SLUGS } from '../../../domain/workspace/slugRules.js';

const reason = (s: unknown) => {
  const v = checkSlugRules(s);
  return v.ok ? null : v.reason;
};

test('valid slugs pass and are lowercased', () => {
  assert.equal(checkSlugRules('Acme-Shop'), { ok: true, slug: 'acme-shop' });
  for (const s of ['abcd', 'acme2024', 'a-b-cde', 'shop-15-chars-x'.slice(0, 15)]) assert.is(reason(s), null, s);
});

test('every rule answers with a reason a person understands', () => {
  assert.match(reason('abc')!, /Too short/);
  assert.match(reason('abcdefghijklmnop')!, /Too long/);
  assert.match(reason('acme_shop')!, /lowercase letters, digits and hyphens/);
  assert.match(reason('1acme')!, /start with a letter/);
  assert.match(reason('acme-')!, /end with a hyphen/);
  assert.match(reason('ac--me')!, /two hyphens/);
  assert.match(reason('a1b2c3')!, /3 letters in a row/);
  assert.match(reason('admin')!, /reserved word/);
  assert.match(reason('staging-acme')!, /starting with "staging-"/);
  assert.match(reason(42)!, /text/);
});

test('the reserved list holds the seed examples, more than 70 others, and what a SaaS must never hand out', () => {
  for (const w of [
    'app',
    'api',
    'www',
    'admin',
    'login',
    'cdn',
    'mail',
    'support',
    'status',
    'billing',
    'dashboard',
    'auth',
    'sso',
    'static',
    'assets',
    'docs',
    'blog',
    'help',
  ]) {
    assert.ok(RESERVED_SLUGS.has(w), w);
  }
  assert.ok(RESERVED_SLUGS.size > 77, String(RESERVED_SLUGS.size));
  assert.equal(
    [...RESERVED_PREFIXES],
    ['api-', 'admin-', 'mail-', 'www-', 'dev-', 'staging-', 'test-', 'cdn-', 'confab-'],
  );
});

test("the brand and its look-alikes are the product's: confab, confab-anything", () => {
  assert.match(reason('confab')!, /reserved word/);
  for (const s of ['confab-support', 'Confab-Help', 'confab-team1'])
    assert.match(reason(s)!, /starting with "confab-"/, s);
});

test("the service's own host labels are refused when given, and only then", () => {
  assert.is(reason('chatter'), null);
  assert.is(checkSlugRules('Chatter', ['chatter', 'shopfront']).ok, false, 'case ignored');
  const v = checkSlugRules('shopfront', ['chatter', 'shopfront']);
  assert.ok(!v.ok && /this service's own address/.test(v.reason));
  assert.equal(checkSlugRules('acme-shop', ['chatter']), { ok: true, slug: 'acme-shop' });
});

test.run();
