/** Text as people type it: control characters are refused, naming the field; paragraphs keep their line breaks and tabs. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../domain/errors.js';
import { refuseControlCharacters, refuseControlCharactersInParagraphs } from '../../domain/controlCharacters.js';

test('refuseControlCharacters: line breaks, tabs and other control characters are refused, naming the field', () => {
  assert.is(refuseControlCharacters('Ünïcødé 🤖 <b>', '--name'), 'Ünïcødé 🤖 <b>');
  for (const raw of ['a\nb', 'a\r', '\tx', 'x\u0000', 'x\u007f', 'x\u0085', 'x\u2028', 'x\u2029']) {
    assert.throws(
      () => refuseControlCharacters(raw, '--name'),
      (e: Error) =>
        e instanceof ValidationError && e.message === '--name must be a single line without control characters',
      JSON.stringify(raw),
    );
  }
});

test('refuseControlCharactersInParagraphs: line breaks and tabs stay, every other control character is refused', () => {
  const paragraph = 'First line\r\n\tindented\nlast\u2028line 🤖';
  assert.is(refuseControlCharactersInParagraphs(paragraph, 'description'), paragraph);
  for (const raw of [
    'a\u0000b',
    'bell\u0007',
    'a\u000bb',
    'form\u000cfeed',
    'esc\u001b[31m',
    'x\u007f',
    'x\u0085',
    'x\u009b',
  ]) {
    assert.throws(
      () => refuseControlCharactersInParagraphs(raw, 'description'),
      (e: Error) =>
        e instanceof ValidationError &&
        e.message === 'description must not contain control characters (line breaks and tabs are fine)',
      JSON.stringify(raw),
    );
  }
});

test.run();
