import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../domain/errors.js';
import {
  isAllowedHost,
  normalizeHost,
  validateWebhookUrl,
  webhookUrlKey,
} from '../../../domain/webhooks/webhookUrl.js';

function rejection(raw: unknown, allowHosts: readonly string[] = []): ValidationError {
  try {
    validateWebhookUrl(raw, allowHosts);
  } catch (err) {
    assert.instance(err, ValidationError);
    assert.is((err as ValidationError).field, 'url');
    return err as ValidationError;
  }
  assert.unreachable(`expected ${String(raw)} to be rejected`);
  throw new Error('unreachable');
}

const PRIVATE = /private, loopback or link-local/;

const rejected: Array<[unknown, RegExp]> = [
  ['http://example.com/hook', /must use https/],
  ['javascript:alert(1)', /must use https/],
  ['file:///etc/passwd', /must use https/],
  ['data:text/plain,hi', /must use https/],
  ['ftp://example.com/x', /must use https/],
  ['ws://example.com/x', /must use https/],
  ['HTTP://example.com/', /must use https/],
  ['https://localhost/hook', /localhost/],
  ['https://LOCALHOST/hook', /localhost/],
  ['https://localhost./hook', /localhost/],
  ['https://localhost../hook', /localhost/],
  ['https://sub.localhost/hook', /localhost/],
  ['https://a.b.localhost./hook', /localhost/],
  ['https://printer.local/hook', /local or internal/],
  ['https://metadata.google.internal/computeMetadata/v1/', /local or internal/],
  ['https://router.home.arpa/', /local or internal/],
  ['https://metadata/', /fully qualified/],
  ['https://127.0.0.1/hook', PRIVATE],
  ['https://127.0.0.1./hook', PRIVATE],
  ['https://127.0.0.1:8443/hook', PRIVATE],
  ['https://127.1/hook', PRIVATE],
  ['https://2130706433/hook', PRIVATE],
  ['https://0x7f000001/hook', PRIVATE],
  ['https://0x7f.1/hook', PRIVATE],
  ['https://0177.0.0.1/hook', PRIVATE],
  ['https://%31%32%37.0.0.1/hook', PRIVATE],
  ['https://0.0.0.0/hook', PRIVATE],
  ['https://0/hook', PRIVATE],
  ['https://10.0.0.1/hook', PRIVATE],
  ['https://10.255.255.255/hook', PRIVATE],
  ['https://172.16.0.1/hook', PRIVATE],
  ['https://172.31.0.1/hook', PRIVATE],
  ['https://192.168.0.1/hook', PRIVATE],
  ['https://169.254.169.254/latest/meta-data/', PRIVATE],
  ['https://100.64.0.1/hook', PRIVATE],
  ['https://224.0.0.1/hook', PRIVATE],
  ['https://[::1]/hook', PRIVATE],
  ['https://[::]/hook', PRIVATE],
  ['https://[0:0:0:0:0:0:0:1]/hook', PRIVATE],
  ['https://[::ffff:127.0.0.1]/hook', PRIVATE],
  ['https://[::ffff:7f00:1]/hook', PRIVATE],
  ['https://[::ffff:a9fe:a9fe]/hook', PRIVATE],
  ['https://[fe80::1]/hook', PRIVATE],
  ['https://[fc00::1]/hook', PRIVATE],
  ['https://[fd00::1]/hook', PRIVATE],
  ['https://[64:ff9b::7f00:1]/hook', PRIVATE],
  ['https://user:pass@example.com/hook', /username or password/],
  ['https://user@example.com/hook', /username or password/],
  ['https://:secret@example.com/hook', /username or password/],
  ['https://./hook', /must have a host/],
  ['not a url', /valid absolute URL/],
  ['/relative/path', /valid absolute URL/],
  ['https://exa mple.com/', /valid absolute URL/],
  ['', /required/],
  ['   ', /required/],
  [42, /must be a string/],
  [null, /must be a string/],
  [undefined, /must be a string/],
  [{ href: 'https://example.com' }, /must be a string/],
  [new URL('https://example.com/hook'), /must be a string/],
  [`https://example.com/${'a'.repeat(2048)}`, /at most 2048 characters/],
];

for (const [raw, message] of rejected) {
  const label =
    typeof raw === 'string' ? (raw.length > 80 ? `${raw.slice(0, 40)}… (${raw.length} chars)` : raw) : String(raw);
  test(`rejects ${label}`, () => {
    assert.match(rejection(raw).message, message);
  });
}

test('accepts a public https URL and returns it normalized', () => {
  assert.is(validateWebhookUrl('https://example.com/hook', []), 'https://example.com/hook');
  assert.is(validateWebhookUrl('https://Example.COM:443/a?b=1', []), 'https://example.com/a?b=1');
  assert.is(validateWebhookUrl('https://hooks.example.com:8443/x', []), 'https://hooks.example.com:8443/x');
});

test('accepts a public IPv4 and IPv6 literal', () => {
  assert.is(validateWebhookUrl('https://93.184.216.34/x', []), 'https://93.184.216.34/x');
  assert.is(
    validateWebhookUrl('https://[2606:2800:220:1:248:1893:25c8:1946]/x', []),
    'https://[2606:2800:220:1:248:1893:25c8:1946]/x',
  );
});

test('accepts a URL of exactly 2048 characters', () => {
  const base = 'https://example.com/';
  const raw = base + 'a'.repeat(2048 - base.length);
  assert.is(raw.length, 2048);
  assert.is(validateWebhookUrl(raw, []), raw);
});

test('allowHosts exempts 127.0.0.1 in any spelling', () => {
  const allow = ['127.0.0.1'];
  assert.is(validateWebhookUrl('https://127.0.0.1:8443/hook', allow), 'https://127.0.0.1:8443/hook');
  assert.is(validateWebhookUrl('https://2130706433/hook', allow), 'https://127.0.0.1/hook');
  // Only that exact host: its neighbour stays forbidden.
  assert.match(rejection('https://127.0.0.2/hook', allow).message, PRIVATE);
});

test('allowHosts exempts localhost case-insensitively, ignoring trailing dots', () => {
  assert.is(validateWebhookUrl('https://localhost:3000/hook', ['localhost']), 'https://localhost:3000/hook');
  assert.is(validateWebhookUrl('https://localhost./hook', ['LOCALHOST']), 'https://localhost./hook');
  assert.is(validateWebhookUrl('https://LocalHost/hook', ['localhost.']), 'https://localhost/hook');
  // Exact match only: no implicit wildcard for subdomains.
  assert.match(rejection('https://sub.localhost/hook', ['localhost']).message, /localhost/);
});

test('allowHosts exempts IPv6 literals written with or without brackets', () => {
  assert.is(validateWebhookUrl('https://[::1]/hook', ['::1']), 'https://[::1]/hook');
  assert.is(validateWebhookUrl('https://[0:0:0:0:0:0:0:1]/hook', ['[::1]']), 'https://[::1]/hook');
});

test('allowHosts never relaxes https or the credential rule', () => {
  assert.match(rejection('http://127.0.0.1/hook', ['127.0.0.1']).message, /must use https/);
  assert.match(rejection('http://localhost/hook', ['localhost']).message, /must use https/);
  assert.match(rejection('https://u:p@localhost/hook', ['localhost']).message, /username or password/);
});

test('normalizeHost canonicalizes names and IP spellings', () => {
  assert.is(normalizeHost('Example.COM.'), 'example.com');
  assert.is(normalizeHost('[::1]'), '::1');
  assert.is(normalizeHost('0:0:0:0:0:0:0:1'), '::1');
  assert.is(normalizeHost('0x7f.1'), '127.0.0.1');
  assert.is(normalizeHost('  '), '');
  assert.ok(isAllowedHost('127.1', ['127.0.0.1']));
  assert.not.ok(isAllowedHost('', ['']));
  assert.not.ok(isAllowedHost('evil.example.com', ['example.com']));
});

const HOOK = 'https://example.com/hook';
const sameKey = (spelling: string, canonical = HOOK) => assert.is(webhookUrlKey(spelling), canonical, spelling);

test('webhookUrlKey drops the fragment, empty or not', () => {
  sameKey('https://example.com/hook#frag');
  sameKey('https://example.com/hook#');
  sameKey('https://example.com/hook?a=1#frag', 'https://example.com/hook?a=1');
});

test('webhookUrlKey drops an empty query', () => {
  sameKey('https://example.com/hook?');
  sameKey('https://example.com/hook?#frag');
});

test('webhookUrlKey drops the default port of the scheme only', () => {
  sameKey('https://example.com:443/hook');
  sameKey('http://example.com:80/hook', 'http://example.com/hook');
  sameKey('https://example.com:80/hook', 'https://example.com:80/hook');
  sameKey('http://example.com:443/hook', 'http://example.com:443/hook');
  sameKey('https://example.com:8443/hook', 'https://example.com:8443/hook');
});

test('webhookUrlKey lowercases scheme and host', () => {
  sameKey('HTTPS://Example.COM/hook');
  sameKey('HtTpS://EXAMPLE.com:443/hook');
});

test('webhookUrlKey strips the trailing dot of the host', () => {
  sameKey('https://example.com./hook');
  sameKey('https://Example.com.:443/hook?#x');
  sameKey('https://93.184.216.34./hook', 'https://93.184.216.34/hook');
});

test('webhookUrlKey keeps path and non-empty query exactly', () => {
  const distinct = [
    HOOK,
    'https://example.com/Hook',
    'https://example.com/hook/',
    'https://example.com/other',
    'https://example.com/hook?a=1',
    'https://example.com/hook?A=1',
    'https://example.com/hook?a=2',
    'https://example.com/hook?a=1&b=2',
    'https://example.com/hook?b=2&a=1',
    'https://example.com/hook??',
    'https://other.example.com/hook',
  ];
  for (const url of distinct) sameKey(url, url);
  assert.is(new Set(distinct.map(webhookUrlKey)).size, distinct.length);
});

test('webhookUrlKey: text that is no URL is a ValidationError on url', () => {
  assert.throws(
    () => webhookUrlKey('not a url'),
    (e: unknown) => e instanceof ValidationError && e.field === 'url',
  );
});

test.run();
