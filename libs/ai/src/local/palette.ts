/**
 * Element palettes: the Western element sets the base colours; the Chinese year element (e.g.
 * 'Yin Metal') modulates them (Yang brighter and warmer, Yin deeper and cooler) and gives the
 * accent of the medallion; the seed jitters hues so no two heroes share the exact palette.
 */
import { hslToHex, mix, type Hsl } from './color.js';
import type { Rng } from '../prng.js';
import schemes from './palette.json' with { type: 'json' };

export type WesternElementName = 'Fire' | 'Earth' | 'Air' | 'Water';
export type Phase = 'Wood' | 'Fire' | 'Earth' | 'Metal' | 'Water';
export type PolarityName = 'Yang' | 'Yin';

export interface Palette {
  element: WesternElementName;
  polarity: PolarityName;
  phase: Phase;
  skyTop: string;
  skyMid: string;
  skyBottom: string;
  /** Colours of the nebula clouds. */
  nebula: string[];
  /** Halo behind the hero, light of magic. */
  glow: string;
  glowCore: string;
  /** Constellation lines and star tint. */
  starline: string;
  star: string;
  /** Far and near terrain. */
  farLand: string;
  nearLand: string;
  /** The hero silhouette and its rim light. */
  figure: string;
  rim: string;
  /** Accent from the Chinese element (medallion ring and emblem). */
  accent: string;
  accentDark: string;
  /** Words describing the palette, for the prompt. */
  words: string[];
}

interface BaseScheme {
  sky: [Hsl, Hsl, Hsl];
  nebulaHues: number[];
  glow: Hsl;
  star: Hsl;
  land: Hsl;
  words: string[];
}

/** Each Western element's scheme (palette.json): sky gradient, nebula hues, glow, stars, land, words. */
const BASE = schemes as Record<WesternElementName, BaseScheme>;

const PHASE_ACCENT: Record<Phase, { color: Hsl; word: string }> = {
  Wood: { color: { h: 135, s: 0.5, l: 0.52 }, word: 'jade green' },
  Fire: { color: { h: 8, s: 0.78, l: 0.55 }, word: 'vermilion' },
  Earth: { color: { h: 40, s: 0.7, l: 0.55 }, word: 'ochre gold' },
  Metal: { color: { h: 210, s: 0.18, l: 0.8 }, word: 'white gold' },
  Water: { color: { h: 215, s: 0.6, l: 0.55 }, word: 'lapis blue' },
};

export function westernElementOf(element: string): WesternElementName {
  const e = element.trim().toLowerCase();
  if (e === 'fire' || e === 'earth' || e === 'air' || e === 'water') {
    return (e[0]!.toUpperCase() + e.slice(1)) as WesternElementName;
  }
  return 'Air';
}

/** 'Yang Wood' → { polarity: 'Yang', phase: 'Wood' }; unknown parts default to Yang / Earth. */
export function parseChineseElement(element: string): { polarity: PolarityName; phase: Phase } {
  const words = element.toLowerCase();
  const polarity: PolarityName = words.includes('yin') ? 'Yin' : 'Yang';
  const phase = (['Wood', 'Fire', 'Earth', 'Metal', 'Water'] as const).find((p) =>
    words.includes(p.toLowerCase()),
  );
  return { polarity, phase: phase ?? 'Earth' };
}

export function makePalette(westernElement: string, chineseElement: string, rng: Rng): Palette {
  const element = westernElementOf(westernElement);
  const { polarity, phase } = parseChineseElement(chineseElement);
  const base = BASE[element];
  const yang = polarity === 'Yang';
  const hueShift = rng.range(-16, 16) + (yang ? 4 : -6);
  const lightMul = (yang ? 1.1 : 0.86) * rng.range(0.92, 1.08);
  const satMul = (yang ? 1.08 : 0.9) * rng.range(0.9, 1.1);
  const tone = (c: Hsl, extraHue = 0, l = 1): string =>
    hslToHex({ h: c.h + hueShift + extraHue, s: c.s * satMul, l: c.l * lightMul * l });
  const accentHsl = PHASE_ACCENT[phase].color;
  const accent = hslToHex({
    h: accentHsl.h + rng.range(-6, 6),
    s: accentHsl.s,
    l: accentHsl.l * (yang ? 1.05 : 0.92),
  });
  const nebula = rng
    .shuffle(base.nebulaHues)
    .map((h, i) =>
      hslToHex({ h: h + hueShift + rng.range(-10, 10), s: 0.7 * satMul, l: (0.42 + i * 0.04) * lightMul }),
    );
  // The accent bleeds into the sky a little: one cloud takes its hue.
  nebula.push(mix(accent, nebula[0]!, 0.45));
  const skyTop = tone(base.sky[0]);
  const skyMid = tone(base.sky[1], rng.range(-8, 8));
  const skyBottom = tone(base.sky[2], rng.range(-10, 10));
  const glow = tone(base.glow, rng.range(-6, 6));
  const land = base.land;
  return {
    element,
    polarity,
    phase,
    skyTop,
    skyMid,
    skyBottom,
    nebula,
    glow,
    glowCore: mix(glow, '#ffffff', 0.6),
    starline: mix(tone(base.star), accent, 0.25),
    star: tone(base.star),
    farLand: hslToHex({ h: land.h + hueShift, s: land.s, l: land.l * 1.9 * lightMul }),
    nearLand: hslToHex({ h: land.h + hueShift, s: land.s, l: land.l * 0.75 }),
    figure: hslToHex({ h: land.h + hueShift, s: 0.3, l: 0.045 }),
    rim: mix(glow, '#ffffff', 0.25),
    accent,
    accentDark: hslToHex({ h: accentHsl.h, s: accentHsl.s * 0.5, l: 0.12 }),
    words: [...base.words, PHASE_ACCENT[phase].word],
  };
}
