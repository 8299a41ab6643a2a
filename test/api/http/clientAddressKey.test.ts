/** The rate-limit key of a client address: IPv4 per address, IPv6 per /64. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rateLimitKeyOf, UNKNOWN_CLIENT } from '../../../api/http/clientAddressKey.js';

test('IPv4 is keyed by the address itself', () => {
  assert.is(rateLimitKeyOf('203.0.113.7'), '203.0.113.7');
  assert.is.not(rateLimitKeyOf('203.0.113.7'), rateLimitKeyOf('203.0.113.8'));
});

test('IPv4-mapped IPv6 (what a dual-stack socket reports) is the IPv4 address', () => {
  assert.is(rateLimitKeyOf('::ffff:203.0.113.7'), '203.0.113.7');
  assert.is(rateLimitKeyOf('::ffff:cb00:7107'), '203.0.113.7');
});

test('IPv6 addresses of one /64 share a key, whatever their spelling', () => {
  const key = rateLimitKeyOf('2001:db8:1:2::1');
  assert.is(key, '2001:db8:1:2::/64');
  assert.is(rateLimitKeyOf('2001:0db8:0001:0002:ffff:ffff:ffff:fffe'), key);
  assert.is(rateLimitKeyOf('2001:DB8:1:2:a:b:c:d'), key);
  assert.is(rateLimitKeyOf('fe80::1%eth0'), 'fe80::/64');
});

test('IPv6 addresses of neighbouring /64s do not', () => {
  assert.is.not(rateLimitKeyOf('2001:db8:1:2::1'), rateLimitKeyOf('2001:db8:1:3::1'));
  assert.is(rateLimitKeyOf('::1'), '::/64');
});

test('no address shares one bucket; an unparsable one is kept as it is', () => {
  assert.is(rateLimitKeyOf(undefined), UNKNOWN_CLIENT);
  assert.is(rateLimitKeyOf(''), UNKNOWN_CLIENT);
  assert.is(rateLimitKeyOf('not-an-ip'), 'not-an-ip');
});

test.run();
