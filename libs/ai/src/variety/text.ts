/**
 * Measures of how alike generated texts are, shared by the writers' tests and the variety bench:
 * word n-gram shingles, the Jaccard similarity of two shingle sets, and the mean of a measure over
 * every pair of a list.
 */
export { meanPairwise } from './pairs.js';

/** The words of a text, lower-cased, markdown and punctuation dropped (apostrophes inside words kept). */
export function wordsOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[a-z0-9]+(?:'[a-z0-9]+)*/g) ?? []
  );
}

/**
 * The set of word n-grams of a text (each joined by single spaces). A text of fewer than n words
 * has none.
 */
export function shingles(text: string, n = 5): Set<string> {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be a whole number ≥ 1, got ${n}`);
  const words = wordsOf(text);
  const out = new Set<string>();
  for (let i = 0; i + n <= words.length; i++) out.add(words.slice(i, i + n).join(' '));
  return out;
}

/** |a ∩ b| / |a ∪ b|; two empty sets count as unlike (0), so empty texts never look like copies. */
export function jaccard<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const item of small) if (large.has(item)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** The first sentence of a chapter's prose (after its heading), for spotting shared openings. */
export function openingSentence(markdown: string): string {
  const body = markdown
    .replace(/^#[^\n]*\n+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return body.match(/^[^.!?]*[.!?]+["')\]*]*/)?.[0] ?? body;
}
