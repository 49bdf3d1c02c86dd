import { median, percentile, sortedSamples, summarize } from '../lib/stats.mjs';

const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

describe('percentile (nearest rank)', () => {
  it('gives the exact ranks of 1..100', () => {
    expect(percentile(oneToHundred, 50)).toBe(50);
    expect(percentile(oneToHundred, 90)).toBe(90);
    expect(percentile(oneToHundred, 99)).toBe(99);
    expect(percentile(oneToHundred, 100)).toBe(100);
    expect(percentile(oneToHundred, 0)).toBe(1);
    expect(percentile(oneToHundred, 0.5)).toBe(1);
    expect(percentile(oneToHundred, 99.5)).toBe(100);
  });

  it('always returns one of the samples, never an interpolation', () => {
    const sorted = [1, 2, 3, 4, 10];
    expect(percentile(sorted, 50)).toBe(3); // rank ceil(2.5) = 3
    expect(percentile(sorted, 60)).toBe(3); // rank 3
    expect(percentile(sorted, 61)).toBe(4); // rank ceil(3.05) = 4
    expect(percentile(sorted, 99)).toBe(10);
    expect(percentile([7], 1)).toBe(7);
    expect(percentile([7], 99)).toBe(7);
  });

  it('puts the p99 of 1,000 samples on the 990th', () => {
    const samples = Array.from({ length: 1000 }, (_, i) => (i + 1) / 10); // 0.1 .. 100.0 ms
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile(samples, 50)).toBe(50);
  });

  it('refuses no samples and ranks outside 0..100', () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], -1)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });
});

describe('median', () => {
  it('is the middle sample, or the mean of the two middle ones, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([10, 2, 4, 8])).toBe(6);
    expect(median([0.5])).toBe(0.5);
    expect(() => median([])).toThrow(RangeError);
  });
});

describe('summarize', () => {
  it('sorts numerically, not as strings', () => {
    expect([...sortedSamples([10, 9, 100, 1.5])]).toEqual([1.5, 9, 10, 100]);
  });

  it('computes exact figures for unsorted samples', () => {
    const shuffled = [...oneToHundred].sort((a, b) => ((a * 37) % 101) - ((b * 37) % 101));
    const summary = summarize(shuffled, 2_000);
    expect(summary).toEqual({
      count: 100,
      minMs: 1,
      p50Ms: 50,
      p90Ms: 90,
      p99Ms: 99,
      maxMs: 100,
      meanMs: 50.5,
      elapsedMs: 2_000,
      throughputRps: 50,
    });
  });
});
