import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, dayOf, dayRange, daysFrom, parseDay, startOfDay } from '../../../domain/conversation/utcDays.js';
import { ValidationError } from '../../../domain/errors.js';

const invalid = (fn: () => unknown, field: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ValidationError && e.field === field);

test('parseDay accepts calendar days only', () => {
  assert.is(parseDay('2024-02-29', 'startDate'), '2024-02-29');
  for (const bad of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-01', '20240101', '2024-01-01T00:00:00Z', '', 'yesterday']) {
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

test('dayRange: optional bounds, start after end is 400 on startDate', () => {
  assert.equal(dayRange(), { first: null, last: null });
  assert.equal(dayRange('2025-01-01'), { first: '2025-01-01', last: null });
  assert.equal(dayRange(undefined, '2025-01-01'), { first: null, last: '2025-01-01' });
  assert.equal(dayRange('2025-01-01', '2025-01-01'), { first: '2025-01-01', last: '2025-01-01' });
  invalid(() => dayRange('2025-01-02', '2025-01-01'), 'startDate');
  invalid(() => dayRange('2025-02-30'), 'startDate');
});

test.run();
