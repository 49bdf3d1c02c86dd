// Pure statistics for benchmarks: no I/O, no clock, so it can be unit-tested exactly.

/**
 * The p-th percentile of `sorted` (ascending) by the nearest-rank method: the smallest sample such that
 * at least p % of the samples are less than or equal to it. Always one of the samples, never interpolated.
 * p = 0 gives the minimum, p = 100 the maximum.
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) throw new RangeError('percentile of no samples');
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile out of range: ${p}`);
  if (p === 0) return sorted[0];
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(rank, sorted.length) - 1];
}

/** The median of `samples` (any order): the middle one, or the mean of the two middle ones. */
export function median(samples) {
  if (samples.length === 0) throw new RangeError('median of no samples');
  const sorted = sortedSamples(samples);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Ascending copy of the samples, numerically (Array#sort would compare them as strings). */
export function sortedSamples(samples) {
  return Float64Array.from(samples).sort();
}

/**
 * Latency and throughput figures of one measured run.
 * @param samples per-request latencies in milliseconds, in any order
 * @param elapsedMs wall time of the whole run, for throughput
 */
export function summarize(samples, elapsedMs) {
  const sorted = sortedSamples(samples);
  let total = 0;
  for (const sample of sorted) total += sample;
  return {
    count: sorted.length,
    minMs: sorted[0],
    p50Ms: percentile(sorted, 50),
    p90Ms: percentile(sorted, 90),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1],
    meanMs: total / sorted.length,
    elapsedMs,
    throughputRps: (sorted.length / elapsedMs) * 1000,
  };
}
