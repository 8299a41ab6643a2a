/** One-line text as people type it: control characters and line breaks are refused, naming the field. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../domain/errors.js';
import { refuseControlCharacters } from '../../domain/singleLineText.js';

test('refuseControlCharacters: line breaks, tabs and other control characters are refused, naming the field', () => {
  assert.is(refuseControlCharacters('Ünïcødé 🤖 <b>', '--name'), 'Ünïcødé 🤖 <b>');
  for (const raw of ['a\nb', 'a\r', '\tx', 'x\u0000', 'x\u007f', 'x\u0085', 'x\u2028', 'x\u2029']) {
    assert.throws(() => refuseControlCharacters(raw, '--name'), (e: Error) => e instanceof ValidationError && e.message === '--name must be a single line without control characters', JSON.stringify(raw));
  }
});

test.run();
