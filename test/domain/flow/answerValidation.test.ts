import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { checkAnswer, retryMessageFor } from '../../../domain/flow/answerValidation.js';
import type { AnswerInput } from '../../../domain/flow/flowGraph.js';

const accepts = (input: AnswerInput, answer: string, value: string, next?: string) =>
  assert.equal(
    checkAnswer(input, answer),
    next === undefined ? { ok: true, value } : { ok: true, value, next },
    answer,
  );
const refuses = (input: AnswerInput, answer: string) => assert.equal(checkAnswer(input, answer), { ok: false }, answer);

test('text: any non-blank answer, trimmed, at most 2000 characters', () => {
  accepts({ type: 'text' }, '  Ann  ', 'Ann');
  accepts({ type: 'text' }, '😀'.repeat(2000), '😀'.repeat(2000));
  refuses({ type: 'text' }, '   ');
  refuses({ type: 'text' }, 'x'.repeat(2001));
});

test('email: a plausible address, domain lowercased', () => {
  accepts({ type: 'email' }, ' Ann.Lee+tag@Example.COM ', 'Ann.Lee+tag@example.com');
  for (const bad of ['ann', 'ann@', '@example.com', 'ann@example', 'a b@example.com', 'ann@@example.com', 'a<b>@x.com'])
    refuses({ type: 'email' }, bad);
});

test('phone: spaces, dashes, dots and brackets dropped, 00 read as +', () => {
  accepts({ type: 'phone' }, '+49 30 1234-5678', '+493012345678');
  accepts({ type: 'phone' }, '0049 (30) 123.456', '+4930123456');
  accepts({ type: 'phone' }, '030 123456', '030123456');
  for (const bad of ['12345', 'call me', '+49 30 12a45', '+1234567890123456', '++4930123456'])
    refuses({ type: 'phone' }, bad);
});

test('number: decimal comma or point, grouped thousands, min and max inclusive', () => {
  accepts({ type: 'number' }, '42', '42');
  accepts({ type: 'number' }, ' -2,5 ', '-2.5');
  accepts({ type: 'number' }, '1 000', '1000');
  accepts({ type: 'number' }, '1,000,000.5', '1000000.5');
  accepts({ type: 'number' }, '007', '7');
  accepts({ type: 'number', min: 1, max: 10 }, '10', '10');
  accepts({ type: 'number', min: 1, max: 10 }, '1', '1');
  refuses({ type: 'number', min: 1, max: 10 }, '0');
  refuses({ type: 'number', min: 1, max: 10 }, '10.5');
  for (const bad of ['ten', '1e3', '1.2.3', '--1', 'Infinity', '0x10', '1'.repeat(22), '9'.repeat(400), '0.0000001'])
    refuses({ type: 'number' }, bad);
});

test('date: common unambiguous forms to YYYY-MM-DD', () => {
  const cases: [string, string][] = [
    ['2026-03-31', '2026-03-31'],
    ['2026/3/1', '2026-03-01'],
    ['31/03/2026', '2026-03-31'],
    ['03/31/2026', '2026-03-31'],
    ['31.3.2026', '2026-03-31'],
    ['4/4/2026', '2026-04-04'],
    ['31 March 2026', '2026-03-31'],
    ['1st Mar 2026', '2026-03-01'],
    ['March 31, 2026', '2026-03-31'],
    ['sept 2 2026', '2026-09-02'],
    ['29 February 2024', '2024-02-29'],
  ];
  for (const [answer, value] of cases) accepts({ type: 'date' }, answer, value);
  for (const bad of [
    '03/04/2026',
    '2026-02-30',
    '29 Feb 2026',
    '2026-13-01',
    'tomorrow',
    '31 Foo 2026',
    '2026',
    '31 Ma 2026',
  ])
    refuses({ type: 'date' }, bad);
});

test('url: http and https, a bare host read as https', () => {
  accepts({ type: 'url' }, 'https://Example.com/a?b=1', 'https://example.com/a?b=1');
  accepts({ type: 'url' }, 'http://example.com', 'http://example.com/');
  accepts({ type: 'url' }, 'example.com/page', 'https://example.com/page');
  for (const bad of ['ftp://example.com', 'javascript:alert(1)', 'not a url', 'https://', 'intranet'])
    refuses({ type: 'url' }, bad);
});

const sizes: AnswerInput = {
  type: 'choice',
  options: [
    { label: 'Small', value: 's', next: 'small' },
    { label: 'Large', value: 'l' },
    { label: 'S', value: 'xs' },
  ],
};

test('choice: by label or value, case-insensitive, stored as the value with the option next', () => {
  accepts(sizes, 'small', 's', 'small');
  accepts(sizes, ' S ', 's', 'small');
  accepts(sizes, 'LARGE', 'l');
  accepts(sizes, 'xs', 'xs');
  refuses(sizes, 'medium');
  refuses(sizes, 'small, large');
});

test('multiple choice: comma-separated, stored as values in option order joined by ", "', () => {
  const toppings: AnswerInput = {
    type: 'choice',
    multiple: true,
    options: [
      { label: 'Cheese', value: 'cheese' },
      { label: 'Ham', value: 'ham' },
      { label: 'Olives', value: 'olive' },
    ],
  };
  accepts(toppings, 'olives, CHEESE', 'cheese, olive');
  accepts(toppings, 'ham,ham, ', 'ham');
  accepts(toppings, 'olive', 'olive');
  refuses(toppings, 'cheese, pineapple');
  refuses(toppings, ' , ');
});

test('rating: 1 to 5 stars, or 0 to 10', () => {
  accepts({ type: 'rating', max: 5 }, '5', '5');
  accepts({ type: 'rating', max: 5 }, '4/5', '4');
  accepts({ type: 'rating', max: 5 }, '★★★', '3');
  accepts({ type: 'rating', max: 10 }, '0', '0');
  accepts({ type: 'rating', max: 10 }, '10 / 10', '10');
  for (const bad of ['0', '6', '4/10', '3.5', 'good', '★★★★★★']) refuses({ type: 'rating', max: 5 }, bad);
  for (const bad of ['11', '-1', '5/5']) refuses({ type: 'rating', max: 10 }, bad);
});

test('yesno: yes, no, y, n, true, false in any case, stored as yes or no', () => {
  for (const yes of ['yes', 'Y', 'TRUE']) accepts({ type: 'yesno' }, yes, 'yes');
  for (const no of ['No', 'n', 'false']) accepts({ type: 'yesno' }, no, 'no');
  refuses({ type: 'yesno' }, 'maybe');
});

test('retry messages: the author’s, else a default per type naming the range', () => {
  assert.is(retryMessageFor({ type: 'email', retryMessage: 'Email please' }), 'Email please');
  assert.match(retryMessageFor({ type: 'email' }), 'email address');
  assert.match(retryMessageFor({ type: 'number', min: 1, max: 9 }), 'from 1 to 9');
  assert.match(retryMessageFor({ type: 'number', min: 1 }), 'at least 1');
  assert.match(retryMessageFor({ type: 'rating', max: 10 }), 'from 0 to 10');
  assert.match(retryMessageFor({ type: 'rating', max: 5 }), 'from 1 to 5');
  for (const type of ['text', 'phone', 'date', 'url', 'choice', 'yesno'] as const) {
    assert.ok(retryMessageFor({ type } as AnswerInput).length > 10, type);
  }
});

const INPUTS: AnswerInput[] = [
  { type: 'text' },
  { type: 'email' },
  { type: 'phone' },
  { type: 'number', min: -5 },
  { type: 'date' },
  { type: 'url' },
  sizes,
  {
    type: 'choice',
    multiple: true,
    options: [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b' },
    ],
  },
  { type: 'rating', max: 5 },
  { type: 'rating', max: 10 },
  { type: 'yesno' },
];
const likelyAnswer = fc.oneof(
  fc.string(),
  fc.constantFrom(
    'A',
    'b, A',
    'Small',
    'ann@Example.com',
    '0049 30 1234',
    '1,000',
    '2,5',
    '-0',
    '31 Jan 2026',
    'example.com/x?y=1#z',
    '★★',
    '7/10',
    'True',
  ),
  fc.double({ noNaN: true }).map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);

test('a stored answer is valid again and stored the same: the normal form is a fixed point', () => {
  fc.assert(
    fc.property(fc.constantFrom(...INPUTS), likelyAnswer, (input, answer) => {
      const first = checkAnswer(input, answer);
      if (!first.ok) return;
      const again = checkAnswer(input, first.value);
      assert.equal(again, first, `${input.type}: ${JSON.stringify(answer)} -> ${JSON.stringify(first)}`);
    }),
    { numRuns: 2000 },
  );
});

test.run();
