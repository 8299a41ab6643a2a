import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/**
 * True for every address a webhook must not be delivered to: anything that is not a public
 * unicast address. Unparseable input counts as forbidden so a caller that forgets to validate
 * first still fails closed.
 *
 * Accepts the spellings getaddrinfo/inet_aton would also accept ("127.1", "2130706433",
 * "0x7f.0.0.1"), bracketed IPv6 ("[::1]") and zone ids ("fe80::1%eth0").
 */
export function isForbiddenAddress(ip: string): boolean {
  const addr = parseAddress(ip);
  if (!addr) return true;
  return addr.kind() === 'ipv4' ? !isPublicIPv4(addr as IPv4) : !isPublicIPv6(addr as IPv6);
}

/** True when `value` is an IP literal in any spelling `isForbiddenAddress` understands. */
export function isIpLiteral(value: string): boolean {
  return parseAddress(value) !== undefined;
}

function parseAddress(raw: string): IPv4 | IPv6 | undefined {
  if (typeof raw !== 'string') return undefined;
  let text = raw.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  // A trailing dot is still the same IPv4 address to the resolver ("127.0.0.1.").
  if (!text.includes(':')) text = text.replace(/\.+$/, '');
  if (!ipaddr.isValid(text)) return undefined;
  try {
    return ipaddr.parse(text);
  } catch {
    return undefined;
  }
}

function isPublicIPv4(addr: IPv4): boolean {
  return addr.range() === 'unicast';
}

function isPublicIPv6(addr: IPv6): boolean {
  const embedded = embeddedIPv4(addr);
  if (embedded !== undefined) return embedded.every(isPublicIPv4);
  if (addr.range() !== 'unicast') return false;
  // ipaddr.js calls everything it has no name for "unicast", including unallocated space and
  // IPv4-compatible addresses (::7f00:1); only 2000::/3 is handed out as global unicast.
  return addr.match(GLOBAL_UNICAST);
}

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [IPv6, number];

/**
 * IPv6 forms that carry an IPv4 address the packet really ends up at (or that a translator
 * uses). They are judged by the IPv4 inside, so [::ffff:127.0.0.1] is loopback, while a
 * DNS64 answer for a public host (64:ff9b::5db8:d822) stays deliverable.
 * Returns undefined when the address is not such a form; an empty array never happens.
 */
function embeddedIPv4(addr: IPv6): IPv4[] | undefined {
  const p = addr.parts;
  switch (addr.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return [v4(p[6], p[7])];
    case 'rfc6052':
      // Only the well-known prefix 64:ff9b::/96 embeds the address at a fixed place; the
      // local-use prefix 64:ff9b:1::/48 is site-specific, so it never counts as public.
      return p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0 ? [v4(p[6], p[7])] : [UNSPECIFIED_V4];
    case '6to4': // 2002:AABB:CCDD::/48 routes to the 6to4 relay at AA.BB.CC.DD
      return [v4(p[1], p[2])];
    case 'teredo':
      // 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, client address stored bit-inverted.
      return [v4(p[2], p[3]), v4(~p[6] & 0xffff, ~p[7] & 0xffff)];
    default:
      return undefined;
  }
}

const UNSPECIFIED_V4 = new ipaddr.IPv4([0, 0, 0, 0]);

function v4(high: number, low: number): IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
