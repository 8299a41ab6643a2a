import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyticsPeriod } from '../../../../api/resources/analytics/analyticsPeriod.js';
import { ValidationError } from '../../../../domain/errors.js';

const now = new Date('2026-11-29T08:00:00Z');
const refused = (query: { startDate?: string; endDate?: string }, field: string) => {
  try {
    analyticsPeriod(query, now);
    assert.unreachable(`${JSON.stringify(query)} is refused`);
  } catch (e) {
    assert.instance(e, ValidationError);
    assert.ok((e as Error).message.includes(field), (e as Error).message);
  }
};

test('neither date: the last 30 days ending today; one date alone', () => {
  assert.equal(analyticsPeriod({}, now), { first: '2026-10-31', last: '2026-11-29' });
  assert.equal(analyticsPeriod({ endDate: '2026-03-01' }, now), { first: '2026-01-31', last: '2026-03-01' });
  assert.equal(analyticsPeriod({ startDate: '2026-11-01' }, now), { first: '2026-11-01', last: '2026-11-29' });
  assert.equal(analyticsPeriod({ startDate: '2027-01-05' }, now), { first: '2027-01-05', last: '2027-01-05' });
});

test('366 days at most; the ends of the calendar stay 400s or answers, never a crash', () => {
  assert.equal(analyticsPeriod({ startDate: '2024-01-01', endDate: '2024-12-31' }, now), {
    first: '2024-01-01',
    last: '2024-12-31',
  });
  refused({ startDate: '2023-01-01', endDate: '2024-01-02' }, 'startDate');
  refused({ startDate: '2025-11-28' }, 'startDate');
  refused({ startDate: '2026-03-02', endDate: '2026-03-01' }, 'startDate');
  refused({ endDate: '2026-02-29' }, 'endDate');
  assert.equal(analyticsPeriod({ endDate: '0000-01-05' }, now), { first: '0000-01-01', last: '0000-01-05' });
  assert.equal(analyticsPeriod({ startDate: '9999-12-31' }, now), { first: '9999-12-31', last: '9999-12-31' });
});

test.run();
