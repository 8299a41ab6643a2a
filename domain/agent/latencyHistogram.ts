/**
 * A fixed histogram of model latencies (docs/ai-analytics.md, Latency): per-day histograms add up
 * bucket by bucket, so the percentiles of any period come from a handful of small documents
 * instead of every answer. Buckets are log-spaced, four per doubling: a percentile read from the
 * summed histogram is the geometric middle of its bucket, within ±9.1% (2^(1/8) − 1) of the
 * nearest-rank value it stands for.
 */

/** Buckets per doubling of the latency. */
const PER_DOUBLING = 4;
/** Latencies from here on (about 19 minutes) share the last bucket. */
const LAST_BUCKET = PER_DOUBLING * 20 + 1;

/** Sparse counts by bucket index (JSON keys: a stored document holds them as strings). */
export type LatencyHistogram = Record<string, number>;

/**
 * Bucket 0 holds latencies under 1 ms; bucket i ≥ 1 holds [2^((i−1)/4), 2^(i/4)) ms, up to the
 * last, which holds everything above.
 */
export function latencyBucket(ms: number): number {
  if (!(ms >= 1)) return 0;
  return Math.min(LAST_BUCKET, 1 + Math.floor(Math.log2(ms) * PER_DOUBLING));
}

/** The value a bucket stands for: its geometric middle in whole ms (the last bucket: its lower bound). */
export function bucketValue(bucket: number): number {
  if (bucket <= 0) return 0;
  const exponent = bucket === LAST_BUCKET ? bucket - 1 : bucket - 0.5;
  return Math.round(2 ** (exponent / PER_DOUBLING));
}

/** `histogram` with one more latency in it (a new object; the argument is left as it was). */
export function withLatency(histogram: LatencyHistogram, ms: number): LatencyHistogram {
  const key = String(latencyBucket(ms));
  return { ...histogram, [key]: (histogram[key] ?? 0) + 1 };
}

/** The bucket-by-bucket sum of several histograms. */
export function sumHistograms(histograms: Iterable<LatencyHistogram>): LatencyHistogram {
  const sum: LatencyHistogram = {};
  for (const h of histograms) for (const [key, n] of Object.entries(h)) sum[key] = (sum[key] ?? 0) + n;
  return sum;
}

/**
 * The nearest-rank percentile `q` (0 < q ≤ 1) of the latencies counted, as its bucket's value;
 * null when the histogram is empty.
 */
export function latencyPercentile(histogram: LatencyHistogram, q: number): number | null {
  const buckets = Object.entries(histogram)
    .map(([key, n]) => [Number(key), n] as const)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const [bucket, n] of buckets) {
    seen += n;
    if (seen >= rank) return bucketValue(bucket);
  }
  return bucketValue(buckets[buckets.length - 1][0]);
}
