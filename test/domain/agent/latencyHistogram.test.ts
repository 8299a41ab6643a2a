import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  bucketValue,
  latencyBucket,
  latencyPercentile,
  type LatencyHistogram,
  sumHistograms,
  withLatency,
} from '../../../domain/agent/latencyHistogram.js';

const histogramOf = (latencies: number[]): LatencyHistogram =>
  latencies.reduce<LatencyHistogram>((h, ms) => withLatency(h, ms), {});

/** The exact nearest-rank percentile, to compare with. */
function exact(latencies: number[], q: number): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1];
}

test('buckets are log-spaced, four per doubling, with one for under a millisecond and one for the rest', () => {
  assert.is(latencyBucket(0), 0);
  assert.is(latencyBucket(0.5), 0);
  assert.is(latencyBucket(Number.NaN), 0);
  assert.is(latencyBucket(1), 1);
  assert.is(latencyBucket(2), 5);
  assert.is(latencyBucket(1023), latencyBucket(1000));
  assert.ok(latencyBucket(1000) < latencyBucket(1300), 'a 30% slower answer lands in a later bucket');
  assert.is(latencyBucket(3_600_000), latencyBucket(2_000_000), 'very slow answers share the last bucket');
});

test('a percentile is within 9.1% of the exact value, over latencies from 1 ms to 10 minutes', () => {
  for (const ms of [1, 3, 17, 250, 999, 1000, 1234, 4321, 60_000, 600_000]) {
    const read = bucketValue(latencyBucket(ms));
    assert.ok(Math.abs(read - ms) / ms <= 0.091 + 0.5 / ms, `${ms} ms read as ${read}`);
  }
  const latencies = Array.from({ length: 1000 }, (_, i) => 200 + ((i * 7919) % 4800));
  const h = histogramOf(latencies);
  for (const q of [0.5, 0.95, 0.99]) {
    const read = latencyPercentile(h, q)!;
    const truth = exact(latencies, q);
    assert.ok(Math.abs(read - truth) / truth <= 0.091, `p${q * 100}: ${read} vs ${truth}`);
  }
});

test('p50 and p95 come from the right ranks', () => {
  // 19 fast answers and one slow one: p95 is still fast (rank 19), p100 is the slow one.
  const h = histogramOf([...Array(19).fill(100), 5000]);
  assert.is(latencyPercentile(h, 0.5), bucketValue(latencyBucket(100)));
  assert.is(latencyPercentile(h, 0.95), bucketValue(latencyBucket(100)));
  assert.is(latencyPercentile(h, 1), bucketValue(latencyBucket(5000)));
  // One more slow answer moves p95 to the slow bucket (rank 20 of 21).
  assert.is(latencyPercentile(withLatency(h, 5000), 0.95), bucketValue(latencyBucket(5000)));
});

test('summed per-day histograms answer as one over all the latencies', () => {
  const monday = [120, 130, 900];
  const tuesday = [80, 3000, 3100, 3200];
  const summed = sumHistograms([histogramOf(monday), histogramOf(tuesday)]);
  assert.equal(summed, histogramOf([...monday, ...tuesday]));
  assert.is(latencyPercentile(summed, 0.5), bucketValue(latencyBucket(900)));
});

test('no latencies: no percentile; adding leaves the original histogram as it was', () => {
  assert.is(latencyPercentile({}, 0.5), null);
  assert.is(latencyPercentile({ 3: 0 }, 0.95), null);
  const h = histogramOf([10]);
  withLatency(h, 20);
  assert.equal(h, histogramOf([10]));
});

test.run();
