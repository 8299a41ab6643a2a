import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanCustomData, cleanUser } from '../../web/widget/options.js';
import { validateCustomData, validateUser } from '../../domain/conversation/visitorInput.js';

test('customData over the chat API limits is clipped so the server accepts it', () => {
  const huge: Record<string, unknown> = { ['k'.repeat(65)]: 'dropped', constructor: 'dropped', long: 'v'.repeat(900) };
  for (let i = 0; i < 40; i++) huge[`key${i}`] = `value${i}`;
  const cleaned = cleanCustomData(huge);
  assert.ok(Object.keys(cleaned).length <= 20);
  assert.is(cleaned.long.length, 500);
  assert.not.ok(Object.prototype.hasOwnProperty.call(cleaned, 'constructor'));
  assert.equal(validateCustomData(cleaned), cleaned, 'the server-side rules accept the clipped data');
});

test('user fields are clipped to the server limit', () => {
  const user = cleanUser({ id: 42, email: 'a@b.test', name: 'n'.repeat(300) })!;
  assert.is(user.id, '42');
  assert.is(user.name!.length, 200);
  assert.ok(validateUser(user));
});

test.run();
