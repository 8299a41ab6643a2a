import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  validateChannel,
  validateCustomData,
  validateMessage,
  validateReason,
  validateUser,
  validateVisitorId,
} from '../../../domain/conversation/visitorInput.js';
import { ValidationError } from '../../../domain/errors.js';

const invalid = (fn: () => unknown, field: string) =>
  assert.throws(
    fn,
    (e: unknown) => e instanceof ValidationError && e.field === field,
    `expected a ValidationError on ${field}`,
  );

test('messages and reasons are trimmed, not blank, bounded', () => {
  assert.is(validateMessage('  hi  '), 'hi');
  assert.is(validateMessage('x'.repeat(2000)), 'x'.repeat(2000));
  invalid(() => validateMessage('x'.repeat(2001)), 'message');
  // Characters as a person counts them: an emoji is one, not two UTF-16 units.
  assert.is(validateMessage('😀'.repeat(2000)), '😀'.repeat(2000));
  invalid(() => validateMessage('😀'.repeat(2001)), 'message');
  assert.is(validateReason('😀'.repeat(300)), '😀'.repeat(300));
  invalid(() => validateMessage('   '), 'message');
  invalid(() => validateMessage(5), 'message');
  assert.is(validateReason(' billing '), 'billing');
  invalid(() => validateReason(''), 'reason');
  invalid(() => validateReason('r'.repeat(501)), 'reason');
});

test('visitorId and channel', () => {
  assert.is(validateVisitorId(undefined), null);
  assert.is(validateVisitorId('3f2c1a9e-7b4d-4c1e-9a2b-0c8d7e6f5a4b'), '3f2c1a9e-7b4d-4c1e-9a2b-0c8d7e6f5a4b');
  for (const bad of ['', 'a b', 'x'.repeat(101), '<script>', 7]) invalid(() => validateVisitorId(bad), 'visitorId');
  assert.is(validateChannel(undefined), 'web');
  assert.is(validateChannel('whatsapp'), 'whatsapp');
  assert.is(validateChannel(' WhatsApp '), 'whatsapp');
  assert.is(validateVisitorId('ann+shop@example.com'), 'ann+shop@example.com');
  assert.is(validateReason(undefined), 'visitor_request');
  for (const bad of ['', 'a'.repeat(33), '1web', 'we b', 3]) invalid(() => validateChannel(bad), 'channel');
});

test('customData: an object of bounded strings', () => {
  assert.equal(validateCustomData(undefined), {});
  assert.equal(validateCustomData({ platform: 'bigcommerce', storeHash: 'abc' }), {
    platform: 'bigcommerce',
    storeHash: 'abc',
  });
  invalid(() => validateCustomData([]), 'customData');
  invalid(() => validateCustomData('x'), 'customData');
  invalid(
    () => validateCustomData(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']))),
    'customData',
  );
  invalid(() => validateCustomData({ ['k'.repeat(65)]: 'v' }), 'customData');
  invalid(() => validateCustomData({ '': 'v' }), 'customData');
  invalid(() => validateCustomData(JSON.parse('{"__proto__": "v"}')), 'customData');
  invalid(() => validateCustomData({ n: 1 }), 'customData.n');
  invalid(() => validateCustomData({ long: 'v'.repeat(501) }), 'customData.long');
});

test('user: id, email and name strings only', () => {
  assert.is(validateUser(undefined), null);
  assert.is(validateUser({}), null);
  assert.equal(validateUser({ id: '42', email: 'a@b.c', name: '' }), { id: '42', email: 'a@b.c' });
  invalid(() => validateUser('ann'), 'user');
  invalid(() => validateUser({ role: 'admin' }), 'user');
  invalid(() => validateUser({ id: 42 }), 'user.id');
  invalid(() => validateUser({ name: 'n'.repeat(201) }), 'user.name');
});

test.run();
