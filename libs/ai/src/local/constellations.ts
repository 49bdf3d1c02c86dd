/**
 * The twelve zodiac constellations as real star patterns: the main stars with approximate J2000
 * right ascension (hours) and declination (degrees), apparent magnitude, and the stick-figure lines
 * between them (the catalogue is constellations.json). `projectConstellation` turns them into a flat
 * figure for drawing.
 */
import catalogue from './constellations.json' with { type: 'json' };

export interface ConstellationStar {
  /** Short id used by `lines`, e.g. 'alpha' or 'hamal'. */
  readonly id: string;
  /** Proper name or Bayer designation. */
  readonly name: string;
  /** Right ascension in hours (0–24). */
  readonly ra: number;
  /** Declination in degrees. */
  readonly dec: number;
  /** Apparent visual magnitude (smaller is brighter). */
  readonly mag: number;
}

export interface Constellation {
  /** Western sign name, e.g. 'Aries'. */
  readonly sign: string;
  /** Latin constellation name, e.g. 'Aries', 'Scorpius', 'Capricornus'. */
  readonly latin: string;
  /** The figure, e.g. 'the Ram'. */
  readonly figure: string;
  readonly stars: readonly ConstellationStar[];
  /** Pairs of star ids. */
  readonly lines: readonly (readonly [string, string])[];
}

/**
 * One star of the catalogue (constellations.json): id, name, right ascension as hours and minutes,
 * declination, magnitude.
 */
type StarRow = [id: string, name: string, raHours: number, raMinutes: number, dec: number, mag: number];

interface CatalogueEntry {
  sign: string;
  latin: string;
  figure: string;
  stars: StarRow[];
  /** Chains of star ids: 'a-b-c' draws a–b and b–c; several chains separated by spaces. */
  lines: string;
}

/** 'a-b-c' → [a,b],[b,c]; several chains separated by spaces. */
function chains(spec: string): [string, string][] {
  const out: [string, string][] = [];
  for (const chain of spec.trim().split(/\s+/)) {
    const ids = chain.split('-');
    for (let i = 1; i < ids.length; i++) out.push([ids[i - 1]!, ids[i]!]);
  }
  return out;
}

export const CONSTELLATIONS: readonly Constellation[] = Object.freeze(
  (catalogue as CatalogueEntry[]).map(({ sign, latin, figure, stars, lines }): Constellation => ({
    sign,
    latin,
    figure,
    stars: stars.map(([id, name, raHours, raMinutes, dec, mag]) => ({
      id,
      name,
      ra: raHours + raMinutes / 60,
      dec,
      mag,
    })),
    lines: chains(lines),
  })),
);

export function constellationFor(sign: string): Constellation {
  const key = sign.trim().toLowerCase();
  const found = CONSTELLATIONS.find((c) => c.sign.toLowerCase() === key || c.latin.toLowerCase() === key);
  if (!found) throw new RangeError(`Unknown Western sign: ${sign}`);
  return found;
}

export interface ProjectedStar {
  readonly id: string;
  /** Normalised position: the figure fits in [-1, 1] on its longer axis, centred on 0; y grows downwards. */
  readonly x: number;
  readonly y: number;
  readonly mag: number;
}

export interface ProjectedConstellation {
  readonly stars: readonly ProjectedStar[];
  /** Index pairs into `stars`. */
  readonly lines: readonly (readonly [number, number])[];
  /** Half extents of the figure in normalised units (the larger one is 1). */
  readonly halfWidth: number;
  readonly halfHeight: number;
}

/**
 * Gnomonic (tangent-plane) projection around the figure's centre, as seen looking up at the sky:
 * north up, east to the left. The result is centred and scaled so the longer half-extent is 1.
 */
export function projectConstellation(c: Constellation): ProjectedConstellation {
  const deg = Math.PI / 180;
  // Unwrap right ascension around the first star so figures crossing 0h (Pisces) stay together.
  const ra0 = c.stars[0]!.ra;
  const unwrapped = c.stars.map((st) => {
    let d = st.ra - ra0;
    if (d > 12) d -= 24;
    if (d < -12) d += 24;
    return { ...st, ra: ra0 + d };
  });
  const raC = (Math.min(...unwrapped.map((x) => x.ra)) + Math.max(...unwrapped.map((x) => x.ra))) / 2;
  const decC = (Math.min(...unwrapped.map((x) => x.dec)) + Math.max(...unwrapped.map((x) => x.dec))) / 2;
  const a0 = raC * 15 * deg;
  const d0 = decC * deg;
  const raw = unwrapped.map((st) => {
    const a = st.ra * 15 * deg;
    const d = st.dec * deg;
    const cosc = Math.sin(d0) * Math.sin(d) + Math.cos(d0) * Math.cos(d) * Math.cos(a - a0);
    const xi = (Math.cos(d) * Math.sin(a - a0)) / cosc;
    const eta = (Math.cos(d0) * Math.sin(d) - Math.sin(d0) * Math.cos(d) * Math.cos(a - a0)) / cosc;
    return { id: st.id, x: -xi, y: -eta, mag: st.mag };
  });
  const minX = Math.min(...raw.map((p) => p.x));
  const maxX = Math.max(...raw.map((p) => p.x));
  const minY = Math.min(...raw.map((p) => p.y));
  const maxY = Math.max(...raw.map((p) => p.y));
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const half = Math.max(maxX - minX, maxY - minY) / 2 || 1;
  const stars = raw.map((p) => ({ id: p.id, x: (p.x - cx) / half, y: (p.y - cy) / half, mag: p.mag }));
  const index = new Map(stars.map((p, i) => [p.id, i]));
  const lines = c.lines.map(([a, b]) => {
    const ia = index.get(a);
    const ib = index.get(b);
    if (ia === undefined || ib === undefined)
      throw new Error(`${c.sign}: line ${a}-${b} names an unknown star`);
    return [ia, ib] as const;
  });
  return { stars, lines, halfWidth: (maxX - minX) / 2 / half, halfHeight: (maxY - minY) / 2 / half };
}
