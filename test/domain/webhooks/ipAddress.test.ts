import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isForbiddenAddress, isIpLiteral } from '../../../domain/webhooks/ipAddress.js';

const forbidden: Array<[string, string]> = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback /8'],
  ['10.0.0.1', 'private 10/8'],
  ['172.16.0.1', 'private 172.16/12 start'],
  ['172.31.255.255', 'private 172.16/12 end'],
  ['192.168.1.1', 'private 192.168/16'],
  ['169.254.169.254', 'link-local / cloud metadata'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', '0.0.0.0/8'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT end'],
  ['224.0.0.1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.10', 'TEST-NET-1'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.9', 'TEST-NET-3'],
  ['198.18.0.1', 'benchmarking'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['127.1', 'short loopback'],
  ['2130706433', 'decimal loopback'],
  ['0x7f.0.0.1', 'hex loopback'],
  ['0177.0.0.1', 'octal loopback'],
  ['127.0.0.1.', 'loopback with trailing dot'],
  ['::1', 'IPv6 loopback'],
  ['[::1]', 'bracketed IPv6 loopback'],
  ['0:0:0:0:0:0:0:1', 'long IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with zone'],
  ['fc00::1', 'unique local fc00::/7'],
  ['fd12:3456::1', 'unique local fd'],
  ['ff02::1', 'IPv6 multicast'],
  ['fec0::1', 'deprecated site-local'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:0:127.0.0.1', 'RFC 6145 translated loopback'],
  ['::7f00:1', 'IPv4-compatible loopback'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
  ['64:ff9b:1::5db8:d822', 'NAT64 local-use prefix'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
  ['2001:0:5db8:d822:0:0:80ff:fffe', 'Teredo with client 127.0.0.1'],
  ['100::1', 'discard prefix'],
  ['not-an-ip', 'garbage fails closed'],
  ['', 'empty fails closed'],
  ['1.2.3.4.5', 'too many parts fails closed'],
];

for (const [ip, why] of forbidden) {
  test(`forbids ${ip} (${why})`, () => {
    assert.is(isForbiddenAddress(ip), true);
  });
}

const allowed: Array<[string, string]> = [
  ['93.184.216.34', 'public IPv4'],
  ['8.8.8.8', 'public IPv4'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.1', 'just above 172.16/12'],
  ['100.63.255.255', 'just below CGNAT'],
  ['100.128.0.1', 'just above CGNAT'],
  ['2606:2800:220:1:248:1893:25c8:1946', 'public IPv6'],
  ['[2001:4860:4860::8888]', 'bracketed public IPv6'],
  ['::ffff:93.184.216.34', 'IPv4-mapped public'],
  ['64:ff9b::5db8:d822', 'DNS64 answer for a public IPv4'],
  ['2002:5db8:d822::1', '6to4 of a public IPv4'],
];

for (const [ip, why] of allowed) {
  test(`allows ${ip} (${why})`, () => {
    assert.is(isForbiddenAddress(ip), false);
  });
}

test('isIpLiteral recognises every spelling and rejects names', () => {
  for (const s of ['127.0.0.1', '2130706433', '0x7f.1', '[::1]', '::ffff:7f00:1']) assert.ok(isIpLiteral(s), s);
  for (const s of ['example.com', 'localhost', '', '1.2.3.4.5']) assert.not.ok(isIpLiteral(s), s);
});

test.run();
