import { describe, expect, it } from '@jest/globals';
import { LINE_INTERVAL_MS, lineIndexAt, nextLineIndex, STATUS_LINES } from './rotatingLines';

describe('waiting screen lines', () => {
  it('has six lines that change every 3 s', () => {
    expect(STATUS_LINES).toHaveLength(6);
    expect(new Set(STATUS_LINES).size).toBe(6);
    expect(LINE_INTERVAL_MS).toBe(3000);
  });

  it('shows one line per interval and wraps after the sixth', () => {
    expect(lineIndexAt(0)).toBe(0);
    expect(lineIndexAt(2999)).toBe(0);
    expect(lineIndexAt(3000)).toBe(1);
    expect(lineIndexAt(5 * 3000 + 10)).toBe(5);
    expect(lineIndexAt(6 * 3000)).toBe(0);
    expect(lineIndexAt(-500)).toBe(0);
    expect(lineIndexAt(1000, 0)).toBe(0);
  });

  it('ticks forward and wraps', () => {
    const seen = [0];
    for (let i = 0; i < 7; i += 1) seen.push(nextLineIndex(seen.at(-1)!));
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 0, 1]);
  });
});
