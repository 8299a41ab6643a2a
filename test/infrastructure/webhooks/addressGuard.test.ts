import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, connect, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import got from 'got';
import { ValidationError } from '../../../domain/errors.js';
import {
  assertResolvesToPublicAddress,
  createGuardedLookup,
  FORBIDDEN_ADDRESS_CODE,
  type Resolver,
} from '../../../infrastructure/webhooks/addressGuard.js';
import { startHttpsReceiver } from '../../support/httpsReceiver.js';

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

/** Fake DNS: a fixed answer table; unknown names fail like getaddrinfo. */
function fakeResolver(table: Record<string, LookupAddress[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const fn = async (hostname: string) => {
    calls.push(hostname);
    const answers = table[hostname.toLowerCase()];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers;
  };
  return Object.assign(fn, { calls });
}

const dns = fakeResolver({
  'loopback.example': [v4('127.0.0.1')],
  'private.example': [v4('10.0.0.1')],
  'v6loop.example': [v6('::1')],
  'metadata.example': [v4('169.254.169.254')],
  'mapped.example': [v6('::ffff:127.0.0.1')],
  'mixed.example': [v4('93.184.216.34'), v4('10.0.0.1')],
  'public.example': [v4('93.184.216.34'), v6('2606:2800:220:1:248:1893:25c8:1946')],
  'empty.example': [],
  localhost: [v4('127.0.0.1'), v6('::1')],
});

async function rejects(p: Promise<unknown>, pattern: RegExp): Promise<void> {
  try {
    await p;
  } catch (err) {
    assert.instance(err, ValidationError);
    assert.is((err as ValidationError).field, 'url');
    assert.match((err as Error).message, pattern);
    return;
  }
  assert.unreachable('expected a ValidationError');
}

const PRIVATE = /private, loopback or link-local/;

for (const host of [
  'loopback.example',
  'private.example',
  'v6loop.example',
  'metadata.example',
  'mapped.example',
  'mixed.example',
]) {
  test(`assertResolvesToPublicAddress rejects ${host}`, async () => {
    await rejects(assertResolvesToPublicAddress(host, [], dns), PRIVATE);
  });
}

test('assertResolvesToPublicAddress accepts a host with only public answers', async () => {
  await assertResolvesToPublicAddress('public.example', [], dns);
  await assertResolvesToPublicAddress('PUBLIC.example.', [], dns);
});

// The rule refuses only private targets; an unresolvable name is refused at connect time instead.
test('assertResolvesToPublicAddress accepts names that do not resolve', async () => {
  await assertResolvesToPublicAddress('nxdomain.example', [], dns);
  await assertResolvesToPublicAddress('empty.example', [], dns);
});

test('assertResolvesToPublicAddress trusts allowHosts without resolving', async () => {
  const before = dns.calls.length;
  await assertResolvesToPublicAddress('loopback.example', ['LOOPBACK.example'], dns);
  await assertResolvesToPublicAddress('localhost', ['localhost'], dns);
  assert.is(dns.calls.length, before);
});

test('assertResolvesToPublicAddress checks IP literals without DNS', async () => {
  const before = dns.calls.length;
  await rejects(assertResolvesToPublicAddress('[::1]', [], dns), PRIVATE);
  await rejects(assertResolvesToPublicAddress('2130706433', [], dns), PRIVATE);
  await assertResolvesToPublicAddress('93.184.216.34', [], dns);
  assert.is(dns.calls.length, before);
});

test('with the real system resolver: 127.0.0.1 literal rejected, allowed when allow-listed', async () => {
  await rejects(assertResolvesToPublicAddress('127.0.0.1', []), PRIVATE);
  await assertResolvesToPublicAddress('127.0.0.1', ['127.0.0.1']);
});

test('with the real system resolver: localhost resolves to loopback and is rejected', async () => {
  await rejects(assertResolvesToPublicAddress('localhost', []), PRIVATE);
  await assertResolvesToPublicAddress('localhost', ['localhost']);
});

function lookupOnce(
  lookup: ReturnType<typeof createGuardedLookup>,
  hostname: string,
  options: Parameters<ReturnType<typeof createGuardedLookup>>[1],
): Promise<{ address: string | LookupAddress[]; family?: number }> {
  return new Promise((resolve, reject) => {
    lookup(hostname, options, (err, address, family) => (err ? reject(err) : resolve({ address, family })));
  });
}

async function lookupCode(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code;
  }
}

test('guarded lookup refuses forbidden answers with EFORBIDDENADDRESS', async () => {
  const lookup = createGuardedLookup([], dns);
  for (const host of ['loopback.example', 'private.example', 'v6loop.example', 'mixed.example']) {
    assert.is(await lookupCode(lookupOnce(lookup, host, {})), FORBIDDEN_ADDRESS_CODE, host);
    assert.is(await lookupCode(lookupOnce(lookup, host, { all: true })), FORBIDDEN_ADDRESS_CODE, host);
  }
  assert.is(await lookupCode(lookupOnce(lookup, '127.0.0.1', {})), FORBIDDEN_ADDRESS_CODE);
});

test('guarded lookup returns public answers in both single and all modes', async () => {
  const lookup = createGuardedLookup([], dns);
  assert.equal(await lookupOnce(lookup, 'public.example', {}), { address: '93.184.216.34', family: 4 });
  assert.equal(await lookupOnce(lookup, 'public.example', { family: 6 }), {
    address: '2606:2800:220:1:248:1893:25c8:1946',
    family: 6,
  });
  const all = await lookupOnce(lookup, 'public.example', { all: true });
  assert.equal(all.address, [v4('93.184.216.34'), v6('2606:2800:220:1:248:1893:25c8:1946')]);
});

test('guarded lookup passes DNS failures through and lets allow-listed hosts resolve privately', async () => {
  assert.is(await lookupCode(lookupOnce(createGuardedLookup([], dns), 'nxdomain.example', {})), 'ENOTFOUND');
  const trusted = createGuardedLookup(['loopback.example'], dns);
  assert.equal(await lookupOnce(trusted, 'loopback.example', {}), { address: '127.0.0.1', family: 4 });
});

test('DNS rebinding: a name that was public at validation is refused at connect time', async () => {
  let answer = '93.184.216.34';
  const rebinding: Resolver = async () => [v4(answer)];
  await assertResolvesToPublicAddress('rebind.example', [], rebinding);
  answer = '127.0.0.1';

  const server: Server = createServer((s) => s.end('reached'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  try {
    const connect_ = (autoSelectFamily: boolean) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect({
          host: 'rebind.example',
          port,
          lookup: createGuardedLookup([], rebinding),
          autoSelectFamily,
        });
        socket.on('error', (err: NodeJS.ErrnoException) => reject(err));
        socket.on('data', (d) => resolve(d.toString()));
      });
    for (const auto of [false, true]) {
      assert.is(await lookupCode(connect_(auto)), FORBIDDEN_ADDRESS_CODE, `autoSelectFamily=${auto}`);
    }
  } finally {
    await new Promise((r) => server.close(r));
  }
});

test('works as got dnsLookup: refused unless allow-listed, then reaches the real receiver', async () => {
  const receiver = await startHttpsReceiver();
  const localDns = fakeResolver({ localhost: [v4('127.0.0.1')] });
  const url = `https://localhost:${receiver.port}/hook`;
  const options = { https: { certificateAuthority: receiver.caPem }, retry: { limit: 0 }, body: '{}' };
  try {
    let code: string | undefined;
    try {
      await got.post(url, { ...options, dnsLookup: createGuardedLookup([], localDns) });
    } catch (err) {
      code = (err as { code?: string }).code;
    }
    assert.is(code, FORBIDDEN_ADDRESS_CODE);
    assert.is(receiver.requests.length, 0);

    const res = await got.post(url, { ...options, dnsLookup: createGuardedLookup(['localhost'], localDns) });
    assert.is(res.statusCode, 200);
    assert.is(receiver.requests.length, 1);
    assert.ok(localDns.calls.includes('localhost'));
  } finally {
    await receiver.close();
  }
});

test.run();
