import { hash128, Rng } from './prng.js';

describe('Rng', () => {
  it('repeats the same sequence for the same seed and differs across seeds', () => {
    const a = new Rng('seed');
    const b = new Rng('seed');
    const c = new Rng('seee');
    const xs = Array.from({ length: 50 }, () => a.next());
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 50 }, () => c.next())).not.toEqual(xs);
  });

  it('forks independent, reproducible streams', () => {
    const root = new Rng('x');
    const f1 = root.fork('a').next();
    root.next();
    root.next();
    expect(root.fork('a').next()).toBe(f1);
    expect(root.fork('b').next()).not.toBe(f1);
  });

  it('gives roughly uniform values in range', () => {
    const r = new Rng('uniform');
    const buckets: number[] = new Array(10).fill(0);
    let outOfRange = 0;
    for (let i = 0; i < 20000; i++) {
      const v = r.next();
      if (v < 0 || v >= 1) outOfRange++;
      buckets[Math.floor(v * 10)]!++;
    }
    expect(outOfRange).toBe(0);
    expect(buckets.every((b) => Math.abs(b - 2000) < 200)).toBe(true);
    const ints = new Set(Array.from({ length: 1000 }, () => r.int(3, 5)));
    expect([...ints].sort()).toEqual([3, 4, 5]);
  });

  it('hashes strings to four 32-bit words', () => {
    const h = hash128('abc');
    expect(h).toHaveLength(4);
    for (const w of h) expect(w >>> 0).toBe(w);
    expect(hash128('abc')).toEqual(h);
    expect(hash128('abd')).not.toEqual(h);
  });

  it('shuffles and samples without losing or duplicating items', () => {
    const r = new Rng('shuffle');
    const items = [1, 2, 3, 4, 5, 6, 7];
    expect([...r.shuffle(items)].sort()).toEqual(items);
    const s = r.sample(items, 3);
    expect(new Set(s).size).toBe(3);
  });
});
