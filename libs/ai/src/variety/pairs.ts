/** The mean of `measure` over every unordered pair of `items` (0 when there is no pair). */
export function meanPairwise<T>(items: readonly T[], measure: (a: T, b: T) => number): number {
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      sum += measure(items[i]!, items[j]!);
      pairs++;
    }
  }
  return pairs === 0 ? 0 : sum / pairs;
}
