import { jaccard, meanPairwise, openingSentence, shingles, wordsOf } from './text.js';

describe('text variety measures', () => {
  it('reads words without markup or punctuation, lower-cased', () => {
    expect(wordsOf('# Chapter 1: The *Salt* Road\n\n"Don’t," said Ash.')).toEqual([
      'chapter',
      '1',
      'the',
      'salt',
      'road',
      "don't",
      'said',
      'ash',
    ]);
  });

  it('makes word n-gram shingles, none for a text shorter than n', () => {
    expect([...shingles('a b c d e f', 5)]).toEqual(['a b c d e', 'b c d e f']);
    expect(shingles('a b c', 5).size).toBe(0);
    expect(shingles('one two two one', 1)).toEqual(new Set(['one', 'two']));
    expect(() => shingles('a b', 0)).toThrow(RangeError);
  });

  it('measures Jaccard similarity: 1 for equal sets, 0 for disjoint or empty ones', () => {
    expect(jaccard(new Set([1, 2, 3]), new Set([1, 2, 3]))).toBe(1);
    expect(jaccard(new Set([1, 2]), new Set([3, 4]))).toBe(0);
    expect(jaccard(new Set([1, 2, 3]), new Set([2, 3, 4]))).toBeCloseTo(2 / 4);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });

  it('averages a measure over every unordered pair', () => {
    const calls: string[] = [];
    const mean = meanPairwise(['a', 'b', 'c'], (x, y) => {
      calls.push(x + y);
      return x === 'a' ? 1 : 0;
    });
    expect(calls).toEqual(['ab', 'ac', 'bc']);
    expect(mean).toBeCloseTo(2 / 3);
    expect(meanPairwise([1], () => 1)).toBe(0);
  });

  it('finds the opening sentence of a chapter after its heading', () => {
    expect(openingSentence('# Chapter 2: X\n\nThe rain fell. Then it stopped.')).toBe('The rain fell.');
    expect(openingSentence('# Chapter 2: X\n\n"Run!" she said.')).toBe('"Run!"');
  });
});
