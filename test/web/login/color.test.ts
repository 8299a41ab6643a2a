/** Brand colors → readable colors: AA contrast whatever a workspace picks. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  contrastRatio,
  darkenToContrast,
  filledColors,
  INK,
  parseHex,
  readableTextOn,
  WHITE,
} from '../../../web/login/color.js';
import { cardPlacement, objectFit, objectPosition, themeVars } from '../../../web/login/theme.js';

test('contrast ratios match WCAG', () => {
  assert.is(Math.round(contrastRatio('#000000', '#FFFFFF') * 10) / 10, 21);
  assert.is(contrastRatio('#777777', '#777777'), 1);
  assert.is(parseHex('nope'), null);
});

test('button text is white on dark brands and ink on light ones, always at least 4.5:1', () => {
  assert.is(readableTextOn('#0F766E'), WHITE);
  assert.is(readableTextOn('#FDE047'), INK);
  assert.equal(filledColors('#0F766E'), { background: '#0F766E', text: WHITE }, 'the brand color itself when it reads');
  for (const brand of [
    '#FF5500',
    '#00FF00',
    '#777777',
    '#808080',
    '#4F46E5',
    '#FFFFFF',
    '#000000',
    '#E11D48',
    '#22D3EE',
  ]) {
    const { background, text } = filledColors(brand);
    assert.ok(contrastRatio(text, background) >= 4.5, brand);
  }
  assert.is.not(filledColors('#777777').background, '#777777', 'a mid-gray is darkened for white text');
});

test('brand colors used as text or rings on white are darkened only as much as needed', () => {
  assert.is(darkenToContrast('#1D4ED8', WHITE, 4.5), '#1D4ED8', 'already readable');
  for (const brand of ['#FDE047', '#22D3EE', '#FFFFFF', '#A3E635']) {
    assert.ok(contrastRatio(darkenToContrast(brand, WHITE, 4.5), WHITE) >= 4.5, brand);
    assert.ok(contrastRatio(darkenToContrast(brand, WHITE, 3), WHITE) >= 3, brand);
  }
  const vars = themeVars({ primaryColor: '#FDE047', secondaryColor: '#FACC15' });
  assert.is(vars['--brand'], '#FDE047');
  assert.is(vars['--brand-ink'], INK);
  assert.ok(contrastRatio(vars['--link']!, WHITE) >= 4.5);
});

test('display settings become CSS: fit, position, card placement', () => {
  assert.is(objectFit('original'), 'none');
  assert.is(objectFit('contain'), 'contain');
  assert.is(objectFit('whatever'), 'cover');
  assert.is(objectPosition('bottom-left'), 'left bottom');
  assert.is(objectPosition('center'), 'center center');
  assert.equal(cardPlacement('30,70'), { x: 30, y: 70 });
  assert.equal(cardPlacement(' 0 , 100 '), { x: 0, y: 100 });
  assert.equal(cardPlacement('150,-5'), { x: 100, y: 0 });
  assert.equal(cardPlacement('junk'), { x: 50, y: 50 });
});

test.run();
