import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { charLength } from '../../domain/charLength.js';
import { validateWebhookDescription } from '../../domain/webhooks/webhook.js';

test('charLength counts code points: emoji and astral letters are one each', () => {
  assert.is(charLength(''), 0);
  assert.is(charLength('abc'), 3);
  assert.is(charLength('😀😀'), 2);
  assert.is(charLength('𝔄é'), 2);
  assert.is('😀😀'.length, 4, 'what a UTF-16 count would say');
});

test('rules that say "at most N characters" count that way (webhook description)', () => {
  assert.is(validateWebhookDescription('😀'.repeat(500)), '😀'.repeat(500));
  assert.throws(() => validateWebhookDescription('😀'.repeat(501)), /at most 500 characters/);
});

test.run();
