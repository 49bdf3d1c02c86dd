/**
 * The hero as a person: who they are (skin, hair, eyes, build, clothing and gear chosen by their
 * sign and element) and how they are drawn in each of the thirteen poses, with a readable face
 * (eyes, brows, mouth, hair), coloured clothes, trim and the weapon or focus of their look.
 */
import type { Rng } from '../../prng.js';
import { mix } from '../color.js';
import type { HeroLook } from '../figure.js';
import type { Palette } from '../palette.js';
import { circlePath, n, polyline, sampleCubics, taperedPath, type Point } from '../svg.js';

export type Outfit = 'armour' | 'robes' | 'leathers' | 'cloak';
export type HairStyle = 'short' | 'long' | 'braid' | 'curls' | 'ponytail' | 'shaved';

export interface HeroCharacter {
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  eyes: string;
  outfit: Outfit;
  /** Main cloth or armour colour, its trim and the cloak. */
  main: string;
  trim: string;
  cloak: string;
  /** Embroidery motif on the trim. */
  pattern: 'stars' | 'waves' | 'flames' | 'leaves' | 'diamonds';
  accessory: 'amulet' | 'sash' | 'scarf' | 'belt pouches' | 'feathered earring';
  look: HeroLook;
}

const SKINS = ['#f6d7c3', '#eec1a0', '#d9a57f', '#c58c5f', '#a86d45', '#8a5535', '#6b4029', '#4e2e1e'];
const HAIRS = ['#1b1512', '#3b2618', '#6a4222', '#a8682f', '#d9b26a', '#b8402a', '#e8e4dc', '#4a5a8a'];
const EYES = ['#4a3020', '#2f6a9a', '#3f7a4a', '#7a5a2a', '#6a4a8a', '#2a2a2a'];

/** Outfits by Western element; the sign decides which of the two. */
const OUTFITS: Record<Palette['element'], [Outfit, Outfit]> = {
  Fire: ['armour', 'leathers'],
  Earth: ['leathers', 'armour'],
  Air: ['cloak', 'robes'],
  Water: ['robes', 'cloak'],
};
const PATTERNS: Record<Palette['element'], HeroCharacter['pattern'][]> = {
  Fire: ['flames', 'diamonds'],
  Earth: ['leaves', 'diamonds'],
  Air: ['stars', 'diamonds'],
  Water: ['waves', 'stars'],
};

const SIGN_ORDER = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
];

/** A person's looks from their Western sign, their look (weapon, headgear) and palette. */
export function rollCharacter(sign: string, look: HeroLook, P: Palette, rng: Rng): HeroCharacter {
  const signIndex = Math.max(0, SIGN_ORDER.indexOf(sign));
  const outfit = rng.chance(0.75)
    ? OUTFITS[P.element][signIndex % 2]!
    : OUTFITS[P.element][(signIndex + 1) % 2]!;
  const cloth = { Fire: '#8a2a1e', Earth: '#5a4a2a', Air: '#4a5a8a', Water: '#1e4a6a' }[P.element];
  const main = mix(cloth, P.glow, rng.range(0.1, 0.3));
  return {
    skin: rng.pick(SKINS),
    hair: rng.pick(HAIRS),
    hairStyle: rng.pick<HairStyle>(['short', 'long', 'braid', 'curls', 'ponytail', 'shaved']),
    eyes: rng.pick(EYES),
    outfit,
    main: outfit === 'armour' ? mix('#8a909a', main, 0.35) : main,
    trim: P.accent,
    cloak: mix(P.nearLand, P.glow, rng.range(0.15, 0.35)),
    pattern: rng.pick(PATTERNS[P.element]),
    accessory: rng.pick(['amulet', 'sash', 'scarf', 'belt pouches', 'feathered earring'] as const),
    look,
  };
}

const HAIR_WORDS: Record<HairStyle, string> = {
  short: 'short-cropped',
  long: 'long flowing',
  braid: 'braided',
  curls: 'curly',
  ponytail: 'tied-back',
  shaved: 'close-shaven',
};
const OUTFIT_WORDS: Record<Outfit, string> = {
  armour: 'plate armour over a padded coat',
  robes: 'long layered robes',
  leathers: 'fitted travelling leathers',
  cloak: 'a light tunic under a billowing cloak',
};
const WEAPON_WORDS: Record<HeroLook['weapon'], string> = {
  sword: 'a longsword',
  staff: 'a tall staff',
  spear: 'a tasselled spear',
  bow: 'a recurve bow',
};

export function describeCharacter(ch: HeroCharacter): string {
  return `${HAIR_WORDS[ch.hairStyle]} hair, ${OUTFIT_WORDS[ch.outfit]} with ${ch.pattern === 'diamonds' ? 'diamond' : ch.pattern.replace(/s$/, '')}-pattern embroidery, ${withArticle(ch.accessory)} and ${WEAPON_WORDS[ch.look.weapon]}`;
}
const withArticle = (w: string) => (w.endsWith('s') ? w : `${/^[aeiou]/.test(w) ? 'an' : 'a'} ${w}`);

// ---------------------------------------------------------------------------------------------
// Poses

export type PoseName =
  | 'guard'
  | 'casting'
  | 'kneeling'
  | 'meditating'
  | 'ledge'
  | 'overhead'
  | 'looking back'
  | 'running'
  | 'lunge'
  | 'leaping'
  | 'striking'
  | 'drawing a bow'
  | 'with the animal';

interface Joints {
  head: Point;
  neck: Point;
  shoulderF: Point;
  shoulderB: Point;
  elbowF: Point;
  elbowB: Point;
  handF: Point;
  handB: Point;
  hip: Point;
  kneeF: Point;
  kneeB: Point;
  footF: Point;
  footB: Point;
}

interface Pose {
  /** 'front' faces the viewer; 'side' faces along +x (mirrored when facing left). */
  facing: 'front' | 'side';
  /** The head looks back over the shoulder. */
  headBack?: boolean;
  joints: Joints;
  /** How the weapon is held: from which hand, in which direction. */
  weapon: { hand: 'F' | 'B'; dir: Point } | 'planted' | 'on back';
  /** The hand that casts (magic glows there), if any. */
  cast?: 'F' | 'B';
}

/** Standing joints facing front, then shifted for each pose. Units: figure height 1, feet at y 0. */
const FRONT: Joints = {
  head: [0, -0.915],
  neck: [0, -0.85],
  shoulderF: [0.1, -0.815],
  shoulderB: [-0.1, -0.815],
  elbowF: [0.14, -0.64],
  elbowB: [-0.14, -0.64],
  handF: [0.15, -0.48],
  handB: [-0.15, -0.48],
  hip: [0, -0.5],
  kneeF: [0.08, -0.26],
  kneeB: [-0.08, -0.26],
  footF: [0.11, 0],
  footB: [-0.11, 0],
};
const SIDE: Joints = {
  ...FRONT,
  shoulderF: [0.02, -0.815],
  shoulderB: [-0.02, -0.815],
  elbowF: [0.05, -0.64],
  elbowB: [-0.05, -0.64],
  handF: [0.07, -0.48],
  handB: [-0.07, -0.48],
  kneeF: [0.06, -0.26],
  kneeB: [-0.04, -0.26],
  footF: [0.1, 0],
  footB: [-0.1, 0],
};

/** Moves the upper body (head, neck, shoulders, arms) by (dx, dy). */
function shiftUpper(j: Joints, dx: number, dy: number): Joints {
  const m = (p: Point): Point => [p[0] + dx, p[1] + dy];
  return {
    ...j,
    head: m(j.head),
    neck: m(j.neck),
    shoulderF: m(j.shoulderF),
    shoulderB: m(j.shoulderB),
    elbowF: m(j.elbowF),
    elbowB: m(j.elbowB),
    handF: m(j.handF),
    handB: m(j.handB),
  };
}

export const POSES: Record<PoseName, Pose> = {
  guard: {
    facing: 'front',
    joints: {
      ...FRONT,
      elbowF: [0.16, -0.66],
      handF: [0.07, -0.56],
      elbowB: [-0.15, -0.65],
      handB: [-0.02, -0.58],
      kneeF: [0.12, -0.25],
      footF: [0.17, 0],
      kneeB: [-0.12, -0.25],
      footB: [-0.17, 0],
    },
    weapon: { hand: 'F', dir: [0.45, -1] },
  },
  casting: {
    facing: 'front',
    joints: {
      ...FRONT,
      elbowF: [0.21, -0.76],
      handF: [0.3, -0.92],
      elbowB: [-0.17, -0.63],
      handB: [-0.2, -0.47],
    },
    weapon: { hand: 'B', dir: [-0.1, -1] },
    cast: 'F',
  },
  kneeling: {
    facing: 'front',
    joints: {
      ...shiftUpper(FRONT, 0, 0.17),
      hip: [0, -0.33],
      kneeF: [0.13, -0.2],
      footF: [0.14, 0],
      kneeB: [-0.07, -0.02],
      footB: [-0.2, -0.01],
      elbowF: [0.2, -0.56],
      handF: [0.17, -0.44],
      elbowB: [-0.13, -0.5],
      handB: [-0.06, -0.36],
    },
    weapon: 'planted',
  },
  meditating: {
    facing: 'front',
    joints: {
      ...shiftUpper(FRONT, 0, 0.38),
      hip: [0, -0.14],
      kneeF: [0.21, -0.07],
      kneeB: [-0.21, -0.07],
      footF: [-0.06, -0.05],
      footB: [0.06, -0.05],
      elbowF: [0.17, -0.28],
      handF: [0.18, -0.13],
      elbowB: [-0.17, -0.28],
      handB: [-0.18, -0.13],
    },
    weapon: 'on back',
    cast: 'F',
  },
  ledge: {
    facing: 'front',
    joints: {
      ...FRONT,
      elbowB: [-0.2, -0.64],
      handB: [-0.1, -0.52],
      elbowF: [0.17, -0.66],
      handF: [0.2, -0.55],
      footF: [0.15, 0],
      footB: [-0.13, 0],
    },
    weapon: 'planted',
  },
  overhead: {
    facing: 'front',
    joints: {
      ...FRONT,
      elbowF: [0.17, -0.99],
      handF: [0.05, -1.1],
      elbowB: [-0.17, -0.99],
      handB: [-0.04, -1.09],
      kneeF: [0.14, -0.25],
      footF: [0.2, 0],
      kneeB: [-0.14, -0.25],
      footB: [-0.2, 0],
    },
    weapon: { hand: 'F', dir: [0.15, -1] },
  },
  'looking back': {
    facing: 'side',
    headBack: true,
    joints: {
      ...SIDE,
      kneeF: [0.08, -0.27],
      footF: [0.14, 0],
      kneeB: [-0.05, -0.25],
      footB: [-0.14, 0],
      elbowF: [0.07, -0.64],
      handF: [0.12, -0.5],
      elbowB: [-0.07, -0.64],
      handB: [-0.1, -0.5],
    },
    weapon: { hand: 'F', dir: [0.35, -1] },
  },
  running: {
    facing: 'side',
    joints: {
      ...shiftUpper(SIDE, 0.07, 0),
      head: [0.1, -0.905],
      hip: [0, -0.5],
      kneeF: [0.17, -0.38],
      footF: [0.12, -0.18],
      kneeB: [-0.06, -0.26],
      footB: [-0.24, -0.12],
      elbowF: [0.14, -0.66],
      handF: [0.24, -0.74],
      elbowB: [0, -0.66],
      handB: [-0.1, -0.58],
    },
    weapon: { hand: 'B', dir: [1, 0.35] },
  },
  lunge: {
    facing: 'side',
    joints: {
      ...shiftUpper(SIDE, 0.06, 0.07),
      hip: [0, -0.42],
      kneeF: [0.2, -0.24],
      footF: [0.27, 0],
      kneeB: [-0.14, -0.2],
      footB: [-0.33, 0],
      elbowF: [0.2, -0.62],
      handF: [0.34, -0.62],
      elbowB: [-0.06, -0.66],
      handB: [-0.18, -0.72],
    },
    weapon: { hand: 'F', dir: [1, -0.15] },
  },
  leaping: {
    facing: 'side',
    joints: {
      head: [0.13, -0.9],
      neck: [0.1, -0.82],
      shoulderF: [0.1, -0.78],
      shoulderB: [0.07, -0.79],
      elbowF: [0.15, -0.97],
      elbowB: [-0.06, -0.72],
      handF: [0.1, -1.1],
      handB: [-0.18, -0.66],
      hip: [0, -0.52],
      kneeF: [0.17, -0.44],
      kneeB: [-0.1, -0.36],
      footF: [0.14, -0.22],
      footB: [-0.32, -0.3],
    },
    weapon: { hand: 'F', dir: [0.8, -0.6] },
  },
  striking: {
    facing: 'side',
    joints: {
      ...SIDE,
      elbowF: [0.0, -0.98],
      handF: [-0.06, -1.06],
      elbowB: [-0.05, -0.97],
      handB: [-0.06, -1.05],
      kneeF: [0.12, -0.26],
      footF: [0.2, 0],
      kneeB: [-0.08, -0.25],
      footB: [-0.18, 0],
    },
    weapon: { hand: 'F', dir: [-0.7, -0.5] },
  },
  'drawing a bow': {
    facing: 'side',
    joints: {
      ...SIDE,
      elbowF: [0.16, -0.76],
      handF: [0.3, -0.77],
      elbowB: [-0.08, -0.74],
      handB: [0.04, -0.8],
      kneeF: [0.09, -0.26],
      footF: [0.15, 0],
      kneeB: [-0.06, -0.25],
      footB: [-0.14, 0],
    },
    weapon: { hand: 'F', dir: [0, -1] },
  },
  'with the animal': {
    facing: 'side',
    joints: {
      ...shiftUpper(SIDE, 0.03, 0.17),
      hip: [0, -0.33],
      kneeF: [0.14, -0.2],
      footF: [0.16, 0],
      kneeB: [-0.05, -0.02],
      footB: [-0.2, -0.01],
      elbowF: [0.16, -0.5],
      handF: [0.29, -0.42],
      elbowB: [-0.04, -0.5],
      handB: [0.0, -0.36],
    },
    weapon: 'on back',
  },
};

/** The poses each image may take: front images face the viewer, profile and action images don't. */
export const POSES_FOR = {
  front: ['guard', 'casting', 'kneeling', 'meditating', 'ledge', 'overhead'],
  profile: ['looking back', 'running', 'with the animal', 'drawing a bow', 'lunge'],
  action: ['leaping', 'striking', 'lunge', 'running', 'casting', 'overhead', 'drawing a bow'],
} as const satisfies Record<string, readonly PoseName[]>;

export const POSE_WORDS: Record<PoseName, string> = {
  guard: 'standing on guard, weapon raised across the body',
  casting: 'casting a spell with one hand raised',
  kneeling: 'kneeling on one knee, hands on the planted weapon',
  meditating: 'sitting cross-legged in meditation',
  ledge: 'standing on a ledge, one hand on the hip',
  overhead: 'raising the weapon high overhead',
  'looking back': 'walking on and looking back over the shoulder',
  running: 'running at full stride',
  lunge: 'lunging forward in a deep thrust',
  leaping: 'leaping through the air',
  striking: 'winding up an overhead strike',
  'drawing a bow': 'drawing a bow to full stretch',
  'with the animal': 'kneeling beside the companion animal, reaching out to it',
};

// ---------------------------------------------------------------------------------------------
// Drawing

export interface Placement {
  /** Pixel position of the point between the feet. */
  x: number;
  y: number;
  /** Figure height in pixels. */
  size: number;
  /** Side poses face left instead of right. */
  mirror: boolean;
}

export interface CharacterLight {
  /** Multiplied into every colour: the hour's ambient tint (0 = none). */
  ambient: string;
  amount: number;
  rim: string;
  glow: string;
  glowCore: string;
  /** -1 when the light comes from the left, 1 from the right. */
  side: number;
  /** Draw fine detail (embroidery, hair strands) at this scale. */
  detail: boolean;
}

export interface DrawnCharacter {
  svg: string;
  /** Where magic gathers (casting hand or weapon tip), in pixels. */
  focus: Point;
  head: Point;
}

export function drawCharacter(
  ch: HeroCharacter,
  poseName: PoseName,
  at: Placement,
  light: CharacterLight,
  rng: Rng,
): DrawnCharacter {
  const pose = POSES[poseName];
  const J = pose.joints;
  const S = at.size;
  const dir = pose.facing === 'side' && at.mirror ? -1 : 1;
  const px = (p: readonly number[]): Point => [at.x + p[0]! * S * dir, at.y + p[1]! * S];
  const tint = (c: string) => mix(c, light.ambient, light.amount);
  const ink = tint(mix(ch.main, '#000000', 0.7));
  const skin = tint(ch.skin);
  const main = tint(ch.main);
  const trim = tint(ch.trim);
  const cloak = tint(ch.cloak);
  const hair = tint(ch.hair);
  const boots = tint(mix(ch.main, '#1a120c', 0.7));
  const trousers = tint(mix(ch.main, '#20202a', 0.45));
  const back: string[] = [];
  const body: string[] = [];
  const front: string[] = [];
  const glow: string[] = [];
  const outline = Math.max(1.2, S * 0.004);

  const seg = (a: Point, b: Point, w: number, color: string, to = body) =>
    to.push(
      `<path d="M${px(a).map(n).join(' ')}L${px(b).map(n).join(' ')}" stroke="${color}" stroke-width="${n(w * S)}" stroke-linecap="round"/>`,
    );
  const shape = (pts: readonly Point[], color: string, to = body) =>
    to.push(
      `<path d="${polyline(pts.map(px), true)}" fill="${color}" stroke="${ink}" stroke-width="${n(outline)}" stroke-linejoin="round"/>`,
    );
  const limb = (
    a: Point,
    b: Point,
    c: Point,
    w: number,
    cloth: string,
    endColor: string,
    endW: number,
    to = body,
  ) => {
    seg(a, b, w + 0.012, ink, to);
    seg(b, c, w * 0.85 + 0.012, ink, to);
    seg(a, b, w, cloth, to);
    seg(b, c, w * 0.85, cloth, to);
    to.push(
      `<path d="${circlePath(...px(c), endW * S)}" fill="${endColor}" stroke="${ink}" stroke-width="${n(outline)}"/>`,
    );
  };

  // Cloak behind everything, blowing away from the facing direction.
  const blow = rng.range(0.06, 0.14);
  if (ch.outfit === 'cloak' || ch.look.cloakLength > 0.85 || pose.facing === 'side') {
    const len = ch.outfit === 'cloak' ? 0.78 : ch.look.cloakLength * 0.7;
    const w = 0.14 * ch.look.cloakWidth;
    const topY = J.shoulderF[1];
    const sx = (J.shoulderF[0] + J.shoulderB[0]) / 2;
    const hemY = Math.min(-0.02, topY + len);
    const sway = pose.facing === 'side' ? -blow * 2.2 : rng.range(-0.08, 0.08);
    const hem: Point[] = [];
    for (let i = 0; i <= 8; i++) {
      const t = i / 8;
      hem.push([sx - w * 1.3 + sway + t * w * 2.6, hemY - (i % 2) * 0.04]);
    }
    shape([[sx - w * 0.7, topY], ...hem, [sx + w * 0.7, topY]], cloak, back);
  }

  // Back leg and arm.
  const legW = 0.058 * ch.look.bulk;
  const armW = 0.042 * ch.look.bulk;
  limb(J.hip, J.kneeB, J.footB, legW, mix(trousers, '#000000', 0.15), boots, 0.026, back);
  limb(J.shoulderB, J.elbowB, J.handB, armW, mix(main, '#000000', 0.15), skin, 0.02, back);

  // Torso and the garment.
  const sw = pose.facing === 'front' ? 0.1 * ch.look.shoulders : 0.055;
  const neck = J.neck;
  const hip = J.hip;
  const mid: Point = [(neck[0] + hip[0]) / 2, (neck[1] + hip[1]) / 2];
  const waist = pose.facing === 'front' ? 0.065 * ch.look.bulk : 0.05;
  const chestF: Point = [J.shoulderF[0] + (pose.facing === 'front' ? 0.01 : 0.02), J.shoulderF[1] + 0.01];
  const chestB: Point = [J.shoulderB[0] - (pose.facing === 'front' ? 0.01 : 0.02), J.shoulderB[1] + 0.01];
  limb(hip, J.kneeF, J.footF, legW, trousers, boots, 0.026, front);
  const skirt = ch.outfit === 'robes' ? Math.max(-0.05, hip[1] + 0.42) : hip[1] + 0.14;
  const flare = ch.outfit === 'robes' ? 0.13 : 0.08;
  shape(
    [
      [chestB[0] - (pose.facing === 'front' ? 0 : sw * 0.5), chestB[1]],
      [chestF[0] + (pose.facing === 'front' ? 0 : sw * 0.5), chestF[1]],
      [mid[0] + waist, mid[1]],
      [hip[0] + waist * 1.05, hip[1]],
      [hip[0] + waist + flare, skirt],
      [hip[0] - waist - flare, skirt],
      [hip[0] - waist * 1.05, hip[1]],
      [mid[0] - waist, mid[1]],
    ],
    main,
    front,
  );
  // Trim down the front and along the hem, a belt.
  front.push(
    `<path d="M${px([mid[0], neck[1] + 0.04])
      .map(n)
      .join(' ')}L${px([hip[0], skirt]).map(n).join(' ')}M${px([hip[0] - waist - flare, skirt - 0.012])
      .map(n)
      .join(' ')}L${px([hip[0] + waist + flare, skirt - 0.012])
      .map(n)
      .join(' ')}" stroke="${trim}" stroke-width="${n(0.014 * S)}"/>`,
  );
  seg(
    [hip[0] - waist * 1.05, hip[1] - 0.02],
    [hip[0] + waist * 1.05, hip[1] - 0.02],
    0.024,
    tint('#3a2616'),
    front,
  );
  front.push(`<path d="${circlePath(...px([hip[0], hip[1] - 0.02]), 0.014 * S)}" fill="${trim}"/>`);
  if (ch.outfit === 'armour') {
    // A breastplate with a highlight, and pauldrons.
    shape(
      [
        [mid[0] - waist * 0.9, chestB[1] + 0.03],
        [mid[0] + waist * 0.9, chestF[1] + 0.03],
        [mid[0] + waist * 0.7, mid[1] + 0.05],
        [mid[0], mid[1] + 0.09],
        [mid[0] - waist * 0.7, mid[1] + 0.05],
      ],
      tint(mix('#b8c0cc', ch.main, 0.2)),
      front,
    );
    front.push(
      `<path d="${polyline([px([mid[0] - waist * 0.5, chestB[1] + 0.05]), px([mid[0] - waist * 0.2, chestB[1] + 0.05]), px([mid[0] - waist * 0.35, mid[1]])], true)}" fill="#ffffff" fill-opacity="0.35"/>`,
    );
  }
  if (ch.outfit === 'leathers') {
    seg([chestB[0], chestB[1] + 0.01], [hip[0] + waist, hip[1] - 0.03], 0.016, tint('#4a3020'), front);
  }
  // Embroidery along the hem: only the large picture can show it.
  if (light.detail) {
    const a = px([hip[0] - waist - flare, skirt - 0.03]);
    const b = px([hip[0] + waist + flare, skirt - 0.03]);
    const step = Math.max(4, S * 0.012);
    let stitch = '';
    const count = Math.floor(Math.abs(b[0] - a[0]) / step);
    for (let i = 1; i < count; i++) {
      const x = a[0] + ((b[0] - a[0]) * i) / count;
      const y = a[1] + ((b[1] - a[1]) * i) / count;
      const r = step * 0.3;
      if (ch.pattern === 'stars' || ch.pattern === 'diamonds')
        stitch += `M${n(x)} ${n(y - r)}L${n(x + r)} ${n(y)}L${n(x)} ${n(y + r)}L${n(x - r)} ${n(y)}Z`;
      else if (ch.pattern === 'waves')
        stitch += `M${n(x - r)} ${n(y)}q${n(r / 2)} ${n(-r)} ${n(r)} 0t${n(r)} 0`;
      else if (ch.pattern === 'flames')
        stitch += `M${n(x - r)} ${n(y + r)}Q${n(x)} ${n(y - r * 2)} ${n(x + r)} ${n(y + r)}Z`;
      else stitch += `M${n(x)} ${n(y + r)}q${n(r)} ${n(-r)} 0 ${n(-r * 2)}q${n(-r)} ${n(r)} 0 ${n(r * 2)}`;
    }
    front.push(
      `<path d="${stitch}" fill="${mix(trim, '#ffffff', 0.35)}" stroke="${mix(trim, '#ffffff', 0.35)}" stroke-width="0.8" fill-opacity="0.9"/>`,
    );
  }
  if (ch.accessory === 'sash')
    seg([chestF[0], chestF[1] + 0.02], [hip[0] - waist, hip[1] - 0.04], 0.02, trim, front);
  if (ch.accessory === 'belt pouches')
    front.push(
      `<path d="${circlePath(...px([hip[0] + waist * 0.7, hip[1]]), 0.018 * S)}${circlePath(...px([hip[0] - waist * 0.6, hip[1]]), 0.016 * S)}" fill="${tint('#6a4a2a')}" stroke="${ink}" stroke-width="${n(outline)}"/>`,
    );
  if (ch.outfit === 'armour' || ch.look.pauldrons) {
    for (const s of pose.facing === 'front' ? [J.shoulderF, J.shoulderB] : [J.shoulderF])
      front.push(
        `<path d="${circlePath(...px(s), 0.038 * S)}" fill="${tint(mix('#9aa2ae', ch.trim, 0.25))}" stroke="${ink}" stroke-width="${n(outline)}"/>`,
      );
  }

  // Head: hair behind, face, features, hair in front, headgear.
  const headBack = pose.headBack ? -1 : 1;
  const sideFace = pose.facing === 'side';
  const hr = 0.062;
  const [hx, hy] = J.head;
  const hpx = px([hx, hy]);
  const headSvg: string[] = [];
  const longHair = ch.hairStyle === 'long' || ch.hairStyle === 'braid' || ch.look.headgear === 'long hair';
  if (longHair) {
    const sway = sideFace ? -0.05 * headBack : 0;
    // Behind the body, so it falls down the back.
    back.push(
      `<path d="${polyline(
        [
          [hx - hr * 1.05, hy - 0.01],
          [hx + hr * 1.05, hy - 0.01],
          [hx + hr * 1.1 + sway, hy + (ch.hairStyle === 'braid' ? 0.22 : 0.15)],
          [hx - hr * 1.1 + sway, hy + 0.16],
        ].map(px),
        true,
      )}" fill="${hair}" stroke="${ink}" stroke-width="${n(outline)}"/>`,
    );
  }
  if (ch.hairStyle === 'ponytail')
    headSvg.push(
      `<path d="${taperedPath(
        sampleCubics(
          [
            [hx - hr * 0.9 * headBack, hy - 0.03],
            [hx - hr * 2 * headBack, hy - 0.02],
            [hx - hr * 2.2 * headBack, hy + 0.05],
            [hx - hr * 2.6 * headBack, hy + 0.1],
          ],
          8,
        ).map(px),
        (t) => (1 - t * 0.7) * 0.03 * S,
      )}" fill="${hair}"/>`,
    );
  seg(neck, [hx, hy + hr * 0.6], 0.035, skin, headSvg);
  headSvg.push(
    `<ellipse cx="${n(hpx[0])}" cy="${n(hpx[1])}" rx="${n(hr * 0.88 * S)}" ry="${n(hr * S)}" fill="${skin}" stroke="${ink}" stroke-width="${n(outline)}"/>`,
  );
  const eyeR = hr * 0.2 * S;
  const feature = (p: Point) => px([hx + p[0] * hr * (sideFace ? headBack : 1), hy + p[1] * hr]);
  if (!sideFace) {
    for (const s of [-1, 1]) {
      const [ex, ey] = feature([s * 0.36, 0.02]);
      headSvg.push(
        `<ellipse cx="${n(ex)}" cy="${n(ey)}" rx="${n(eyeR * 1.25)}" ry="${n(eyeR * 0.8)}" fill="#ffffff"/><circle cx="${n(ex)}" cy="${n(ey)}" r="${n(eyeR * 0.72)}" fill="${ch.eyes}"/><circle cx="${n(ex)}" cy="${n(ey)}" r="${n(eyeR * 0.35)}" fill="#0a0a0a"/>`,
      );
      const b1 = feature([s * 0.16, -0.24]);
      const b2 = feature([s * 0.58, -0.28]);
      headSvg.push(
        `<path d="M${n(b1[0])} ${n(b1[1])}L${n(b2[0])} ${n(b2[1])}" stroke="${mix(hair, '#000000', 0.3)}" stroke-width="${n(eyeR * 0.45)}" stroke-linecap="round"/>`,
      );
    }
    const nose = feature([0, 0.3]);
    const m1 = feature([-0.22, 0.55]);
    const m2 = feature([0.22, 0.55]);
    headSvg.push(
      `<path d="M${n(nose[0])} ${n(nose[1] - eyeR)}l${n(eyeR * 0.3)} ${n(eyeR)}h${n(-eyeR * 0.5)}" stroke="${mix(ch.skin, '#000000', 0.4)}" stroke-width="${n(eyeR * 0.25)}" fill="none"/><path d="M${n(m1[0])} ${n(m1[1])}Q${n((m1[0] + m2[0]) / 2)} ${n(m1[1] + eyeR * 0.6)} ${n(m2[0])} ${n(m2[1])}" stroke="${mix(ch.skin, '#6a1a1a', 0.6)}" stroke-width="${n(eyeR * 0.35)}" fill="none" stroke-linecap="round"/>`,
    );
  } else {
    const [ex, ey] = feature([0.45, 0.02]);
    headSvg.push(
      `<ellipse cx="${n(ex)}" cy="${n(ey)}" rx="${n(eyeR * 0.8)}" ry="${n(eyeR * 0.75)}" fill="#ffffff"/><circle cx="${n(ex + eyeR * 0.25 * dir * headBack)}" cy="${n(ey)}" r="${n(eyeR * 0.55)}" fill="${ch.eyes}"/>`,
    );
    const b1 = feature([0.25, -0.26]);
    const b2 = feature([0.7, -0.24]);
    headSvg.push(
      `<path d="M${n(b1[0])} ${n(b1[1])}L${n(b2[0])} ${n(b2[1])}" stroke="${mix(hair, '#000000', 0.3)}" stroke-width="${n(eyeR * 0.45)}" stroke-linecap="round"/>`,
    );
    const nose = [feature([0.86, 0.05]), feature([1.08, 0.32]), feature([0.86, 0.38])];
    headSvg.push(
      `<path d="${polyline(nose, true)}" fill="${skin}" stroke="${ink}" stroke-width="${n(outline)}" stroke-linejoin="round"/>`,
    );
    const m1 = feature([0.55, 0.6]);
    const m2 = feature([0.82, 0.58]);
    headSvg.push(
      `<path d="M${n(m1[0])} ${n(m1[1])}L${n(m2[0])} ${n(m2[1])}" stroke="${mix(ch.skin, '#6a1a1a', 0.6)}" stroke-width="${n(eyeR * 0.35)}" stroke-linecap="round"/>`,
    );
    const ear = feature([-0.35, 0.1]);
    headSvg.push(
      `<ellipse cx="${n(ear[0])}" cy="${n(ear[1])}" rx="${n(hr * 0.16 * S)}" ry="${n(hr * 0.26 * S)}" fill="${skin}" stroke="${ink}" stroke-width="${n(outline)}"/>`,
    );
  }
  // Hair on top (unless a hood or helm covers it).
  const covered =
    ch.look.headgear === 'hood' || ch.look.headgear === 'helm' || ch.look.headgear === 'horned helm';
  if (!covered && ch.hairStyle !== 'shaved') {
    const cap: Point[] = sideFace
      ? [
          [-1.05, 0.3],
          [-1.0, -0.55],
          [-0.4, -1.1],
          [0.5, -1.05],
          [0.95, -0.45],
          [0.6, -0.5],
          [0.2, -0.6],
          [-0.3, -0.2],
          [-0.6, 0.35],
        ]
      : [
          [-1.0, 0.1],
          [-0.95, -0.6],
          [-0.4, -1.1],
          [0.4, -1.1],
          [0.95, -0.6],
          [1.0, 0.1],
          [0.8, -0.35],
          [0.2, -0.5],
          [-0.5, -0.4],
          [-0.8, -0.3],
        ];
    headSvg.push(
      `<path d="${polyline(cap.map(feature), true)}" fill="${hair}" stroke="${ink}" stroke-width="${n(outline)}" stroke-linejoin="round"/>`,
    );
    if (ch.hairStyle === 'curls') {
      let curls = '';
      for (const [cx, cy] of [
        [-0.7, -0.7],
        [-0.2, -1.0],
        [0.35, -0.95],
        [0.8, -0.6],
      ] as const)
        curls += circlePath(...feature([cx, cy]), hr * 0.3 * S);
      headSvg.push(`<path d="${curls}" fill="${hair}" stroke="${ink}" stroke-width="${n(outline)}"/>`);
    }
    if (ch.look.headgear === 'topknot')
      headSvg.push(
        `<path d="${circlePath(...feature([0, -1.25]), hr * 0.35 * S)}" fill="${hair}" stroke="${ink}" stroke-width="${n(outline)}"/>`,
      );
    if (light.detail) {
      let strands = '';
      for (let i = 0; i < 6; i++) {
        const a = feature([-0.6 + i * 0.24, -0.95]);
        const b = feature([-0.7 + i * 0.26, -0.45]);
        strands += `M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}`;
      }
      headSvg.push(
        `<path d="${strands}" stroke="${mix(hair, '#ffffff', 0.25)}" stroke-width="0.8" fill="none"/>`,
      );
    }
  }
  if (ch.look.headgear === 'hood') {
    headSvg.push(
      `<path d="${polyline(
        (
          [
            [-1.25, 0.6],
            [-1.2, -0.6],
            [-0.2, -1.45],
            [0.7, -1.15],
            [1.25, -0.4],
            [1.25, 0.6],
            [0.95, 0.2],
            [0.9, -0.55],
            [0, -0.95],
            [-0.9, -0.55],
            [-0.95, 0.2],
          ] as Point[]
        ).map(feature),
        true,
      )}" fill="${cloak}" stroke="${ink}" stroke-width="${n(outline)}" stroke-linejoin="round"/>`,
    );
  } else if (ch.look.headgear === 'helm' || ch.look.headgear === 'horned helm') {
    const metal = tint(mix('#a8b0bc', ch.trim, 0.2));
    headSvg.push(
      `<path d="${polyline(
        (
          [
            [-1.05, -0.05],
            [-1.0, -0.7],
            [-0.5, -1.12],
            [0.5, -1.12],
            [1.0, -0.7],
            [1.05, -0.05],
            [0.8, -0.2],
            [-0.8, -0.2],
          ] as Point[]
        ).map(feature),
        true,
      )}" fill="${metal}" stroke="${ink}" stroke-width="${n(outline)}" stroke-linejoin="round"/>`,
    );
    if (ch.look.headgear === 'horned helm') {
      for (const s of sideFace ? [-1] : [-1, 1])
        headSvg.push(
          `<path d="${taperedPath(
            sampleCubics(
              (
                [
                  [s * 0.85, -0.7],
                  [s * 1.6, -0.9],
                  [s * 1.7, -1.5],
                  [s * 1.3, -1.9],
                ] as Point[]
              ).map(feature),
              8,
            ),
            (t) => (1 - t) * hr * 0.45 * S,
          )}" fill="${tint('#e8dcc0')}" stroke="${ink}" stroke-width="${n(outline)}"/>`,
        );
    } else {
      headSvg.push(
        `<path d="${taperedPath(
          sampleCubics(
            (
              [
                [0, -1.12],
                [0.2, -1.5],
                [-0.6, -1.6],
                [-1.1, -1.2],
              ] as Point[]
            ).map(feature),
            8,
          ),
          (t) => (1 - t * 0.6) * hr * 0.35 * S,
        )}" fill="${trim}"/>`,
      );
    }
  } else if (ch.look.headgear === 'crown') {
    headSvg.push(
      `<path d="${polyline(
        (
          [
            [-0.95, -0.6],
            [-0.8, -1.1],
            [-0.45, -0.85],
            [0, -1.3],
            [0.45, -0.85],
            [0.8, -1.1],
            [0.95, -0.6],
          ] as Point[]
        ).map(feature),
        true,
      )}" fill="${trim}" stroke="${ink}" stroke-width="${n(outline)}"/>`,
    );
  }
  if (ch.accessory === 'feathered earring') {
    const e = feature([sideFace ? -0.1 : 0.95, 0.35]);
    headSvg.push(
      `<path d="${taperedPath(
        [
          [e[0], e[1]],
          [e[0] + hr * 0.2 * S, e[1] + hr * 0.9 * S],
        ],
        (t) => Math.sin(t * Math.PI) * hr * 0.3 * S,
      )}" fill="${trim}"/>`,
    );
  }
  if (ch.accessory === 'amulet')
    front.push(
      `<path d="${circlePath(...px([neck[0] + (sideFace ? 0.02 : 0), neck[1] + 0.08]), 0.016 * S)}" fill="${light.glowCore}" stroke="${trim}" stroke-width="${n(outline * 1.5)}"/>`,
    );
  if (ch.accessory === 'scarf' || ch.look.scarf) {
    front.push(
      `<path d="${taperedPath(
        sampleCubics(
          [
            [neck[0], neck[1] + 0.02],
            [neck[0] - 0.1, neck[1] + 0.0],
            [neck[0] - 0.16, neck[1] + 0.08],
            [neck[0] - 0.24 - blow, neck[1] + 0.04],
          ],
          10,
        ).map(px),
        (t) => (1 - t * 0.5) * 0.035 * S,
      )}" fill="${trim}" stroke="${ink}" stroke-width="${n(outline)}"/>`,
    );
  }

  // Front arm over the body.
  const arm: string[] = [];
  limb(J.shoulderF, J.elbowF, J.handF, armW, main, skin, 0.021, arm);

  // The weapon.
  const wpn: string[] = [];
  let focus: Point = px(J.handF);
  const metal = tint('#d8dee8');
  const wood = tint('#6a4424');
  const drawLine = (a: Point, b: Point, w: number, color: string) => {
    wpn.push(
      `<path d="M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}" stroke="${ink}" stroke-width="${n(w + outline * 2)}" stroke-linecap="round"/><path d="M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}" stroke="${color}" stroke-width="${n(w)}" stroke-linecap="round"/>`,
    );
  };
  const hold = pose.weapon;
  let grip: Point;
  let wdir: Point;
  if (hold === 'planted') {
    // Planted beside the body in the front hand, clear of the face.
    grip = px(J.handF);
    wdir = [0, 1];
  } else if (hold === 'on back') {
    grip = px([J.shoulderB[0] - 0.06, J.shoulderB[1] - 0.12]);
    wdir = [0.5 * dir, 1];
  } else {
    grip = px(hold.hand === 'F' ? J.handF : J.handB);
    // Long shafts held above the head lie across it; upright they would run through the face.
    const overhead = poseName === 'overhead' || poseName === 'striking';
    const long = ch.look.weapon === 'spear' || ch.look.weapon === 'staff';
    wdir = overhead && long ? [dir, -0.15] : [hold.dir[0] * dir, hold.dir[1]];
  }
  const wl = Math.hypot(wdir[0], wdir[1]);
  const u: Point = [wdir[0] / wl, wdir[1] / wl];
  const along = (t: number): Point => [grip[0] + u[0] * t * S, grip[1] + u[1] * t * S];
  const weaponOnBack = hold === 'on back';
  switch (ch.look.weapon) {
    case 'sword': {
      const len = hold === 'planted' ? 0.44 : 0.46;
      drawLine(along(-0.05), along(0.03), 0.018 * S, wood);
      const guardA: Point = [along(0.03)[0] - u[1] * 0.05 * S, along(0.03)[1] + u[0] * 0.05 * S];
      const guardB: Point = [along(0.03)[0] + u[1] * 0.05 * S, along(0.03)[1] - u[0] * 0.05 * S];
      drawLine(guardA, guardB, 0.016 * S, trim);
      wpn.push(
        `<path d="${taperedPath([along(0.04), along(len)], (t) => (1 - t * 0.7) * 0.026 * S)}" fill="${metal}" stroke="${ink}" stroke-width="${n(outline)}"/>`,
      );
      focus = along(len);
      break;
    }
    case 'staff': {
      const top = hold === 'planted' || hold === 'on back' ? along(-0.55) : along(0.55);
      const bottom = hold === 'planted' || hold === 'on back' ? along(0.4) : along(-0.4);
      drawLine(top, bottom, 0.02 * S, wood);
      wpn.push(
        `<path d="${circlePath(...top, 0.03 * S)}" fill="${light.glowCore}" stroke="${trim}" stroke-width="${n(0.008 * S)}"/>`,
      );
      focus = top;
      break;
    }
    case 'spear': {
      const tip = hold === 'planted' || hold === 'on back' ? along(-0.6) : along(0.6);
      const butt = hold === 'planted' || hold === 'on back' ? along(0.4) : along(-0.4);
      drawLine(tip, butt, 0.016 * S, wood);
      const v: Point = [
        (tip[0] - butt[0]) / Math.hypot(tip[0] - butt[0], tip[1] - butt[1]),
        (tip[1] - butt[1]) / Math.hypot(tip[0] - butt[0], tip[1] - butt[1]),
      ];
      wpn.push(
        `<path d="${taperedPath([tip, [tip[0] + v[0] * 0.1 * S, tip[1] + v[1] * 0.1 * S]], (t) => Math.sin((t * 0.8 + 0.2) * Math.PI) * 0.04 * S)}" fill="${metal}" stroke="${ink}" stroke-width="${n(outline)}"/>`,
      );
      wpn.push(
        `<path d="${circlePath(tip[0] - v[0] * 0.02 * S, tip[1] - v[1] * 0.02 * S, 0.014 * S)}" fill="${trim}"/>`,
      );
      focus = [tip[0] + v[0] * 0.1 * S, tip[1] + v[1] * 0.1 * S];
      break;
    }
    case 'bow': {
      const g =
        weaponOnBack || hold === 'planted'
          ? grip
          : px(poseName === 'drawing a bow' ? J.handF : hold.hand === 'F' ? J.handF : J.handB);
      const span = 0.32 * S;
      const bend = 0.1 * S * dir;
      const tipA: Point = [g[0] - bend * 0.4, g[1] - span];
      const tipB: Point = [g[0] - bend * 0.4, g[1] + span];
      wpn.push(
        `<path d="${taperedPath(sampleCubics([tipA, [g[0] + bend, g[1] - span * 0.6], [g[0] + bend, g[1] + span * 0.6], tipB], 14), (t) => (0.012 + Math.sin(t * Math.PI) * 0.012) * S)}" fill="${wood}" stroke="${ink}" stroke-width="${n(outline)}"/>`,
      );
      const pull = poseName === 'drawing a bow' ? px(J.handB) : [g[0] - bend * 0.4, g[1]];
      wpn.push(
        `<path d="M${n(tipA[0])} ${n(tipA[1])}L${n(pull[0]!)} ${n(pull[1]!)}L${n(tipB[0])} ${n(tipB[1])}" stroke="#e8e0d0" stroke-width="${n(Math.max(1, 0.004 * S))}" fill="none"/>`,
      );
      if (poseName === 'drawing a bow') {
        const head: Point = [g[0] + 0.1 * S * dir, g[1] - 0.005 * S];
        wpn.push(
          `<path d="M${n(pull[0]!)} ${n(pull[1]!)}L${n(head[0])} ${n(head[1])}" stroke="${wood}" stroke-width="${n(0.008 * S)}"/>`,
        );
        focus = head;
      } else focus = g;
      break;
    }
  }
  if (pose.cast) focus = px(pose.cast === 'F' ? J.handF : J.handB);
  if (pose.cast || ch.look.weapon === 'staff')
    glow.push(`<path d="${circlePath(...focus, 0.02 * S)}" fill="#ffffff"/>`);

  // A rim of light around the whole figure first, then the figure itself.
  const figure = [...back, ...front, ...headSvg, ...(weaponOnBack ? [] : wpn), ...arm].join('');
  const behind = weaponOnBack ? wpn.join('') : '';
  // The rim is the figure's silhouette in the light's colour, nudged toward the light.
  const rimW = Math.max(2, S * 0.008);
  const rim = `<g transform="translate(${n(light.side * rimW)} ${n(-rimW)})" stroke="${light.rim}" fill="${light.rim}">${(behind + figure).replace(/ (stroke|fill)="[^"]*"/g, '')}</g>`;
  return { svg: `${rim}${behind}${figure}${glow.join('')}`, focus, head: hpx };
}
