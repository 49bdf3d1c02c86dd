/**
 * The hero figure: a stylised backlit silhouette built from a simple skeleton posed for each camera
 * angle (front: facing and standing; profile: side view; action: leaping or casting), with seeded
 * proportions, cloak, headgear and weapon. Output is SVG drawn in two passes: a rim-light outline
 * and the dark silhouette on top of it.
 */
import type { Rng } from '../prng.js';
import type { ImageAngle } from '../types.js';
import { circlePath, n, polyline, sampleCubics, taperedPath, type Point } from './svg.js';

export type Weapon = 'sword' | 'staff' | 'spear' | 'bow';
export type Headgear = 'hood' | 'helm' | 'crown' | 'long hair' | 'horned helm' | 'topknot';

/** What stays the same about a hero across its three images. */
export interface HeroLook {
  weapon: Weapon;
  headgear: Headgear;
  /** Staff or sword finial / decoration. */
  finial: 'orb' | 'crescent' | 'crystal';
  cloakLength: number;
  cloakWidth: number;
  tatters: number;
  /** Relative body proportions. */
  shoulders: number;
  bulk: number;
  height: number;
  pauldrons: boolean;
  scarf: boolean;
}

export function rollLook(rng: Rng): HeroLook {
  return {
    weapon: rng.weighted<Weapon>(['sword', 'staff', 'spear', 'bow'], [3, 3, 2, 2]),
    headgear: rng.pick<Headgear>(['hood', 'helm', 'crown', 'long hair', 'horned helm', 'topknot']),
    finial: rng.pick(['orb', 'crescent', 'crystal'] as const),
    cloakLength: rng.range(0.72, 0.98),
    cloakWidth: rng.range(0.85, 1.25),
    tatters: rng.int(3, 7),
    shoulders: rng.range(0.88, 1.14),
    bulk: rng.range(0.88, 1.15),
    height: rng.range(0.94, 1.04),
    pauldrons: rng.chance(0.5),
    scarf: rng.chance(0.4),
  };
}

export function describeLook(look: HeroLook): string {
  const weapon: Record<Weapon, string> = {
    sword: 'a longsword',
    staff: `a tall staff crowned with a glowing ${look.finial}`,
    spear: 'a tasselled spear',
    bow: 'a recurve bow',
  };
  const head: Record<Headgear, string> = {
    hood: 'a deep pointed hood',
    helm: 'a crested helm',
    crown: 'a star-pointed circlet',
    'long hair': 'long wind-swept hair',
    'horned helm': 'a horned helm',
    topknot: 'a topknot tied with a ribbon',
  };
  const cloak = look.cloakLength > 0.88 ? 'a long tattered cloak' : 'a short travelling cloak';
  return `${head[look.headgear]}, ${cloak}${look.pauldrons ? ', armoured pauldrons' : ''}${look.scarf ? ', a trailing scarf' : ''} and ${weapon[look.weapon]}`;
}

type Shape = ({ kind: 'fill'; d: string } | { kind: 'stroke'; d: string; width: number }) & { layer: 0 | 1 };

interface Joints {
  head: Point;
  neck: Point;
  shoulderF: Point;
  shoulderB: Point;
  elbowF: Point;
  elbowB: Point;
  handF: Point;
  handB: Point;
  pelvis: Point;
  hipF: Point;
  hipB: Point;
  kneeF: Point;
  kneeB: Point;
  footF: Point;
  footB: Point;
}

export interface FigurePlacement {
  /** Pixel position of the point between the feet (front/profile) or of the pelvis' ground shadow (action). */
  x: number;
  y: number;
  /** Figure height in pixels. */
  size: number;
  /** Mirror horizontally (profile and action face left instead of right). */
  mirror: boolean;
}

export interface FigureColors {
  figure: string;
  /** The cloak, a shade lighter than the figure so the body reads against it. */
  cloak: string;
  rim: string;
  glow: string;
  glowCore: string;
}

export interface FigureResult {
  svg: string;
  /** The whole silhouette in one colour, without rim light (for after-images). */
  ghost: (color: string) => string;
  /** Pixel position of the magic focus (staff finial, casting hand), for effects. */
  focus: Point;
  /** Pixel position of the head centre. */
  head: Point;
}

const add = (a: Point, b: Point): Point => [a[0] + b[0], a[1] + b[1]];
const lerp = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

function jitter(rng: Rng, p: Point, amount: number): Point {
  return [p[0] + rng.gauss() * amount, p[1] + rng.gauss() * amount];
}

function posed(angle: ImageAngle, look: HeroLook, rng: Rng, variant: number): Joints {
  const sw = 0.11 * look.shoulders;
  if (angle === 'front') {
    const swordPlanted = look.weapon === 'sword';
    return {
      head: [0, -0.872],
      neck: [0, -0.8],
      shoulderF: [sw, -0.765],
      shoulderB: [-sw, -0.765],
      elbowF: swordPlanted ? [sw * 0.9, -0.6] : [sw + 0.07, -0.61],
      elbowB: swordPlanted ? [-sw * 0.9, -0.6] : [-sw - 0.05, -0.6],
      handF: swordPlanted ? [0.018, -0.5] : [sw + 0.1, -0.5],
      handB: swordPlanted ? [-0.018, -0.5] : rng.chance(0.5) ? [-sw - 0.12, -0.72] : [-sw - 0.04, -0.45],
      pelvis: [0, -0.48],
      hipF: [0.06, -0.47],
      hipB: [-0.06, -0.47],
      kneeF: [0.085 + rng.range(0, 0.02), -0.25],
      kneeB: [-0.085 - rng.range(0, 0.02), -0.25],
      footF: [0.11 + rng.range(0, 0.04), 0],
      footB: [-0.11 - rng.range(0, 0.04), 0],
    };
  }
  if (angle === 'profile') {
    const stride = rng.range(0.08, 0.16);
    const bowDraw = look.weapon === 'bow';
    return {
      head: [0.02, -0.885],
      neck: [0.005, -0.8],
      shoulderF: [0.01, -0.765],
      shoulderB: [-0.015, -0.77],
      elbowF: bowDraw ? [0.16, -0.76] : [0.1, -0.62],
      elbowB: bowDraw ? [-0.08, -0.74] : [-0.06, -0.62],
      handF: bowDraw ? [0.3, -0.77] : [0.2, -0.66],
      handB: bowDraw ? [0.04, -0.8] : [-0.06, -0.47],
      pelvis: [-0.005, -0.48],
      hipF: [0.005, -0.48],
      hipB: [-0.015, -0.48],
      kneeF: [0.05 + stride * 0.5, -0.25],
      kneeB: [-0.02 - stride * 0.2, -0.24],
      footF: [0.03 + stride, 0],
      footB: [-0.07 - stride * 0.6, 0],
    };
  }
  // action: 0 = leaping strike, 1 = casting lunge
  if (variant === 0) {
    return {
      head: [0.13, -0.9],
      neck: [0.1, -0.82],
      shoulderF: [0.1, -0.78],
      shoulderB: [0.07, -0.79],
      elbowF: [0.12, -0.98],
      elbowB: [-0.06, -0.72],
      handF: [0.05, -1.1],
      handB: [-0.18, -0.66],
      pelvis: [0, -0.52],
      hipF: [0.01, -0.52],
      hipB: [-0.01, -0.52],
      kneeF: [0.17, -0.44],
      kneeB: [-0.1, -0.36],
      footF: [0.14, -0.22],
      footB: [-0.32, -0.3],
    };
  }
  return {
    head: [0.12, -0.86],
    neck: [0.09, -0.78],
    shoulderF: [0.09, -0.74],
    shoulderB: [0.06, -0.75],
    elbowF: [0.22, -0.8],
    elbowB: [-0.06, -0.66],
    handF: [0.34, -0.84],
    handB: [-0.17, -0.6],
    pelvis: [-0.01, -0.44],
    hipF: [0, -0.44],
    hipB: [-0.02, -0.44],
    kneeF: [0.17, -0.28],
    kneeB: [-0.12, -0.24],
    footF: [0.22, -0.02],
    footB: [-0.32, -0.06],
  };
}

/**
 * SVG for the hero figure. `rng` must be a fork dedicated to this image; `look` comes from the
 * hero's own fork so all three images show the same character.
 */
export function drawFigure(
  angle: ImageAngle,
  look: HeroLook,
  place: FigurePlacement,
  colors: FigureColors,
  rng: Rng,
): FigureResult {
  const variant =
    angle === 'action' ? (look.weapon === 'bow' || look.weapon === 'staff' ? 1 : rng.int(0, 1)) : 0;
  const j0 = posed(angle, look, rng, variant);
  const J: Joints = { ...j0 };
  for (const key of ['elbowF', 'elbowB', 'handB', 'kneeF', 'kneeB'] as const)
    J[key] = jitter(rng, j0[key], 0.008);
  const side = angle !== 'front';
  const S = place.size * look.height;
  const dir = place.mirror ? -1 : 1;
  const px = (p: readonly number[]): Point => [place.x + p[0]! * S * dir, place.y + p[1]! * S];
  const poly = (pts: readonly Point[]) => polyline(pts.map(px), true);
  const shapes: Shape[] = [];
  let layer: 0 | 1 = 0;
  const fill = (d: string) => shapes.push({ kind: 'fill', d, layer });
  const limb = (a: Point, b: Point, w: number) =>
    shapes.push({
      kind: 'stroke',
      d: `M${px(a).map(n).join(' ')}L${px(b).map(n).join(' ')}`,
      width: w * S,
      layer,
    });
  const glowShapes: string[] = [];
  const bulk = look.bulk;
  const wind = angle === 'front' ? rng.range(-0.08, 0.08) : -1;

  // --- cloak (behind everything) ---
  const hemY = -0.78 + look.cloakLength * 0.78;
  if (!side) {
    const w = 0.22 * look.cloakWidth;
    const hem: Point[] = [];
    const k = look.tatters * 2;
    for (let i = 0; i <= k; i++) {
      const t = i / k;
      const x = -w + 2 * w * t + wind * (1 - Math.abs(t - 0.5)) * 1.4;
      hem.push([x, hemY - (i % 2 === 1 ? rng.range(0.02, 0.07) : 0) + Math.sin(t * Math.PI) * 0.02]);
    }
    fill(
      poly([
        [-0.07, -0.83],
        [-0.12 * look.shoulders, -0.78],
        ...hem,
        [0.12 * look.shoulders, -0.78],
        [0.07, -0.83],
      ]),
    );
  } else {
    const top = J.neck;
    const streaming = angle === 'action';
    const tip: Point = streaming
      ? [-0.62 - rng.range(0, 0.1), -0.62 + rng.range(-0.08, 0.08)]
      : [-0.3 - look.cloakWidth * 0.12, hemY - 0.06];
    const lower: Point = streaming ? [-0.06, -0.52] : [-0.04, hemY];
    const curve = sampleCubics(
      streaming ? [top, [-0.12, -0.95], [-0.4, -0.72], tip] : [top, [-0.12, -0.78], [-0.22, -0.5], tip],
      10,
    );
    const hem: Point[] = [];
    const k = look.tatters * 2;
    for (let i = 1; i < k; i++) {
      const t = i / k;
      const b = lerp(tip, lower, t);
      const wave = streaming ? Math.sin(t * Math.PI * 2) * 0.06 : 0;
      hem.push(i % 2 === 1 ? [b[0] + 0.04, b[1] + 0.04 + wave] : [b[0], b[1] + wave]);
    }
    fill(poly([...curve, ...hem, lower, [J.shoulderB[0], J.shoulderB[1] + 0.05]]));
  }

  // --- back limbs ---
  layer = 1;
  const legW = 0.07 * bulk;
  const armW = 0.05 * bulk;
  limb(J.hipB, J.kneeB, legW);
  limb(J.kneeB, J.footB, legW * 0.82);
  fill(foot(J.footB, side, px, angle === 'action' ? -1 : 1));
  limb(J.shoulderB, J.elbowB, armW);
  limb(J.elbowB, J.handB, armW * 0.85);
  fill(circlePath(...px(J.handB), 0.026 * S));

  // --- torso and tunic ---
  if (!side) {
    const s = 0.115 * look.shoulders * bulk;
    fill(
      poly([
        [-s, -0.79],
        [s, -0.79],
        [0.075 * bulk, -0.52],
        [0.12 * bulk, -0.36],
        [-0.12 * bulk, -0.36],
        [-0.075 * bulk, -0.52],
      ]),
    );
  } else {
    const up = [J.neck[0] - J.pelvis[0], J.neck[1] - J.pelvis[1]] as const;
    const len = Math.hypot(up[0], up[1]);
    const nx = -up[1] / len;
    const ny = up[0] / len;
    const chest = 0.075 * bulk;
    const waist = 0.055 * bulk;
    const c1 = add(J.neck, [0, 0.02]);
    fill(
      poly([
        [c1[0] + nx * chest, c1[1] + ny * chest],
        [c1[0] - nx * chest * 0.9, c1[1] - ny * chest * 0.9],
        [J.pelvis[0] - nx * waist - 0.05, J.pelvis[1] + 0.12],
        [J.pelvis[0] + nx * waist + 0.04, J.pelvis[1] + 0.12],
      ]),
    );
  }
  if (look.pauldrons) {
    const r = 0.045 * bulk * S;
    fill(circlePath(...px(J.shoulderF), r));
    if (!side) fill(circlePath(...px(J.shoulderB), r));
  }

  // --- front leg ---
  limb(J.hipF, J.kneeF, legW);
  limb(J.kneeF, J.footF, legW * 0.82);
  fill(foot(J.footF, side, px, 1));

  // --- head and headgear ---
  const headR = 0.062;
  fill(circlePath(...px(J.head), headR * S));
  limb(J.neck, J.head, 0.05);
  if (side)
    fill(
      poly([
        add(J.head, [0.04, -0.02]),
        add(J.head, [0.078, 0.012]),
        add(J.head, [0.05, 0.03]),
        add(J.head, [0.03, 0.055]),
      ]),
    );
  headgear(look, J, side, angle, rng, px, fill, (d) => glowShapes.push(d), S);
  if (look.scarf) {
    const trail: Point[] = side
      ? [J.neck, [-0.15, -0.86], [-0.28, -0.7], [-0.42 - (angle === 'action' ? 0.2 : 0), -0.78]]
      : [J.neck, [0.08 + wind, -0.74], [0.1 + wind, -0.62], [0.14 + wind * 2, -0.55]];
    fill(taperedPath(sampleCubics(trail, 10).map(px), (t) => (0.05 - t * 0.035) * S));
  }

  // --- front arm and weapon ---
  const focus = weapon(look, angle, variant, J, px, fill, limb, (d) => glowShapes.push(d), S);
  limb(J.shoulderF, J.elbowF, armW);
  limb(J.elbowF, J.handF, armW * 0.85);
  fill(circlePath(...px(J.handF), 0.027 * S));

  // --- emit: per layer a rim pass and a silhouette pass, then glowing bits ---
  const rimW = Math.max(1.5, S * 0.01);
  const emit = (color: string, extra: number, only?: 0 | 1) =>
    shapes
      .filter((s) => only === undefined || s.layer === only)
      .map((s) =>
        s.kind === 'fill'
          ? `<path d="${s.d}"${extra ? ` stroke="${color}" stroke-width="${n(extra * 2)}" stroke-linejoin="round"` : ''}/>`
          : `<path d="${s.d}" fill="none" stroke="${color}" stroke-width="${n(s.width + extra * 2)}" stroke-linecap="round"/>`,
      )
      .join('');
  const svg =
    `<g fill="${colors.rim}">${emit(colors.rim, rimW, 0)}</g>` +
    `<g fill="${colors.cloak}">${emit(colors.cloak, 0, 0)}</g>` +
    `<g fill="${colors.rim}">${emit(colors.rim, rimW * 0.6, 1)}</g>` +
    `<g fill="${colors.figure}">${emit(colors.figure, 0, 1)}</g>` +
    (glowShapes.length
      ? `<g fill="${colors.glowCore}">${glowShapes.map((d) => `<path d="${d}"/>`).join('')}</g>`
      : '');
  const ghost = (color: string) => `<g fill="${color}">${emit(color, 0)}</g>`;
  return { svg, ghost, focus: px(focus), head: px(J.head) };
}

function foot(at: Point, side: boolean, px: (p: readonly number[]) => Point, sign: number): string {
  const pts: Point[] = side
    ? [
        [at[0] - 0.03, at[1] - 0.035],
        [at[0] + 0.05 * sign, at[1] - 0.01],
        [at[0] + 0.06 * sign, at[1] + 0.012],
        [at[0] - 0.035, at[1] + 0.012],
      ]
    : [
        [at[0] - 0.03, at[1] - 0.04],
        [at[0] + 0.03, at[1] - 0.04],
        [at[0] + 0.038, at[1] + 0.012],
        [at[0] - 0.038, at[1] + 0.012],
      ];
  return polyline(pts.map(px), true);
}

function headgear(
  look: HeroLook,
  J: Joints,
  side: boolean,
  angle: ImageAngle,
  rng: Rng,
  px: (p: readonly number[]) => Point,
  fill: (d: string) => void,
  glow: (d: string) => void,
  S: number,
) {
  const h = J.head;
  const r = 0.062;
  const back = side ? -1 : 0;
  const poly = (pts: Point[]) =>
    fill(
      polyline(
        pts.map((p) => px(add(h, p))),
        true,
      ),
    );
  switch (look.headgear) {
    case 'hood':
      poly(
        side
          ? [
              [0.05, -0.05],
              [-0.02, -0.085],
              [-0.1, -0.06],
              [-0.17, 0.02],
              [-0.08, 0.08],
              [-0.02, 0.07],
            ]
          : [
              [-0.075, 0.06],
              [-0.08, -0.02],
              [-0.03, -0.08],
              [0.0, -0.12 - rng.range(0, 0.02)],
              [0.03, -0.08],
              [0.08, -0.02],
              [0.075, 0.06],
            ],
      );
      break;
    case 'helm':
      fill(circlePath(...px(add(h, [0, -0.008])), (r + 0.008) * S));
      fill(
        taperedPath(
          sampleCubics(
            side
              ? [
                  [-0.0, -0.07],
                  [-0.06, -0.12],
                  [-0.14, -0.1],
                  [-0.2, -0.02],
                ]
              : [
                  [0, -0.07],
                  [0.02, -0.12],
                  [0.04, -0.15],
                  [0.09, -0.14],
                ],
            8,
          ).map((p) => px(add(h, p))),
          (t) => (0.035 - t * 0.03) * S,
        ),
      );
      break;
    case 'crown': {
      const pts: Point[] = [[-0.06, -0.03]];
      const spikes = 5;
      for (let i = 0; i <= spikes * 2; i++) {
        const x = -0.06 + (0.12 * i) / (spikes * 2);
        pts.push([x, i % 2 === 0 ? -0.06 : -0.1 - (i === spikes ? 0.025 : 0)]);
      }
      pts.push([0.06, -0.03]);
      poly(pts);
      glow(circlePath(...px(add(h, [0, -0.07])), 0.009 * S));
      break;
    }
    case 'long hair': {
      const flow = side ? (angle === 'action' ? -0.3 : -0.16) : rng.range(-0.06, 0.06);
      fill(
        taperedPath(
          sampleCubics(
            [
              [0, -0.05],
              [back * 0.08 - 0.02, -0.02],
              [flow * 0.7, 0.06],
              [flow, 0.16],
            ],
            10,
          ).map((p) => px(add(h, p))),
          (t) => (0.12 - t * 0.09) * S,
        ),
      );
      break;
    }
    case 'horned helm': {
      fill(circlePath(...px(add(h, [0, -0.008])), (r + 0.008) * S));
      for (const s of side ? [-1] : [-1, 1]) {
        fill(
          taperedPath(
            sampleCubics(
              [
                [0.05 * s, -0.04],
                [0.12 * s, -0.06],
                [0.13 * s, -0.12],
                [0.1 * s, -0.17],
              ],
              8,
            ).map((p) => px(add(h, side ? [p[0] * 0.6 + 0.01, p[1]] : p))),
            (t) => (0.03 - t * 0.028) * S,
          ),
        );
      }
      break;
    }
    case 'topknot':
      fill(circlePath(...px(add(h, [side ? -0.02 : 0, -0.075])), 0.03 * S));
      fill(
        taperedPath(
          sampleCubics(
            [
              [0, -0.08],
              [-0.05, -0.1],
              [-0.1, -0.05],
              [-0.16, -0.08],
            ],
            8,
          ).map((p) => px(add(h, p))),
          (t) => (0.018 - t * 0.012) * S,
        ),
      );
      break;
  }
}

/** The arcs (cubic control points) a sword's and a spear's swing trace in the first action pose. */
const SWORD_SWING: readonly Point[] = [
  [-0.25, -1.05],
  [0.05, -1.35],
  [0.55, -1.05],
  [0.5, -0.55],
];
const SPEAR_SWING: readonly Point[] = [
  [-0.35, -0.9],
  [0.0, -1.2],
  [0.6, -0.95],
  [0.75, -0.5],
];

/** Draws the weapon and returns the magic focus point in figure units. */
function weapon(
  look: HeroLook,
  angle: ImageAngle,
  variant: number,
  J: Joints,
  px: (p: readonly number[]) => Point,
  fill: (d: string) => void,
  limb: (a: Point, b: Point, w: number) => void,
  glow: (d: string) => void,
  S: number,
): Point {
  const finial = (at: Point, size: number) => {
    if (look.finial === 'orb') {
      fill(circlePath(...px(at), size * 1.25 * S));
      glow(circlePath(...px(at), size * 0.85 * S));
    } else if (look.finial === 'crescent') {
      fill(circlePath(...px(at), size * 1.3 * S));
      glow(`${circlePath(...px(at), size * 0.9 * S)}`);
      fill(circlePath(...px([at[0] + size * 0.5, at[1] - size * 0.35]), size * 0.75 * S));
    } else {
      const s = size * 1.4;
      fill(
        polyline(
          [
            [at[0], at[1] - s * 1.6],
            [at[0] + s * 0.8, at[1]],
            [at[0], at[1] + s * 1.2],
            [at[0] - s * 0.8, at[1]],
          ].map(px),
          true,
        ),
      );
      glow(
        polyline(
          [
            [at[0], at[1] - s * 1.1],
            [at[0] + s * 0.45, at[1]],
            [at[0], at[1] + s * 0.7],
            [at[0] - s * 0.45, at[1]],
          ].map(px),
          true,
        ),
      );
    }
  };
  const sword = (grip: Point, dirv: Point, length: number) => {
    const len = Math.hypot(dirv[0], dirv[1]);
    const ux = dirv[0] / len;
    const uy = dirv[1] / len;
    const tip: Point = [grip[0] + ux * length, grip[1] + uy * length];
    const base: Point = [grip[0] + ux * 0.05, grip[1] + uy * 0.05];
    const w = 0.016;
    fill(
      polyline(
        [
          [base[0] - uy * w, base[1] + ux * w],
          [tip[0] - ux * 0.05 - uy * w * 0.8, tip[1] - uy * 0.05 + ux * w * 0.8],
          tip,
          [tip[0] - ux * 0.05 + uy * w * 0.8, tip[1] - uy * 0.05 - ux * w * 0.8],
          [base[0] + uy * w, base[1] - ux * w],
        ].map(px),
        true,
      ),
    );
    limb([base[0] - uy * 0.06, base[1] + ux * 0.06], [base[0] + uy * 0.06, base[1] - ux * 0.06], 0.016);
    limb([grip[0] - ux * 0.06, grip[1] - uy * 0.06], base, 0.018);
    glow(
      polyline(
        [
          [base[0] + ux * 0.03, base[1] + uy * 0.03],
          [tip[0] - ux * 0.07 - uy * 0.004, tip[1] - uy * 0.07 + ux * 0.004],
          [tip[0] - ux * 0.07 + uy * 0.004, tip[1] - uy * 0.07 - ux * 0.004],
        ].map(px),
        true,
      ),
    );
    return tip;
  };
  const shaft = (a: Point, b: Point) => limb(a, b, 0.018);
  /** The glowing trail of a swing along a cubic curve, `width` at its widest. */
  const swoosh = (curve: readonly Point[], width: number) =>
    glow(taperedPath(sampleCubics(curve, 16).map(px), (t) => Math.sin(t * Math.PI) * width * S));
  const h = J.handF;
  switch (look.weapon) {
    case 'sword': {
      if (angle === 'front') return sword([0, -0.5], [0, 1], 0.46);
      if (angle === 'profile') return sword(h, [0.55, -1], 0.46);
      if (variant === 0) {
        const tip = sword(h, [0.9, -0.35], 0.46);
        swoosh(SWORD_SWING, 0.05);
        return tip;
      }
      sword(J.handB, [-0.8, 0.6], 0.42);
      return h;
    }
    case 'staff': {
      let top: Point;
      let bottom: Point;
      if (angle === 'front') {
        top = [h[0] + 0.01, -1.06];
        bottom = [h[0] - 0.005, 0];
      } else if (angle === 'profile') {
        top = [h[0] + 0.16, -1.12];
        bottom = [h[0] - 0.1, 0];
      } else {
        top = [J.handB[0] - 0.2, J.handB[1] - 0.38];
        bottom = [J.handB[0] + 0.22, J.handB[1] + 0.42];
        shaft(top, bottom);
        finial(top, 0.03);
        return h;
      }
      shaft(top, bottom);
      finial(top, 0.032);
      return top;
    }
    case 'spear': {
      let a: Point;
      let b: Point;
      if (angle === 'front') {
        a = [h[0] + 0.01, -1.12];
        b = [h[0], 0];
      } else if (angle === 'profile') {
        a = [h[0] + 0.5, h[1] - 0.1];
        b = [h[0] - 0.5, h[1] + 0.1];
      } else if (variant === 0) {
        a = [h[0] + 0.55, h[1] + 0.25];
        b = [h[0] - 0.4, h[1] - 0.18];
      } else {
        a = [J.handB[0] + 0.45, J.handB[1] - 0.2];
        b = [J.handB[0] - 0.5, J.handB[1] + 0.22];
      }
      shaft(a, b);
      const dx = a[0] - b[0];
      const dy = a[1] - b[1];
      const len = Math.hypot(dx, dy);
      const ux = dx / len;
      const uy = dy / len;
      const w = 0.028;
      fill(
        polyline(
          [
            [a[0] + ux * 0.11, a[1] + uy * 0.11],
            [a[0] + ux * 0.02 - uy * w, a[1] + uy * 0.02 + ux * w],
            [a[0] - ux * 0.02, a[1] - uy * 0.02],
            [a[0] + ux * 0.02 + uy * w, a[1] + uy * 0.02 - ux * w],
          ].map(px),
          true,
        ),
      );
      fill(
        taperedPath(
          [a, [a[0] - ux * 0.02 + 0.03, a[1] - uy * 0.02 + 0.09]].map(px),
          (t) => (0.02 - t * 0.014) * S,
        ),
      );
      if (angle === 'action' && variant === 0) swoosh(SPEAR_SWING, 0.04);
      return angle === 'action' && variant === 1 ? h : a;
    }
    case 'bow': {
      const grip = angle === 'profile' ? h : angle === 'front' ? J.handB : J.handB;
      const span = 0.34;
      const bend = angle === 'profile' ? 0.12 : 0.08;
      const lean = angle === 'action' ? -0.12 : 0;
      const topP: Point = [grip[0] - bend * 0.4 + lean, grip[1] - span];
      const botP: Point = [grip[0] - bend * 0.4 - lean, grip[1] + span];
      const c1: Point = [grip[0] + bend + lean, grip[1] - span * 0.6];
      const c2: Point = [grip[0] + bend - lean, grip[1] + span * 0.6];
      fill(
        taperedPath(
          sampleCubics([topP, c1, c2, botP], 16).map(px),
          (t) => (0.012 + Math.sin(t * Math.PI) * 0.012) * S,
        ),
      );
      const pull: Point = angle === 'profile' ? J.handB : [grip[0] - bend * 0.4, grip[1]];
      limb(topP, pull, 0.004);
      limb(pull, botP, 0.004);
      if (angle === 'profile') {
        // a nocked arrow
        limb(pull, [grip[0] + 0.1, grip[1] - 0.005], 0.008);
        glow(circlePath(...px([grip[0] + 0.11, grip[1] - 0.005]), 0.012 * S));
      }
      return angle === 'profile' ? [grip[0] + 0.11, grip[1]] : h;
    }
  }
  return h;
}
