/** The decorative star field: one star per 6000 px² of screen. */
export const PIXELS_PER_STAR = 6000;

export function starCount(width: number, height: number): number {
  if (!Number.isFinite(width) || !Number.isFinite(height) || width <= 0 || height <= 0) return 0;
  return Math.floor((width * height) / PIXELS_PER_STAR);
}

export interface Star {
  /** Position in percent of the viewport. */
  x: number;
  y: number;
  /** Diameter in px. */
  size: number;
  opacity: number;
  /** One star in four twinkles; the rest shine steadily. */
  twinkles: boolean;
}

/** A small deterministic hash → [0, 1), so star i looks the same whatever the total count. */
function random(index: number, salt: number): number {
  let h = Math.imul(index ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

export function starAt(index: number): Star {
  const r = random(index, 5);
  return {
    x: random(index, 1) * 100,
    y: random(index, 2) * 100,
    // Mostly tiny stars, a few bright ones.
    size: r > 0.96 ? 3 : r > 0.8 ? 2 : 1,
    opacity: 0.35 + random(index, 3) * 0.65,
    twinkles: random(index, 4) < 0.25,
  };
}

export function makeStars(count: number): Star[] {
  return Array.from({ length: count }, (_, i) => starAt(i));
}
