/**
 * The hero's Chinese zodiac animal as a companion creature, drawn in side view so each is known by
 * its shape: the rat's long tail and round ears, the ox's horns and bulk, the tiger's stripes, the
 * rabbit's ears, the dragon's serpent body, the snake's coils, the horse's mane and long legs, the
 * goat's curled horns and beard, the monkey's curled tail, the rooster's comb and tail, the dog's
 * ears and raised tail, the pig's snout and curly tail.
 */
import { mix } from '../color.js';
import { circlePath, n, polyline, sampleCubics, taperedPath, type Point } from '../svg.js';

export type Animal =
  | 'rat'
  | 'ox'
  | 'tiger'
  | 'rabbit'
  | 'dragon'
  | 'snake'
  | 'horse'
  | 'goat'
  | 'monkey'
  | 'rooster'
  | 'dog'
  | 'pig';

/** 'Sheep/Goat' → 'goat', ' Dragon ' → 'dragon'. */
export function animalOf(sign: string): Animal {
  const s = sign.trim().toLowerCase();
  if (s.includes('goat') || s.includes('sheep') || s.includes('ram')) return 'goat';
  if (s.includes('ox') || s.includes('buffalo')) return 'ox';
  const known: Animal[] = [
    'rat',
    'tiger',
    'rabbit',
    'dragon',
    'snake',
    'horse',
    'monkey',
    'rooster',
    'dog',
    'pig',
  ];
  return (
    known.find((a) => s.includes(a)) ?? (s.includes('boar') ? 'pig' : s.includes('cock') ? 'rooster' : 'dog')
  );
}

/** How tall each animal stands next to a hero of height 1, and its natural colours. */
export const ANIMAL_BODY: Record<Animal, { height: number; coat: string; belly: string }> = {
  rat: { height: 0.13, coat: '#7a6a5e', belly: '#c8b8a8' },
  ox: { height: 0.6, coat: '#4a3226', belly: '#7a5a44' },
  tiger: { height: 0.45, coat: '#e07a28', belly: '#f6ecd8' },
  rabbit: { height: 0.22, coat: '#d8d0c6', belly: '#ffffff' },
  dragon: { height: 0.6, coat: '#2f8a5a', belly: '#e8c86a' },
  snake: { height: 0.25, coat: '#4a8a3a', belly: '#d8d08a' },
  horse: { height: 0.7, coat: '#8a5a34', belly: '#a8784e' },
  goat: { height: 0.42, coat: '#e8e0cc', belly: '#ffffff' },
  monkey: { height: 0.35, coat: '#8a5a34', belly: '#e8c8a0' },
  rooster: { height: 0.3, coat: '#c84a24', belly: '#2a3a2a' },
  dog: { height: 0.4, coat: '#b8844a', belly: '#f0dcc0' },
  pig: { height: 0.32, coat: '#e8a8a0', belly: '#f6c8c0' },
};

export interface AnimalStyle {
  /** Mixed into every colour: the hour's light. */
  tint: (color: string) => string;
  outline: string;
  eyeGlint: string;
}

/**
 * The animal standing with its feet at (x, y), `height` pixels tall, facing right unless `left`.
 * Drawn in a unit box (nose at x≈0.5, rump at x≈−0.5, feet at y 0) scaled to the height.
 */
export function drawAnimal(
  animal: Animal,
  x: number,
  y: number,
  height: number,
  left: boolean,
  style: AnimalStyle,
  /** Another coat than the animal's own (a red fox drawn with the dog's shape). */
  coatColor?: string,
): string {
  const body = { ...ANIMAL_BODY[animal], ...(coatColor ? { coat: coatColor } : {}) };
  const k = height;
  const d = left ? -1 : 1;
  const P = (p: readonly number[]): Point => [x + p[0]! * k * d, y + p[1]! * k];
  const coat = style.tint(body.coat);
  const belly = style.tint(body.belly);
  const dark = style.tint(mix(body.coat, '#000000', 0.45));
  const ink = style.outline;
  const w = Math.max(1, k * 0.012);
  const parts: string[] = [];
  const shape = (pts: Point[], color: string) =>
    parts.push(
      `<path d="${polyline(pts.map(P), true)}" fill="${color}" stroke="${ink}" stroke-width="${n(w)}" stroke-linejoin="round"/>`,
    );
  const ellipse = (cx: number, cy: number, rx: number, ry: number, color: string, rot = 0) => {
    const [px, py] = P([cx, cy]);
    parts.push(
      `<ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(rx * k)}" ry="${n(ry * k)}" fill="${color}" stroke="${ink}" stroke-width="${n(w)}"${rot ? ` transform="rotate(${n(rot * d)} ${n(px)} ${n(py)})"` : ''}/>`,
    );
  };
  const line = (pts: Point[], width: number, color: string) =>
    parts.push(
      `<path d="${polyline(pts.map(P))}" stroke="${color}" stroke-width="${n(width * k)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  const tail = (pts: Point[], width: number, color: string) =>
    parts.push(
      `<path d="${taperedPath(sampleCubics(pts.map(P), 10), (t) => (1 - t * 0.8) * width * k)}" fill="${color}" stroke="${ink}" stroke-width="${n(w)}"/>`,
    );
  const eye = (cx: number, cy: number, r: number) =>
    parts.push(
      `<path d="${circlePath(...P([cx, cy]), r * k)}" fill="#111111"/><path d="${circlePath(...P([cx + r * 0.3, cy - r * 0.3]), r * 0.35 * k)}" fill="${style.eyeGlint}"/>`,
    );
  const legs = (xs: number[], top: number, width: number, color: string) => {
    for (const lx of xs)
      line(
        [
          [lx, top],
          [lx + 0.02, 0],
        ],
        width,
        color,
      );
  };

  switch (animal) {
    case 'rat':
      tail(
        [
          [-0.35, -0.3],
          [-0.7, -0.2],
          [-0.9, -0.6],
          [-1.2, -0.4],
        ],
        0.06,
        style.tint('#c8a0a0'),
      );
      ellipse(-0.05, -0.38, 0.38, 0.3, coat);
      ellipse(0.32, -0.42, 0.2, 0.16, coat);
      shape(
        [
          [0.45, -0.48],
          [0.65, -0.38],
          [0.45, -0.32],
        ],
        coat,
      );
      ellipse(0.2, -0.68, 0.12, 0.12, style.tint('#e8b0b0'));
      legs([-0.2, 0.15], -0.15, 0.08, dark);
      eye(0.4, -0.46, 0.04);
      break;
    case 'ox':
      tail(
        [
          [-0.46, -0.7],
          [-0.55, -0.5],
          [-0.55, -0.35],
          [-0.55, -0.25],
        ],
        0.05,
        dark,
      );
      legs([-0.38, -0.25, 0.2, 0.32], -0.4, 0.1, dark);
      ellipse(-0.05, -0.62, 0.48, 0.25, coat);
      shape(
        [
          [0.3, -0.8],
          [0.62, -0.7],
          [0.7, -0.45],
          [0.5, -0.4],
          [0.36, -0.55],
        ],
        coat,
      );
      tail(
        [
          [0.42, -0.8],
          [0.3, -0.95],
          [0.4, -1.05],
          [0.55, -1.02],
        ],
        0.06,
        style.tint('#ece4d0'),
      );
      ellipse(0.64, -0.47, 0.08, 0.06, belly);
      eye(0.5, -0.66, 0.03);
      break;
    case 'tiger': {
      tail(
        [
          [-0.45, -0.62],
          [-0.75, -0.6],
          [-0.85, -0.95],
          [-0.7, -1.05],
        ],
        0.07,
        coat,
      );
      legs([-0.38, -0.25, 0.2, 0.32], -0.45, 0.1, coat);
      ellipse(-0.05, -0.58, 0.46, 0.18, coat);
      ellipse(0.42, -0.7, 0.17, 0.16, coat);
      ellipse(0.53, -0.64, 0.09, 0.07, belly);
      ellipse(0.34, -0.85, 0.05, 0.05, coat);
      let stripes = '';
      for (let i = 0; i < 6; i++) {
        const sx = -0.4 + i * 0.14;
        stripes += polyline(
          [
            [sx, -0.74],
            [sx + 0.05, -0.6],
            [sx - 0.01, -0.46],
          ].map(P),
        );
      }
      parts.push(
        `<path d="${stripes}" stroke="#1a1008" stroke-width="${n(0.035 * k)}" fill="none" stroke-linecap="round"/>`,
      );
      eye(0.47, -0.74, 0.03);
      break;
    }
    case 'rabbit':
      ellipse(-0.05, -0.4, 0.38, 0.36, coat);
      ellipse(-0.42, -0.4, 0.1, 0.1, style.tint('#ffffff'));
      ellipse(0.3, -0.72, 0.2, 0.18, coat);
      ellipse(0.18, -1.12, 0.07, 0.28, coat, -12);
      ellipse(0.3, -1.1, 0.07, 0.27, coat, 10);
      ellipse(0.3, -1.1, 0.03, 0.2, style.tint('#e8b0b0'), 10);
      legs([0.12], -0.12, 0.09, coat);
      eye(0.38, -0.76, 0.04);
      break;
    case 'dragon': {
      // A serpent body in a wave, legs beneath, horns, spines and a fringe.
      const spine: Point[] = [];
      for (let i = 0; i <= 20; i++) {
        const t = i / 20;
        spine.push([-1.1 + t * 1.5, -0.6 + Math.sin(t * Math.PI * 2.2) * 0.2]);
      }
      parts.push(
        `<path d="${taperedPath(spine.map(P), (t) => (0.05 + t * 0.16) * k)}" fill="${coat}" stroke="${ink}" stroke-width="${n(w)}"/>`,
      );
      let spikes = '';
      for (let i = 2; i < 19; i += 2) {
        const [sx, sy] = spine[i]!;
        spikes += polyline(
          [
            [sx - 0.03, sy - 0.04],
            [sx, sy - 0.14],
            [sx + 0.03, sy - 0.04],
          ].map(P),
          true,
        );
      }
      parts.push(`<path d="${spikes}" fill="${belly}"/>`);
      for (const i of [6, 14]) {
        const [lx, ly] = spine[i]!;
        line(
          [
            [lx, ly],
            [lx + 0.06, ly + 0.14],
            [lx + 0.12, ly + 0.16],
          ],
          0.05,
          coat,
        );
      }
      shape(
        [
          [0.3, -0.78],
          [0.72, -0.7],
          [0.75, -0.58],
          [0.45, -0.52],
          [0.3, -0.58],
        ],
        coat,
      );
      tail(
        [
          [0.38, -0.78],
          [0.3, -0.95],
          [0.2, -1.02],
          [0.1, -1.08],
        ],
        0.05,
        belly,
      );
      line(
        [
          [0.72, -0.6],
          [0.9, -0.75],
          [1.0, -0.68],
        ],
        0.015,
        belly,
      );
      eye(0.52, -0.7, 0.03);
      break;
    }
    case 'snake': {
      const coil: Point[] = [];
      for (let i = 0; i <= 30; i++) {
        const t = i / 30;
        coil.push([-0.8 + t * 1.1, -0.08 - Math.sin(t * Math.PI * 3) * 0.08 - (t > 0.8 ? (t - 0.8) * 3 : 0)]);
      }
      parts.push(
        `<path d="${taperedPath(coil.map(P), (t) => (0.04 + Math.sin(t * Math.PI) * 0.1) * k)}" fill="${coat}" stroke="${ink}" stroke-width="${n(w)}"/>`,
      );
      let scales = '';
      for (let i = 3; i < 26; i += 3) scales += circlePath(...P(coil[i]!), 0.025 * k);
      parts.push(`<path d="${scales}" fill="${belly}"/>`);
      ellipse(0.38, -0.72, 0.13, 0.08, coat);
      line(
        [
          [0.5, -0.72],
          [0.62, -0.72],
          [0.66, -0.76],
          [0.62, -0.72],
          [0.66, -0.68],
        ],
        0.012,
        style.tint('#d02020'),
      );
      eye(0.42, -0.75, 0.025);
      break;
    }
    case 'horse':
      tail(
        [
          [-0.48, -0.82],
          [-0.7, -0.7],
          [-0.7, -0.4],
          [-0.62, -0.3],
        ],
        0.1,
        dark,
      );
      legs([-0.38, -0.28, 0.22, 0.32], -0.6, 0.045, coat);
      ellipse(-0.05, -0.72, 0.44, 0.16, coat);
      shape(
        [
          [0.22, -0.8],
          [0.42, -1.16],
          [0.55, -1.2],
          [0.7, -1.0],
          [0.64, -0.96],
          [0.5, -1.02],
          [0.4, -0.72],
        ],
        coat,
      );
      tail(
        [
          [0.44, -1.17],
          [0.3, -1.0],
          [0.22, -0.9],
          [0.15, -0.78],
        ],
        0.07,
        dark,
      );
      ellipse(0.48, -1.22, 0.03, 0.05, coat);
      eye(0.52, -1.12, 0.025);
      break;
    case 'goat':
      legs([-0.32, -0.22, 0.18, 0.28], -0.45, 0.06, coat);
      ellipse(-0.03, -0.6, 0.38, 0.18, coat);
      shape(
        [
          [0.25, -0.68],
          [0.42, -0.95],
          [0.58, -0.86],
          [0.62, -0.7],
          [0.4, -0.6],
        ],
        coat,
      );
      parts.push(
        `<path d="${taperedPath(
          sampleCubics(
            [
              [0.44, -0.95],
              [0.3, -1.15],
              [0.1, -1.0],
              [0.25, -0.85],
            ].map(P),
            10,
          ),
          (t) => (1 - t * 0.7) * 0.06 * k,
        )}" fill="${style.tint('#8a7a60')}" stroke="${ink}" stroke-width="${n(w)}"/>`,
      );
      shape(
        [
          [0.56, -0.72],
          [0.6, -0.56],
          [0.52, -0.66],
        ],
        belly,
      );
      line(
        [
          [-0.4, -0.72],
          [-0.48, -0.8],
        ],
        0.04,
        coat,
      );
      eye(0.5, -0.84, 0.025);
      break;
    case 'monkey':
      tail(
        [
          [-0.3, -0.2],
          [-0.7, -0.1],
          [-0.75, -0.6],
          [-0.5, -0.55],
        ],
        0.05,
        coat,
      );
      ellipse(-0.05, -0.45, 0.26, 0.34, coat);
      ellipse(0.0, -0.42, 0.16, 0.24, belly);
      line(
        [
          [0.15, -0.6],
          [0.35, -0.45],
          [0.3, -0.3],
        ],
        0.08,
        coat,
      );
      legs([-0.1, 0.12], -0.2, 0.1, coat);
      ellipse(0.08, -0.92, 0.2, 0.19, coat);
      ellipse(0.14, -0.9, 0.13, 0.13, belly);
      ellipse(-0.1, -0.92, 0.07, 0.08, belly);
      eye(0.18, -0.94, 0.028);
      break;
    case 'rooster':
      tail(
        [
          [-0.25, -0.6],
          [-0.55, -1.1],
          [-0.75, -0.9],
          [-0.7, -0.5],
        ],
        0.14,
        style.tint('#1e4a3a'),
      );
      legs([-0.05, 0.08], -0.3, 0.03, style.tint('#e8b040'));
      ellipse(0, -0.5, 0.3, 0.24, coat);
      ellipse(0.22, -0.86, 0.12, 0.16, style.tint('#e89030'));
      shape(
        [
          [0.16, -1.0],
          [0.2, -1.12],
          [0.26, -1.04],
          [0.32, -1.1],
          [0.34, -0.98],
        ],
        style.tint('#e02020'),
      );
      shape(
        [
          [0.32, -0.88],
          [0.45, -0.84],
          [0.32, -0.8],
        ],
        style.tint('#f0c040'),
      );
      ellipse(0.3, -0.74, 0.035, 0.06, style.tint('#e02020'));
      eye(0.27, -0.9, 0.025);
      break;
    case 'dog':
      tail(
        [
          [-0.42, -0.7],
          [-0.6, -0.8],
          [-0.62, -1.0],
          [-0.5, -1.08],
        ],
        0.06,
        coat,
      );
      legs([-0.34, -0.24, 0.2, 0.3], -0.45, 0.08, coat);
      ellipse(-0.05, -0.6, 0.4, 0.17, coat);
      ellipse(0.35, -0.82, 0.15, 0.14, coat);
      shape(
        [
          [0.42, -0.86],
          [0.66, -0.78],
          [0.64, -0.72],
          [0.44, -0.74],
        ],
        coat,
      );
      parts.push(`<path d="${circlePath(...P([0.66, -0.78]), 0.03 * k)}" fill="#111111"/>`);
      shape(
        [
          [0.26, -0.88],
          [0.28, -1.08],
          [0.38, -0.92],
        ],
        dark,
      );
      eye(0.42, -0.86, 0.025);
      break;
    case 'pig':
      tail(
        [
          [-0.5, -0.6],
          [-0.62, -0.7],
          [-0.58, -0.82],
          [-0.66, -0.78],
        ],
        0.03,
        coat,
      );
      legs([-0.3, -0.2, 0.18, 0.28], -0.3, 0.08, coat);
      ellipse(-0.05, -0.52, 0.46, 0.28, coat);
      ellipse(0.42, -0.58, 0.18, 0.17, coat);
      ellipse(0.6, -0.55, 0.05, 0.07, belly);
      parts.push(
        `<path d="${circlePath(...P([0.61, -0.57]), 0.012 * k)}${circlePath(...P([0.61, -0.52]), 0.012 * k)}" fill="${dark}"/>`,
      );
      shape(
        [
          [0.34, -0.72],
          [0.36, -0.86],
          [0.44, -0.74],
        ],
        coat,
      );
      eye(0.47, -0.64, 0.025);
      break;
  }
  return parts.join('');
}

/** Words in a cast member's kind that make it an animal, the shape it is drawn with and its coat. */
const KIND_SHAPES: [RegExp, Animal, string?][] = [
  [/\bfox/, 'dog', '#c8602a'],
  [/\b(wolf|wolves)/, 'dog', '#8a8a90'],
  [/\b(dog|hound|pup|jackal)/, 'dog'],
  [/\b(lion|lioness)/, 'tiger', '#d8a048'],
  [/\b(panther|black cat)/, 'tiger', '#2a2a30'],
  [/\b(cat|lynx|tiger|leopard)/, 'tiger'],
  [/\b(horse|pony|mare|stallion|stag|deer)/, 'horse'],
  [/\b(rat|mouse|mice)/, 'rat'],
  [/\b(rabbit|hare)/, 'rabbit'],
  [/\b(snake|serpent|viper|adder)/, 'snake'],
  [/\b(dragon|wyrm|drake|wyvern)/, 'dragon'],
  [/\b(goat|sheep|ram)\b/, 'goat'],
  [/\b(ox|bull|cow|buffalo|yak)\b/, 'ox'],
  [/\b(monkey|ape)/, 'monkey'],
  [/\b(rooster|hen|cockerel|chicken)/, 'rooster'],
  [/\b(pig|boar|hog)/, 'pig'],
  [/\b(owl|raven|crow|hawk|falcon|bird|magpie|heron)/, 'rooster', '#4a4a5a'],
];

/** The animal a cast member's kind describes ('a red fox' → dog shape, fox red), or null for people. */
export function animalForKind(kind: string): { animal: Animal; coat?: string } | null {
  const k = kind.toLowerCase();
  for (const [words, animal, coat] of KIND_SHAPES)
    if (words.test(k)) return coat ? { animal, coat } : { animal };
  return null;
}

export const ANIMAL_NOUNS: Record<Animal, string> = {
  rat: 'a sharp-eyed rat',
  ox: 'a great horned ox',
  tiger: 'a striped tiger',
  rabbit: 'a long-eared rabbit',
  dragon: 'a serpentine dragon',
  snake: 'a coiled snake',
  horse: 'a maned horse',
  goat: 'a curl-horned goat',
  monkey: 'a curl-tailed monkey',
  rooster: 'a bright-combed rooster',
  dog: 'a loyal dog',
  pig: 'a stout pig',
};
