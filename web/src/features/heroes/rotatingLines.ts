/** The waiting screen's status lines (six lines, a new one every 3 s). */
import { useEffect, useState } from 'react';

export const STATUS_LINES = [
  'Reading the stars of your birth date...',
  'Consulting your Western sign...',
  'Awakening the spirit of your Chinese zodiac...',
  'Painting your hero from three angles...',
  'Weaving your backstory into legend...',
  'Polishing the final constellations...',
] as const;

export const LINE_INTERVAL_MS = 3000;

/** Which line shows after `elapsedMs`: one step per interval, wrapping after the last. */
export function lineIndexAt(
  elapsedMs: number,
  count: number = STATUS_LINES.length,
  intervalMs = LINE_INTERVAL_MS,
): number {
  if (count <= 0) return 0;
  const steps = Math.floor(Math.max(0, elapsedMs) / intervalMs);
  return steps % count;
}

/** The next index after a tick. */
export function nextLineIndex(index: number, count: number = STATUS_LINES.length): number {
  return count <= 0 ? 0 : (index + 1) % count;
}

/** The index of the line to show now; advances every 3 s while mounted. */
export function useRotatingLine(count: number = STATUS_LINES.length, intervalMs = LINE_INTERVAL_MS): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => nextLineIndex(i, count)), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs]);
  return index;
}
