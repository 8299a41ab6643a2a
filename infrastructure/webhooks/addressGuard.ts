import { promises as dnsPromises, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { ValidationError } from '../../domain/errors.js';
import { isForbiddenAddress, isIpLiteral } from '../../domain/webhooks/ipAddress.js';
import { isAllowedHost, normalizeHost } from '../../domain/webhooks/webhookUrl.js';

/**
 * Keeps webhook deliveries away from private networks after DNS: the URL check in the domain
 * only sees names, and a name can resolve (or later re-resolve, DNS rebinding) to 127.0.0.1,
 * 10.x or the cloud metadata address.
 *
 * Note that Node does not call `lookup` for IP-literal hosts, so a delivery must also run
 * validateWebhookUrl on the stored URL; this guard covers names only at connect time.
 */

/** Every A and AAAA answer for a name. Injectable so tests need no real DNS. */
export type Resolver = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsPromises.lookup(hostname, { all: true, verbatim: true });

export const FORBIDDEN_ADDRESS_CODE = 'EFORBIDDENADDRESS';

const forbiddenMessage = (field: string) => `${field} must not point to a private, loopback or link-local address`;

/**
 * Resolves `hostname` and throws ValidationError(…, field) when any answer is forbidden. Hosts
 * in `allowHosts` are trusted without resolving. A name that does not resolve (yet, or not from
 * here) is accepted: the rule refuses only private targets, and the guarded lookup refuses
 * every forbidden answer again at connect time, so nothing private is ever reached.
 */
export async function assertResolvesToPublicAddress(
  hostname: string,
  allowHosts: readonly string[],
  resolver: Resolver = systemResolver,
  field = 'url',
): Promise<void> {
  const host = normalizeHost(hostname);
  if (host === '') throw new ValidationError(`${field} must have a host`, field);
  if (isAllowedHost(host, allowHosts)) return;
  if (isIpLiteral(host)) {
    if (isForbiddenAddress(host)) throw new ValidationError(forbiddenMessage(field), field);
    return;
  }

  let answers: readonly LookupAddress[];
  try {
    answers = await resolver(host);
  } catch {
    return;
  }
  // All answers, not just the first: the connection may use any of them (happy eyeballs,
  // round robin), so one private answer is enough to reach the private network.
  if (answers.some((a) => isForbiddenAddress(a.address))) {
    throw new ValidationError(forbiddenMessage(field), field);
  }
}

/**
 * A `lookup` for net.connect, http(s).Agent / request options and got's `dnsLookup`. It
 * resolves the name itself and refuses (error code EFORBIDDENADDRESS) when an address the
 * socket could connect to is forbidden, so the check and the connection use the same answer.
 */
export function createGuardedLookup(
  allowHosts: readonly string[],
  resolver: Resolver = systemResolver,
): LookupFunction {
  return (hostname, options, callback) => {
    // Callers pass options as an object, a bare family number, or nothing.
    const opts: LookupOptions = typeof options === 'object' && options !== null ? options : {};
    const rawFamily: unknown = typeof options === 'number' ? options : opts.family;
    const family = rawFamily === 'IPv4' ? 4 : rawFamily === 'IPv6' ? 6 : Number(rawFamily) || 0;
    const cb = (typeof options === 'function' ? options : callback) as typeof callback;

    guardedResolve(hostname, family, allowHosts, resolver).then(
      (answers) => {
        if (opts.all)
          cb(
            null,
            answers.map((a) => ({ address: a.address, family: a.family })),
          );
        else cb(null, answers[0].address, answers[0].family);
      },
      (err: NodeJS.ErrnoException) => cb(err, opts.all ? [] : '', undefined),
    );
  };
}

async function guardedResolve(
  hostname: string,
  family: number,
  allowHosts: readonly string[],
  resolver: Resolver,
): Promise<LookupAddress[]> {
  const host = normalizeHost(hostname);
  const trusted = isAllowedHost(host, allowHosts);

  let answers: LookupAddress[];
  if (isIpLiteral(host)) {
    answers = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    answers = [...(await resolver(hostname))];
  }
  if (family === 4 || family === 6) answers = answers.filter((a) => a.family === family);
  if (answers.length === 0) throw lookupError('ENOTFOUND', `getaddrinfo ENOTFOUND ${hostname}`, hostname);

  if (!trusted) {
    const bad = answers.find((a) => isForbiddenAddress(a.address));
    if (bad) {
      throw lookupError(
        FORBIDDEN_ADDRESS_CODE,
        `refusing to connect to ${hostname}: it resolves to forbidden address ${bad.address}`,
        hostname,
      );
    }
  }
  return answers;
}

function lookupError(code: string, message: string, hostname: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException & { hostname?: string } = new Error(message);
  err.code = code;
  err.syscall = 'getaddrinfo';
  err.hostname = hostname;
  return err;
}
