export interface Summary {
  count: number;
  minMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  elapsedMs: number;
  throughputRps: number;
}

export function percentile(sorted: ArrayLike<number>, p: number): number;
export function median(samples: ArrayLike<number>): number;
export function sortedSamples(samples: ArrayLike<number>): Float64Array;
export function summarize(samples: ArrayLike<number>, elapsedMs: number): Summary;
