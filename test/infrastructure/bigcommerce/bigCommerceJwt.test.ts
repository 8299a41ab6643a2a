/** signed_payload_jwt and the Current Customer token: HS256 with the client secret, every claim checked. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT } from 'jose';
import { verifyCurrentCustomer, verifySignedPayload } from '../../../infrastructure/bigcommerce/bigCommerceJwt.js';

const opts = { clientId: 'client-1', clientSecret: 's'.repeat(40) };
const now = () => Math.floor(Date.now() / 1000);

function payload(claims: Record<string, unknown> = {}, alg = 'HS256', sub = 'stores/abc') {
  const t = now();
  return new SignJWT({
    user: { id: 9, email: 'u@x.example', locale: 'en' },
    owner: { id: 1, email: 'o@x.example' },
    ...claims,
  })
    .setProtectedHeader({ alg })
    .setIssuer('bc')
    .setAudience(opts.clientId)
    .setSubject(sub)
    .setIssuedAt(t)
    .setNotBefore(t)
    .setExpirationTime(t + 300)
    .sign(new TextEncoder().encode(opts.clientSecret));
}

test('a valid payload gives the store, the user and the owner', async () => {
  assert.equal(await verifySignedPayload(await payload(), opts), {
    storeHash: 'abc',
    user: { id: '9', email: 'u@x.example' },
    owner: { id: '1', email: 'o@x.example' },
  });
});

test('another algorithm, a missing user or a bad sub is refused', async () => {
  await assert.not.throws(async () => verifySignedPayload(await payload(), opts));
  for (const token of [
    await payload({}, 'HS512'),
    await payload({ user: null }),
    await payload({}, 'HS256', 'stores/'),
    await payload({}, 'HS256', 'store/abc'),
    await payload({}, 'HS256', 'stores/ABC!'),
  ]) {
    let refused = false;
    await verifySignedPayload(token, opts).catch(() => (refused = true));
    assert.ok(refused, token.slice(0, 30));
  }
});

test('the customer token must be for this store and this app', async () => {
  const t = now();
  const sign = (c: Record<string, unknown>, sub = 'abc') =>
    new SignJWT({
      customer: { id: 4927, email: 'john@x.example', group_id: '6' },
      store_hash: sub,
      operation: 'current_customer',
      ...c,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('bc/apps')
      .setAudience(opts.clientId)
      .setSubject(sub)
      .setIssuedAt(t)
      .setExpirationTime(t + 900)
      .sign(new TextEncoder().encode(opts.clientSecret));
  assert.equal(await verifyCurrentCustomer(await sign({}), { ...opts, storeHash: 'abc' }), {
    id: '4927',
    email: 'john@x.example',
  });
  let refused = 0;
  await verifyCurrentCustomer(await sign({}, 'other'), { ...opts, storeHash: 'abc' }).catch(() => refused++);
  await verifyCurrentCustomer(await sign({ store_hash: 'other' }), { ...opts, storeHash: 'abc' }).catch(
    () => refused++,
  );
  await verifyCurrentCustomer(await sign({ customer: 'x' }), { ...opts, storeHash: 'abc' }).catch(() => refused++);
  assert.is(refused, 3);
});

test.run();
