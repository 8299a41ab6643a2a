// web/widget/inputs.ts: a question's input as the widget reads it, how the text field is set
// up for it, and that every answer a button sends is one the chat API accepts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  choicesAnswer,
  fieldFor,
  inputOf,
  rangeHint,
  ratingAnswer,
  ratingName,
  ratingRange,
} from '../../web/widget/inputs.js';
import { checkAnswer } from '../../domain/flow/answerValidation.js';

const OPTIONS = [
  { label: 'Cheese', value: 'cheese' },
  { label: 'Olives', value: 'olive' },
  { label: 'Basil', value: 'basil' },
];

test('inputOf keeps what the chat API sends and drops what it does not know', () => {
  assert.equal(inputOf({ type: 'choice', options: OPTIONS, multiple: true, next: 'x' }), {
    type: 'choice',
    options: OPTIONS,
    multiple: true,
  });
  assert.equal(inputOf({ type: 'number', min: 1, max: 'ten' }), { type: 'number', min: 1 });
  assert.equal(inputOf({ type: 'rating', max: 10 }), { type: 'rating', max: 10 });
  assert.equal(inputOf({ type: 'rating', max: 7 }), { type: 'rating', max: 5 });
  assert.equal(inputOf({ type: 'phone', retryMessage: 'x' }), { type: 'phone' });
});

test('inputOf refuses malformed input: unknown types, bad options, non-objects', () => {
  assert.is(inputOf(undefined), undefined);
  assert.is(inputOf('choice'), undefined);
  assert.is(inputOf({ type: 'signature' }), undefined);
  assert.is(inputOf({ type: '__proto__' }), undefined);
  // Options that are not {label, value} strings are left out; none left is a text question.
  assert.equal(inputOf({ type: 'choice', options: [{ label: 'A' }, { label: ' ', value: 'b' }, 3, null] }), {
    type: 'text',
  });
  const many = Array.from({ length: 30 }, (_, i) => ({ label: `L${i}`, value: `v${i}` }));
  assert.is(inputOf({ type: 'choice', options: many })!.options!.length, 20);
  assert.equal(inputOf({ type: 'choice', options: [{ label: 1, value: 'b' }] }), { type: 'text' });
});

test('the text field gets the keyboard and autofill of each type', () => {
  const setup = (type: string) => {
    const f = fieldFor(inputOf({ type }));
    return [f.type, f.inputMode, f.autocomplete];
  };
  assert.equal(setup('phone'), ['tel', 'tel', 'tel']);
  assert.equal(setup('email'), ['email', 'email', 'email']);
  assert.equal(setup('url'), ['url', 'url', 'url']);
  assert.equal(setup('text'), ['text', 'text', 'off']);
  assert.equal(setup('date'), ['text', 'text', 'off']);
  assert.equal(fieldFor(), fieldFor(inputOf({ type: 'text' })), 'no question: a plain message field');
  assert.match(fieldFor(inputOf({ type: 'date' })).hint, '31 March 2026');
  assert.match(fieldFor(inputOf({ type: 'choice', options: OPTIONS })).placeholder, 'Or type');
});

test('numbers: a decimal keypad only when nothing negative is allowed, and the range as a hint', () => {
  assert.is(fieldFor({ type: 'number', min: 0, max: 10 }).inputMode, 'decimal');
  assert.is(fieldFor({ type: 'number', min: -5 }).inputMode, 'text');
  assert.is(fieldFor({ type: 'number' }).inputMode, 'text');
  assert.is(fieldFor({ type: 'number', min: 1, max: 10 }).hint, 'A number from 1 to 10');
  assert.is(rangeHint(2.5), 'A number of at least 2.5');
  assert.is(rangeHint(undefined, 99), 'A number of at most 99');
  assert.is(rangeHint(), '');
});

test('ratings: the scale, names a screen reader says, and answers', () => {
  assert.equal(ratingRange({ type: 'rating', max: 5 }), [1, 5]);
  assert.equal(ratingRange({ type: 'rating', max: 10 }), [0, 10]);
  assert.is(ratingName(1, 5), '1 of 5 star');
  assert.is(ratingName(3, 5), '3 of 5 stars');
  assert.is(ratingName(7, 10), '7 of 10');
  assert.is(ratingAnswer(4, 5), '4/5');
});

test('every answer a button sends passes the chat API check and stores what the visitor picked', () => {
  const multiple = { type: 'choice' as const, options: OPTIONS, multiple: true };
  const picked = choicesAnswer(OPTIONS, ['basil', 'cheese']);
  assert.is(picked, 'Cheese, Basil', "labels, in the options' order");
  assert.equal(checkAnswer(multiple, picked), { ok: true, value: 'cheese, basil' });
  assert.equal(checkAnswer({ type: 'choice', options: OPTIONS }, 'Olives'), { ok: true, value: 'olive' });
  for (const [max, n] of [
    [5, 1],
    [5, 5],
    [10, 0],
    [10, 10],
  ] as const) {
    assert.equal(checkAnswer({ type: 'rating', max }, ratingAnswer(n, max)), { ok: true, value: String(n) });
  }
  assert.equal(checkAnswer({ type: 'yesno' }, 'Yes'), { ok: true, value: 'yes' });
  assert.equal(checkAnswer({ type: 'yesno' }, 'No'), { ok: true, value: 'no' });
});

test.run();
