/**
 * The key a client address is rate-limited under. One IPv6 subscriber usually holds a whole
 * /64 and can pick a fresh address from it for every request, so per-address limits would not
 * bind; a /64 is what one household or one server gets, so it is the unit we count. IPv4 (also
 * when the socket reports it IPv4-mapped, `::ffff:a.b.c.d`) is counted per address.
 */
import ipaddr from 'ipaddr.js';

/** Requests whose address is unknown (the socket already closed) share one bucket. */
export const UNKNOWN_CLIENT = 'unknown';

export function rateLimitKeyOf(ip: string | undefined): string {
  if (!ip) return UNKNOWN_CLIENT;
  // A zone id (`fe80::1%eth0`) names an interface of ours, not a different client.
  const address = ip.replace(/%.*$/, '');
  if (!ipaddr.isValid(address)) return ip;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = new ipaddr.IPv6([...(parsed as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}
