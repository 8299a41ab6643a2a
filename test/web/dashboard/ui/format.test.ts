/** How long ago a thing changed, as the dashboard's lists say it (web/dashboard/ui/format.ts). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatAgo } from '../../../../web/dashboard/ui/format.js';

const now = Date.parse('2026-11-29T12:00:00Z');
const before = (seconds: number) => new Date(now - seconds * 1000).toISOString();

test('under a minute is "just now"', () => {
  assert.is(formatAgo(before(0), now), 'just now');
  assert.is(formatAgo(before(59), now), 'just now');
});

test('whole units only: the largest unit that fits, never rounded up', () => {
  assert.is(formatAgo(before(60), now), '1 minute ago');
  assert.is(formatAgo(before(2 * 3600 + 59 * 60), now), '2 hours ago');
  assert.is(formatAgo(before(86_400 + 3600), now), 'yesterday');
  assert.is(formatAgo(before(3 * 86_400 + 20 * 3600), now), '3 days ago');
  assert.is(formatAgo(before(15 * 86_400), now), '2 weeks ago');
  assert.is(formatAgo(before(70 * 86_400), now), '2 months ago');
  assert.is(formatAgo(before(400 * 86_400), now), 'last year');
});

test.run();
