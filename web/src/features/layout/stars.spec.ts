import { describe, expect, it } from '@jest/globals';
import { makeStars, starAt, starCount } from './stars';

describe('starCount', () => {
  it('is the screen area divided by 6000, rounded down', () => {
    expect(starCount(1920, 1080)).toBe(345);
    expect(starCount(1280, 800)).toBe(170);
    expect(starCount(390, 844)).toBe(54);
    expect(starCount(77, 77)).toBe(0);
  });

  it('is zero for nonsense sizes', () => {
    expect(starCount(0, 800)).toBe(0);
    expect(starCount(-5, 800)).toBe(0);
    expect(starCount(Number.NaN, 800)).toBe(0);
  });
});

describe('makeStars', () => {
  it('makes the asked number of stars inside the viewport', () => {
    const stars = makeStars(200);
    expect(stars).toHaveLength(200);
    for (const s of stars) {
      expect(s.x).toBeGreaterThanOrEqual(0);
      expect(s.x).toBeLessThan(100);
      expect(s.y).toBeGreaterThanOrEqual(0);
      expect(s.y).toBeLessThan(100);
      expect([1, 2, 3]).toContain(s.size);
    }
  });

  it('has about one star in four twinkle', () => {
    const twinkling = makeStars(1000).filter((star) => star.twinkles).length;
    expect(twinkling).toBeGreaterThan(200);
    expect(twinkling).toBeLessThan(300);
  });

  it('keeps existing stars in place when the count changes', () => {
    expect(makeStars(50).slice(0, 10)).toEqual(makeStars(10));
    expect(starAt(7)).toEqual(starAt(7));
    expect(starAt(7)).not.toEqual(starAt(8));
  });
});
