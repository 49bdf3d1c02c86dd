/** Tiny helpers for writing lean SVG text. */

/** A number with at most one decimal, as short as possible. */
export const n = (v: number): string => {
  // Integer arithmetic: much cheaper than formatting floats, and SVGs hold thousands of numbers.
  const r = Math.round(v * 10);
  const a = r < 0 ? -r : r;
  const whole = (a - (a % 10)) / 10;
  const s = a % 10 === 0 ? String(whole) : `${whole}.${a % 10}`;
  return r < 0 ? `-${s}` : s;
};

export type Point = readonly [number, number];

/** Escapes text for use in SVG attributes or content. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Point on a cubic Bézier at t. */
export function cubic(p0: Point, p1: Point, p2: Point, p3: Point, t: number): [number, number] {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return [a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]];
}

/** Samples a chain of cubic segments [p0, c1, c2, p1, c1, c2, p2, …] into points. */
export function sampleCubics(points: readonly Point[], stepsPerSegment = 10): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 3 < points.length; i += 3) {
    for (let k = i === 0 ? 0 : 1; k <= stepsPerSegment; k++) {
      out.push(cubic(points[i]!, points[i + 1]!, points[i + 2]!, points[i + 3]!, k / stepsPerSegment));
    }
  }
  return out;
}

/**
 * A filled outline around a centre line whose width varies along it (`width(t)`, t in 0..1):
 * tapered tails, serpent bodies, cloak edges, flames.
 */
export function taperedPath(center: readonly Point[], width: (t: number) => number): string {
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  const last = center.length - 1;
  for (let i = 0; i <= last; i++) {
    const p = center[i]!;
    const a = center[Math.max(0, i - 1)]!;
    const b = center[Math.min(last, i + 1)]!;
    let dx = b[0] - a[0];
    let dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    dx /= len;
    dy /= len;
    const w = width(last === 0 ? 0 : i / last) / 2;
    left.push([p[0] - dy * w, p[1] + dx * w]);
    right.push([p[0] + dy * w, p[1] - dx * w]);
  }
  const pts = [...left, ...right.reverse()];
  return `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Z`;
}

/** A polyline path 'M x y L x y …'. */
export function polyline(points: readonly Point[], close = false): string {
  return `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}${close ? 'Z' : ''}`;
}

/** A circle as path data (so many circles can share one <path>). */
export function circlePath(cx: number, cy: number, r: number): string {
  return `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0`;
}
