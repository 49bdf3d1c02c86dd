/**
 * The shared drawing surface of the hero portraits and the chapter illustrations: the picture's size,
 * its seeded random source, the SVG being built, the light of the hour and how much fine detail the
 * output size can show.
 */
import type { Rng } from '../../prng.js';
import type { Landscape, PlanTimeOfDay, PlanWeather } from '../../story-plan.js';
import { mix } from '../color.js';
import type { Palette } from '../palette.js';

export type TimeOfDay = PlanTimeOfDay;
export type Weather = PlanWeather;

export interface Canvas {
  /** Width and height of the picture's coordinate system. */
  W: number;
  H: number;
  rng: Rng;
  /**
   * A separate random source for the fine-detail layers, so drawing more or less detail never moves
   * anything else in the picture.
   */
  detailRng: Rng;
  /**
   * Output pixels per coordinate unit: detail layers (grass blades, embroidery, star dust) are drawn
   * only where they would be at least a pixel or two wide, and more densely the larger the output.
   */
  pixelScale: number;
  P: Palette;
  time: TimeOfDay;
  weather: Weather;
  landscape: Landscape;
  defs: string[];
  parts: string[];
  /** The y of the far horizon and of the ground the hero stands on. */
  horizon: number;
  ground: number;
  /** A unique prefix for gradient ids. */
  id: (name: string) => string;
}

/** The light of each hour: sky colours, how much they tint the land, and the ambient colour. */
export const DAYLIGHT: Record<
  TimeOfDay,
  { top: string; mid: string; bottom: string; amount: number; ambient: string; shade: number }
> = {
  night: { top: '#05060f', mid: '#141a38', bottom: '#2a2d55', amount: 0.25, ambient: '#28305a', shade: 0.45 },
  dawn: { top: '#34407a', mid: '#e7907a', bottom: '#ffd9a0', amount: 0.6, ambient: '#f0a98a', shade: 0.15 },
  day: { top: '#4f8fd8', mid: '#8fc3ee', bottom: '#e3f1fb', amount: 0.7, ambient: '#fff4dc', shade: 0 },
  dusk: { top: '#221b48', mid: '#c85a6a', bottom: '#f6a955', amount: 0.6, ambient: '#d77b6a', shade: 0.25 },
};

/** Grey that heavy weather lays over sky and land. */
export const OVERCAST: Record<Weather, number> = {
  clear: 0,
  wind: 0.06,
  snow: 0.22,
  mist: 0.25,
  rain: 0.35,
  storm: 0.48,
};

/** A colour seen in this light and weather (`depth` 1 = far away, 0 = at the viewer). */
export function lit(c: Canvas, color: string, depth = 0): string {
  const light = DAYLIGHT[c.time];
  let out = mix(color, light.ambient, light.amount * 0.25);
  out = mix(out, '#05060f', light.shade * (1 - depth * 0.5));
  const grey = OVERCAST[c.weather];
  if (grey) out = mix(out, '#7a808a', grey * (0.4 + depth * 0.5));
  // Aerial perspective: distance fades toward the sky near the horizon.
  if (depth > 0) out = mix(out, hazeColor(c), depth * (c.weather === 'mist' ? 0.65 : 0.35));
  return out;
}

/** The colour of distance and mist in this light. */
export function hazeColor(c: Canvas): string {
  const light = DAYLIGHT[c.time];
  const base = mix(c.P.skyBottom, light.bottom, light.amount);
  return c.weather === 'mist' || c.weather === 'snow' ? mix(base, '#cfd5de', 0.45) : base;
}

/**
 * Whether the output is large enough for fine detail (grass blades, star dust, embroidery): at least
 * three quarters of a pixel per coordinate unit, so strokes of a unit or two stay visible.
 */
export const showsDetail = (c: Canvas) => c.pixelScale >= 0.75;

export const stop = (offset: number, color: string, opacity = 1) =>
  `<stop offset="${offset}" stop-color="${color}"${opacity < 1 ? ` stop-opacity="${opacity}"` : ''}/>`;
