import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  addDays,
  dayOf,
  dayRange,
  daysFrom,
  endOfDay,
  parseDay,
  startOfDay,
} from '../../../domain/conversation/utcDays.js';
import { ValidationError } from '../../../domain/errors.js';

const invalid = (fn: () => unknown, field: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ValidationError && e.field === field);

test('parseDay accepts calendar days only', () => {
  assert.is(parseDay('2024-02-29', 'startDate'), '2024-02-29');
  for (const bad of [
    '2023-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-1-01',
    '20240101',
    '2024-01-01T00:00:00Z',
    '',
    'yesterday',
  ]) {
    invalid(() => parseDay(bad, 'endDate'), 'endDate');
  }
});

test('day arithmetic in UTC', () => {
  assert.is(dayOf('2024-12-31T23:59:59.999Z'), '2024-12-31');
  assert.is(dayOf(new Date('2025-01-01T00:00:00.000Z')), '2025-01-01');
  assert.is(addDays('2024-02-28', 1), '2024-02-29');
  assert.is(addDays('2025-01-01', -1), '2024-12-31');
  assert.is(startOfDay('2025-01-01'), '2025-01-01T00:00:00.000Z');
  assert.equal(daysFrom('2024-12-30', '2025-01-02'), ['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02']);
  assert.equal(daysFrom('2025-01-02', '2025-01-01'), []);
});

test('parseDay takes every four-digit year, up to 9999-12-31, and nothing that rolls over', () => {
  for (const day of ['9999-12-31', '1000-01-01', '0999-12-31', '0050-06-15', '0001-01-01', '0000-02-29'])
    assert.is(parseDay(day, 'startDate'), day);
  for (const bad of [
    '9999-12-32',
    '9999-13-01',
    '9999-99-99',
    '0050-02-30',
    '10000-01-01',
    '+010000-01-01',
    '-000001-12-31',
  ]) {
    invalid(() => parseDay(bad, 'endDate'), 'endDate');
  }
});

test('the last day of 9999 has bounds and a series, but no next day', () => {
  assert.is(startOfDay('9999-12-31'), '9999-12-31T00:00:00.000Z');
  assert.is(endOfDay('9999-12-31'), '9999-12-31T23:59:59.999Z');
  assert.is(endOfDay('2025-02-28'), new Date(Date.parse('2025-03-01T00:00:00.000Z') - 1).toISOString());
  assert.equal(daysFrom('9999-12-30', '9999-12-31'), ['9999-12-30', '9999-12-31']);
  assert.equal(daysFrom('9999-12-31', '9999-12-31'), ['9999-12-31']);
  assert.is(addDays('9999-12-30', 1), '9999-12-31');
  assert.is(addDays('0001-01-01', -1), '0000-12-31');
  // Not "+010000-01-01", which would sort before every real day.
  assert.throws(() => addDays('9999-12-31', 1), RangeError);
  assert.throws(() => addDays('0000-01-01', -1), RangeError);
  assert.equal(dayRange('2025-01-01', '9999-12-31'), { first: '2025-01-01', last: '9999-12-31' });
});

test('dayRange: optional bounds, start after end is 400 on startDate', () => {
  assert.equal(dayRange(), { first: null, last: null });
  assert.equal(dayRange('2025-01-01'), { first: '2025-01-01', last: null });
  assert.equal(dayRange(undefined, '2025-01-01'), { first: null, last: '2025-01-01' });
  assert.equal(dayRange('2025-01-01', '2025-01-01'), { first: '2025-01-01', last: '2025-01-01' });
  invalid(() => dayRange('2025-01-02', '2025-01-01'), 'startDate');
  invalid(() => dayRange('2025-02-30'), 'startDate');
});

test.run();
