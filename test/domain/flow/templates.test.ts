import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  firstPlaceholderIndex,
  renderHeader,
  renderText,
  renderUrl,
  templateVariables,
} from '../../../domain/flow/templates.js';

test('texts render own variables only, unknown ones empty', () => {
  assert.is(renderText('Hi {{ name }}{{missing}}{{toString}}!', { name: 'Ann' }), 'Hi Ann!');
});

test('templateVariables lists each name read once, in order', () => {
  assert.equal(templateVariables('{{b}} {{ a }} {{b}} {{1x}} {x}'), ['b', 'a']);
  assert.equal(templateVariables('none'), []);
});

test('firstPlaceholderIndex finds the first real placeholder', () => {
  assert.is(firstPlaceholderIndex('https://x.io/{{id}}'), 13);
  assert.is(firstPlaceholderIndex('{{ 1 }} plain'), -1);
});

test('URLs get each value percent-encoded, so an answer stays in its segment', () => {
  assert.is(
    renderUrl('https://api.example.com/orders/{{id}}?q={{q}}', { id: '../admin', q: 'a&b=c #x' }),
    'https://api.example.com/orders/..%2Fadmin?q=a%26b%3Dc%20%23x',
  );
});

test('headers get control characters as spaces, so an answer cannot add a header', () => {
  assert.is(renderHeader('Bearer {{t}}', { t: 'abc\r\nX-Evil: 1' }), 'Bearer abc  X-Evil: 1');
});

test.run();
