/**
 * A chapter's illustration, drawn offline: the hero of the portraits (same figure, same palette, from
 * the same seed) in the chapter's own scene (setting, weather, time of day, creatures and moment, read
 * from its text by chapter-scene.ts). Everything else is seeded by the chapter's content, so the same
 * chapter always gives the same picture and another chapter another one. Plain shapes and gradients
 * only (no SVG filters), so sharp renders it in a few tens of milliseconds.
 */
import { withIndefiniteArticle } from '@starborn/zodiac';
import { hash128, Rng } from '../prng.js';
import type { ChapterIllustration, IllustrationRequest, ImageAngle } from '../types.js';
import { heroDesign, renderSvgToPng, sparkle, stop } from './art.js';
import {
  readChapterScene,
  type ChapterScene,
  type SceneCreature,
  type SceneSetting,
  type SceneWeather,
  type TimeOfDay,
} from './chapter-scene.js';
import { mix } from './color.js';
import { projectConstellation, type ProjectedConstellation } from './constellations.js';
import { describeLook, drawFigure } from './figure.js';
import type { Palette } from './palette.js';
import { circlePath, n, polyline, sampleCubics, taperedPath, type Point } from './svg.js';

/** The illustration's size in pixels: landscape, 3:2. */
export const ILLUSTRATION_WIDTH = 1200;
export const ILLUSTRATION_HEIGHT = 800;

const W = ILLUSTRATION_WIDTH;
const H = ILLUSTRATION_HEIGHT;

export interface ComposedIllustration {
  scene: ChapterScene & { timeOfDay: TimeOfDay };
  svg: string;
  alt: string;
}

/** The sky's colours at each time of day, mixed into the hero's own palette. */
const DAYLIGHT: Record<TimeOfDay, { top: string; mid: string; bottom: string; amount: number }> = {
  night: { top: '#05060f', mid: '#141a38', bottom: '#2a2d55', amount: 0.15 },
  dawn: { top: '#34407a', mid: '#e7907a', bottom: '#ffd9a0', amount: 0.6 },
  day: { top: '#4f8fd8', mid: '#8fc3ee', bottom: '#e3f1fb', amount: 0.68 },
  dusk: { top: '#221b48', mid: '#c85a6a', bottom: '#f6a955', amount: 0.6 },
};

/** Grey that heavy weather lays over the sky and land. */
const OVERCAST: Record<SceneWeather, number> = {
  clear: 0,
  wind: 0.08,
  snow: 0.25,
  fog: 0.4,
  rain: 0.38,
  storm: 0.5,
};

interface Painter {
  rng: Rng;
  P: Palette;
  scene: ChapterScene & { timeOfDay: TimeOfDay };
  defs: string[];
  parts: string[];
  /** Land colours for this light. */
  far: string;
  mid: string;
  near: string;
  horizon: number;
  ground: number;
}

/** The chapter's seed: its hero, number and every character of its title and text. */
function chapterSeed(request: IllustrationRequest): string {
  const digest = hash128(`${request.title}\n${request.markdown}`)
    .map((word) => word.toString(16).padStart(8, '0'))
    .join('');
  return `starborn:${request.hero.heroId}/chapter:${request.chapterNumber}:${digest}`;
}

/** Builds the SVG and alt text of a chapter's illustration. */
export function composeChapterIllustration(request: IllustrationRequest): ComposedIllustration {
  const d = heroDesign(request.hero);
  const rng = new Rng(chapterSeed(request));
  const read = readChapterScene(request.title, request.markdown);
  const scene = {
    ...read,
    timeOfDay: read.timeOfDay ?? rng.fork('time').pick(['dawn', 'day', 'dusk', 'night'] as const),
  };
  const P = d.palette;
  const light = DAYLIGHT[scene.timeOfDay];
  const grey = OVERCAST[scene.weather];
  const lit = (color: string, amount = 1) => {
    const daylit = scene.timeOfDay === 'night' ? color : mix(color, light.mid, light.amount * 0.35 * amount);
    return grey ? mix(daylit, '#6b7079', grey * 0.5) : daylit;
  };
  const painter: Painter = {
    rng,
    P,
    scene,
    defs: [],
    parts: [],
    far: lit(P.farLand),
    mid: lit(mix(P.farLand, P.nearLand, 0.55), 0.7),
    near: lit(P.nearLand, 0.4),
    horizon: rng.range(440, 500),
    ground: rng.range(690, 720),
  };

  sky(painter, light, grey);
  heavens(painter, projectConstellation(d.constellation));
  clouds(painter);
  SETTING_PAINTERS[scene.setting](painter);

  // The hero: where the chapter's moment puts it, and its creatures around it.
  const angle: ImageAngle =
    scene.moment === 'battle' ? 'action' : scene.moment === 'journey' ? 'profile' : 'front';
  const heroLeft = rng.chance(0.5);
  const figureX = (heroLeft ? rng.range(0.24, 0.36) : rng.range(0.64, 0.76)) * W;
  const figSize = angle === 'action' ? rng.range(300, 340) : rng.range(330, 370);
  const figY = angle === 'action' ? painter.ground - rng.range(60, 100) : painter.ground + 4;
  const mirror = angle === 'front' ? false : heroLeft ? false : true;
  for (const creature of scene.creatures) CREATURE_PAINTERS[creature](painter, figureX, heroLeft);

  const haloY = figY - figSize * 0.7;
  painter.defs.push(
    `<radialGradient id="halo">${stop(0, P.glowCore, 0.75)}${stop(0.4, P.glow, 0.3)}${stop(1, P.glow, 0)}</radialGradient>`,
  );
  painter.parts.push(
    `<circle cx="${n(figureX)}" cy="${n(haloY)}" r="${n(figSize * 0.55)}" fill="url(#halo)"/>`,
  );
  if (angle === 'action') {
    painter.parts.push(
      `<ellipse cx="${n(figureX)}" cy="${n(painter.ground + 6)}" rx="${n(figSize * 0.26)}" ry="${n(figSize * 0.04)}" fill="#000000" fill-opacity="0.3"/>`,
    );
  }
  const fig = drawFigure(
    angle,
    d.look,
    { x: figureX, y: figY, size: figSize, mirror },
    { ...P, cloak: mix(P.nearLand, P.glow, 0.12) },
    rng.fork('figure'),
  );
  painter.parts.push(fig.svg);
  const [fx, fy] = fig.focus;
  const magic = angle === 'action' ? rng.range(34, 50) : rng.range(16, 26);
  painter.parts.push(
    `<circle cx="${n(fx)}" cy="${n(fy)}" r="${n(magic)}" fill="url(#halo)"/><path d="${sparkle(fx, fy, magic * 0.45)}" fill="#ffffff" fill-opacity="0.9"/>`,
  );

  weather(painter);
  frame(painter);

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${painter.defs.join('')}</defs>${painter.parts.join('')}</svg>`;
  return { scene, svg, alt: describe(request, scene, describeLook(d.look), P, angle) };
}

/** The chapter's illustration as a PNG, with its size and alt text. */
export async function renderChapterIllustration(request: IllustrationRequest): Promise<ChapterIllustration> {
  const { svg, alt } = composeChapterIllustration(request);
  return { png: await renderSvgToPng(svg), width: W, height: H, alt };
}

function sky(p: Painter, light: (typeof DAYLIGHT)[TimeOfDay], grey: number): void {
  const { P, rng } = p;
  const tone = (own: string, daylight: string) => {
    const c = mix(own, daylight, light.amount);
    return grey ? mix(c, '#5d636d', grey) : c;
  };
  p.defs.push(
    `<linearGradient id="sky" x1="0" y1="0" x2="${n(rng.range(-0.1, 0.1))}" y2="1">${stop(0, tone(P.skyTop, light.top))}${stop(0.55, tone(P.skyMid, light.mid))}${stop(1, tone(P.skyBottom, light.bottom))}</linearGradient>`,
  );
  p.parts.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);
  // The hero's nebula colours, faint by day, as in its portraits.
  const strength = p.scene.timeOfDay === 'night' ? 0.4 : 0.14;
  P.nebula.slice(0, 3).forEach((c, i) => {
    p.defs.push(`<radialGradient id="n${i}">${stop(0, c, strength)}${stop(1, c, 0)}</radialGradient>`);
    const cx = rng.range(0, W);
    const cy = rng.range(0, p.horizon * 0.7);
    p.parts.push(
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rng.range(220, 380))}" ry="${n(rng.range(80, 160))}" fill="url(#n${i})"/>`,
    );
  });
}

/** Stars and the hero's constellation by night; the sun or moon when the weather lets them through. */
function heavens(p: Painter, constellation: ProjectedConstellation): void {
  const { P, rng, scene } = p;
  const time = scene.timeOfDay;
  const veiled = scene.weather === 'storm' || scene.weather === 'fog' || scene.weather === 'rain';
  if (time === 'night' || time === 'dusk' || time === 'dawn') {
    let stars = '';
    const count = time === 'night' ? (veiled ? 40 : 150) : 30;
    for (let i = 0; i < count; i++) {
      stars += circlePath(
        rng.range(0, W),
        Math.pow(rng.next(), 1.4) * p.horizon * 0.85,
        rng.range(0.6, time === 'night' ? 2 : 1.2),
      );
    }
    p.parts.push(`<path d="${stars}" fill="${P.star}" fill-opacity="${time === 'night' ? 0.8 : 0.35}"/>`);
  }
  if (time === 'night' && !veiled) {
    const scale = rng.range(70, 95);
    const cx = rng.range(0.2, 0.8) * W;
    const cy = rng.range(110, 170);
    const pt = (i: number): Point => [
      cx + constellation.stars[i]!.x * scale,
      cy + constellation.stars[i]!.y * scale,
    ];
    const lines = constellation.lines
      .map(([a, b]) => `M${pt(a).map(n).join(' ')}L${pt(b).map(n).join(' ')}`)
      .join('');
    const cores = constellation.stars.map((_, i) => circlePath(...pt(i), 2.4)).join('');
    p.parts.push(
      `<path d="${lines}" stroke="${P.starline}" stroke-opacity="0.55" stroke-width="2" fill="none"/><path d="${cores}" fill="#ffffff"/>`,
    );
  }
  if (scene.weather === 'storm' || scene.weather === 'fog') return;
  const x = rng.range(0.12, 0.88) * W;
  if (time === 'night') {
    const r = rng.range(34, 50);
    const y = rng.range(90, 200);
    p.parts.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 2.2)}" fill="${P.glowCore}" fill-opacity="0.12"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${mix(P.glowCore, '#ffffff', 0.5)}"/><circle cx="${n(x + r * 0.45)}" cy="${n(y - r * 0.2)}" r="${n(r * 0.9)}" fill="${mix(P.skyTop, '#000000', 0.2)}" fill-opacity="${rng.chance(0.5) ? 0.9 : 0}"/>`,
    );
  } else {
    const y = time === 'day' ? rng.range(90, 180) : p.horizon - rng.range(10, 60);
    const r = time === 'day' ? rng.range(40, 55) : rng.range(55, 75);
    const core = time === 'day' ? '#fff8e0' : mix('#ffd08a', P.glowCore, 0.2);
    p.defs.push(
      `<radialGradient id="sun">${stop(0, core, 0.9)}${stop(0.35, core, 0.35)}${stop(1, core, 0)}</radialGradient>`,
    );
    p.parts.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 4)}" fill="url(#sun)"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${core}"${scene.weather === 'rain' ? ' fill-opacity="0.45"' : ''}/>`,
    );
  }
}

function clouds(p: Painter): void {
  const { rng, scene } = p;
  const count = { clear: 2, wind: 4, snow: 5, fog: 4, rain: 7, storm: 9 }[scene.weather];
  const dark = scene.weather === 'storm' || scene.weather === 'rain';
  const base = scene.timeOfDay === 'night' ? '#2a3048' : scene.timeOfDay === 'day' ? '#f4f6fa' : '#e9b8a6';
  const color = dark ? mix(base, '#2c3038', 0.55) : base;
  p.defs.push(
    `<radialGradient id="cloud">${stop(0, color, 0.85)}${stop(0.6, color, 0.5)}${stop(1, color, 0)}</radialGradient>`,
  );
  let shapes = '';
  for (let i = 0; i < count; i++) {
    const cx = rng.range(-100, W + 100);
    const cy = rng.range(40, p.horizon * (dark ? 0.55 : 0.75));
    const rx = rng.range(140, 300);
    for (let k = 0; k < 3; k++) {
      shapes += `<ellipse cx="${n(cx + (k - 1) * rx * 0.5)}" cy="${n(cy + rng.range(-12, 12))}" rx="${n(rx * rng.range(0.5, 0.75))}" ry="${n(rx * rng.range(0.18, 0.28))}"/>`;
    }
  }
  p.parts.push(`<g fill="url(#cloud)">${shapes}</g>`);
}

/** A ridge line across the picture from y0, closed at the bottom. */
function ridge(rng: Rng, y0: number, amplitude: number, roughness: number, points = 24): Point[] {
  const pts: Point[] = [[0, H]];
  let y = y0;
  const phase = rng.range(0, Math.PI * 2);
  for (let i = 0; i <= points; i++) {
    y += rng.range(-roughness, roughness);
    y = y * 0.8 + y0 * 0.2;
    pts.push([(i / points) * W, y + Math.sin(i * 0.45 + phase) * amplitude]);
  }
  pts.push([W, H]);
  return pts;
}

/** The shelf of ground the hero stands on. */
function foreground(p: Painter, color = p.near): void {
  const pts: Point[] = [[-20, H]];
  for (let i = 0; i <= 16; i++) pts.push([(i / 16) * (W + 40) - 20, p.ground + p.rng.range(-8, 8)]);
  pts.push([W + 20, H]);
  p.parts.push(`<path d="${polyline(pts, true)}" fill="${color}"/>`);
}

const lightsOn = (p: Painter) => p.scene.timeOfDay === 'night' || p.scene.timeOfDay === 'dusk';

const SETTING_PAINTERS: Record<SceneSetting, (p: Painter) => void> = {
  sea(p) {
    const { rng, P } = p;
    p.parts.push(`<path d="${polyline(ridge(rng, p.horizon - 20, 12, 8), true)}" fill="${p.far}"/>`);
    const water = mix(p.mid, P.skyBottom, 0.35);
    p.defs.push(
      `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1">${stop(0, mix(water, P.glowCore, 0.2))}${stop(1, mix(water, '#000000', 0.35))}</linearGradient>`,
    );
    p.parts.push(
      `<rect x="0" y="${n(p.horizon)}" width="${W}" height="${n(H - p.horizon)}" fill="url(#water)"/>`,
    );
    let glints = '';
    for (let i = 0; i < 40; i++) {
      const y = rng.range(p.horizon + 6, p.ground);
      const w = rng.range(14, 70) * ((y - p.horizon) / 200 + 0.3);
      const x = rng.range(0, W);
      glints += `M${n(x)} ${n(y)}h${n(w)}`;
    }
    p.parts.push(
      `<path d="${glints}" stroke="${P.glowCore}" stroke-opacity="0.45" stroke-width="2" stroke-linecap="round"/>`,
    );
    // A sail on the water.
    const sx = rng.range(0.15, 0.85) * W;
    const sy = p.horizon + rng.range(30, 90);
    const s = rng.range(30, 50);
    p.parts.push(
      `<path d="${polyline(
        [
          [sx - s, sy],
          [sx + s, sy],
          [sx + s * 0.7, sy + s * 0.3],
          [sx - s * 0.7, sy + s * 0.3],
        ],
        true,
      )}${polyline(
        [
          [sx, sy - 2],
          [sx, sy - s * 1.8],
          [sx + s * 0.8, sy - 4],
        ],
        true,
      )}" fill="${mix(p.far, '#000000', 0.3)}"/>`,
    );
    foreground(p);
  },
  mountains(p) {
    const { rng, P } = p;
    const peaks: Point[] = [[0, H]];
    let x = -60;
    const snowcaps: string[] = [];
    while (x < W + 60) {
      const width = rng.range(160, 300);
      const top = p.horizon - rng.range(140, 300);
      peaks.push([x, p.horizon + 40], [x + width / 2, top]);
      snowcaps.push(
        polyline(
          [
            [x + width * 0.36, top + (p.horizon - top) * 0.28],
            [x + width / 2, top],
            [x + width * 0.64, top + (p.horizon - top) * 0.28],
            [x + width * 0.52, top + (p.horizon - top) * 0.2],
            [x + width * 0.46, top + (p.horizon - top) * 0.3],
          ],
          true,
        ),
      );
      x += width * rng.range(0.6, 0.9);
    }
    peaks.push([W + 60, p.horizon + 40], [W, H]);
    p.parts.push(`<path d="${polyline(peaks, true)}" fill="${p.far}"/>`);
    p.parts.push(
      `<path d="${snowcaps.join('')}" fill="${mix(P.glowCore, '#ffffff', 0.5)}" fill-opacity="0.85"/>`,
    );
    p.parts.push(`<path d="${polyline(ridge(rng, p.horizon + 80, 30, 24), true)}" fill="${p.mid}"/>`);
    foreground(p);
  },
  forest(p) {
    const { rng } = p;
    p.parts.push(`<path d="${polyline(ridge(rng, p.horizon, 20, 14), true)}" fill="${p.far}"/>`);
    for (const [row, color, scale] of [
      [p.horizon + 20, p.far, 0.6],
      [p.horizon + 110, p.mid, 1],
    ] as const) {
      let trees = '';
      for (let x = -30; x < W + 30; x += rng.range(22, 46) * scale) {
        const h = rng.range(90, 170) * scale;
        const w = h * 0.32;
        const y = row + rng.range(-10, 10);
        trees += polyline(
          [
            [x - w, y],
            [x - w * 0.45, y - h * 0.45],
            [x - w * 0.7, y - h * 0.45],
            [x, y - h],
            [x + w * 0.7, y - h * 0.45],
            [x + w * 0.45, y - h * 0.45],
            [x + w, y],
          ],
          true,
        );
      }
      p.parts.push(
        `<path d="${trees}" fill="${color}"/><rect x="0" y="${n(row - 2)}" width="${W}" height="${n(H - row)}" fill="${color}"/>`,
      );
    }
    if (lightsOn(p)) {
      let lanterns = '';
      for (let i = 0; i < 14; i++)
        lanterns += circlePath(rng.range(0, W), rng.range(p.horizon + 10, p.ground - 40), rng.range(3, 6));
      p.parts.push(`<path d="${lanterns}" fill="${p.P.glowCore}" fill-opacity="0.85"/>`);
    }
    foreground(p);
  },
  town(p) {
    const { rng, P } = p;
    p.parts.push(`<path d="${polyline(ridge(rng, p.horizon, 16, 10), true)}" fill="${p.far}"/>`);
    let houses = '';
    let windows = '';
    const base = p.horizon + 120;
    for (let x = rng.range(-40, 0); x < W + 40;) {
      const w = rng.range(50, 110);
      const h = rng.range(70, 200) * (rng.chance(0.12) ? 1.8 : 1);
      const roof = rng.range(20, 50);
      houses += polyline(
        [
          [x, base],
          [x, base - h],
          [x + w / 2, base - h - roof],
          [x + w, base - h],
          [x + w, base],
        ],
        true,
      );
      for (let k = rng.int(1, 4); k > 0; k--) {
        const wx = x + rng.range(8, w - 18);
        const wy = base - rng.range(18, h - 12);
        windows += `M${n(wx)} ${n(wy)}h10v14h-10Z`;
      }
      x += w + rng.range(-6, 14);
    }
    p.parts.push(`<path d="${houses}" fill="${p.mid}"/>`);
    p.parts.push(
      `<path d="${windows}" fill="${lightsOn(p) ? P.glowCore : mix(p.mid, '#000000', 0.35)}" fill-opacity="${lightsOn(p) ? 0.9 : 0.7}"/>`,
    );
    p.parts.push(`<rect x="0" y="${n(base - 1)}" width="${W}" height="${n(H - base)}" fill="${p.mid}"/>`);
    foreground(p);
  },
  marsh(p) {
    const { rng, P } = p;
    p.parts.push(`<path d="${polyline(ridge(rng, p.horizon, 8, 6), true)}" fill="${p.far}"/>`);
    p.parts.push(`<rect x="0" y="${n(p.horizon + 30)}" width="${W}" height="${n(H)}" fill="${p.mid}"/>`);
    let pools = '';
    for (let i = 0; i < 7; i++) {
      const cx = rng.range(0, W);
      const cy = rng.range(p.horizon + 50, p.ground - 20);
      pools += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rng.range(60, 180))}" ry="${n(rng.range(8, 20))}"/>`;
    }
    p.parts.push(`<g fill="${mix(P.skyBottom, P.glowCore, 0.3)}" fill-opacity="0.55">${pools}</g>`);
    let reeds = '';
    for (let i = 0; i < 90; i++) {
      const x = rng.range(0, W);
      const y = rng.range(p.horizon + 40, H);
      const h = rng.range(20, 60) * (y / H);
      reeds += `M${n(x)} ${n(y)}q${n(rng.range(-6, 6))} ${n(-h / 2)} ${n(rng.range(-10, 10))} ${n(-h)}`;
    }
    foreground(p, mix(p.near, p.mid, 0.3));
    p.parts.push(`<path d="${reeds}" stroke="${mix(p.near, '#000000', 0.2)}" stroke-width="2" fill="none"/>`);
  },
  desert(p) {
    const { rng, P } = p;
    const sand = (c: string) => mix(c, '#c98a4b', 0.35);
    for (const [y, color, amp] of [
      [p.horizon, sand(p.far), 14],
      [p.horizon + 90, sand(p.mid), 26],
    ] as const) {
      const pts: Point[] = [[0, H]];
      const phase = rng.range(0, Math.PI * 2);
      const waves = rng.range(1.5, 3);
      for (let i = 0; i <= 40; i++)
        pts.push([(i / 40) * W, y + Math.sin((i / 40) * Math.PI * 2 * waves + phase) * amp]);
      pts.push([W, H]);
      p.parts.push(`<path d="${polyline(pts, true)}" fill="${color}"/>`);
    }
    // A smoking cone or a lone rock on the skyline.
    const vx = rng.range(0.2, 0.8) * W;
    const vh = rng.range(90, 160);
    p.parts.push(
      `<path d="${polyline(
        [
          [vx - vh * 1.3, p.horizon + 10],
          [vx - vh * 0.25, p.horizon - vh],
          [vx + vh * 0.25, p.horizon - vh],
          [vx + vh * 1.3, p.horizon + 10],
        ],
        true,
      )}" fill="${mix(sand(p.far), '#000000', 0.2)}"/><circle cx="${n(vx)}" cy="${n(p.horizon - vh - 6)}" r="10" fill="${P.glow}" fill-opacity="0.7"/>`,
    );
    foreground(p, sand(p.near));
  },
  caverns(p) {
    const { rng, P } = p;
    p.parts.push(`<path d="${polyline(ridge(rng, p.horizon + 40, 14, 10), true)}" fill="${p.mid}"/>`);
    let crystals = '';
    for (let i = rng.int(6, 10); i > 0; i--) {
      const x = rng.range(40, W - 40);
      const y = rng.range(p.horizon + 80, p.ground + 20);
      const h = rng.range(30, 90);
      crystals += polyline(
        [
          [x - h * 0.2, y],
          [x - h * 0.15, y - h * 0.8],
          [x, y - h],
          [x + h * 0.15, y - h * 0.8],
          [x + h * 0.2, y],
        ],
        true,
      );
    }
    foreground(p);
    p.parts.push(
      `<path d="${crystals}" fill="${P.accent}" fill-opacity="0.8" stroke="${P.glowCore}" stroke-opacity="0.6" stroke-width="1.5"/>`,
    );
    // The cave's mouth frames the scene: rock above and at the sides, hanging stone.
    const rock = mix(P.figure, p.near, 0.3);
    const arch: Point[] = [
      [0, 0],
      [W, 0],
      [W, H],
      [W - rng.range(60, 110), H],
    ];
    for (let i = 0; i <= 20; i++) {
      const a = Math.PI * (i / 20);
      const x = W / 2 + Math.cos(a) * (W / 2 - rng.range(60, 90));
      const y = H - Math.sin(a) * (H - rng.range(70, 110)) + 60;
      arch.push([x, Math.min(H, y)]);
    }
    arch.push([rng.range(60, 110), H], [0, H]);
    let drips = '';
    for (let i = 0; i < 12; i++) {
      const x = rng.range(150, W - 150);
      const top = 90 + Math.abs(x - W / 2) * 0.25;
      const h = rng.range(30, 90);
      drips += polyline(
        [
          [x - 12, top - 20],
          [x, top + h],
          [x + 12, top - 20],
        ],
        true,
      );
    }
    p.parts.push(`<path d="${polyline(arch, true)}${drips}" fill="${rock}" fill-rule="nonzero"/>`);
  },
  hills(p) {
    const { rng } = p;
    p.parts.push(`<path d="${polyline(ridge(rng, p.horizon, 30, 18), true)}" fill="${p.far}"/>`);
    p.parts.push(`<path d="${polyline(ridge(rng, p.horizon + 90, 24, 14), true)}" fill="${p.mid}"/>`);
    let grass = '';
    for (let i = 0; i < 60; i++) {
      const x = rng.range(0, W);
      const y = rng.range(p.horizon + 110, p.ground);
      grass += `M${n(x)} ${n(y)}l${n(rng.range(-4, 4))} ${n(-rng.range(6, 16))}`;
    }
    p.parts.push(`<path d="${grass}" stroke="${mix(p.mid, '#ffffff', 0.15)}" stroke-width="1.5"/>`);
    foreground(p);
  },
};

const CREATURE_PAINTERS: Record<SceneCreature, (p: Painter, heroX: number, heroLeft: boolean) => void> = {
  birds(p) {
    const { rng } = p;
    const cx = rng.range(0.2, 0.8) * W;
    const cy = rng.range(120, p.horizon - 60);
    let flock = '';
    for (let i = rng.int(5, 9); i > 0; i--) {
      const x = cx + rng.gauss() * 160;
      const y = cy + rng.gauss() * 70;
      const s = rng.range(8, 16);
      flock += `M${n(x - s)} ${n(y - s * 0.4)}Q${n(x - s * 0.4)} ${n(y - s * 0.5)} ${n(x)} ${n(y)}Q${n(x + s * 0.4)} ${n(y - s * 0.5)} ${n(x + s)} ${n(y - s * 0.4)}`;
    }
    p.parts.push(
      `<path d="${flock}" stroke="${mix(p.P.figure, p.far, 0.2)}" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
    );
  },
  dragon(p, _heroX, heroLeft) {
    const { rng } = p;
    const x0 = (heroLeft ? rng.range(0.55, 0.7) : rng.range(0.15, 0.3)) * W;
    const y0 = rng.range(140, 230);
    const len = rng.range(260, 360);
    const dir = heroLeft ? 1 : -1;
    const spine = sampleCubics(
      [
        [x0, y0],
        [x0 + dir * len * 0.3, y0 - 70],
        [x0 + dir * len * 0.6, y0 + 80],
        [x0 + dir * len, y0 + rng.range(-20, 30)],
      ],
      16,
    );
    const body = taperedPath(spine, (t) => 26 * (1 - t) + 3);
    const [wx, wy] = spine[4]!;
    const wing = polyline(
      [
        [wx, wy],
        [wx - dir * 40, wy - 110],
        [wx + dir * 30, wy - 80],
        [wx + dir * 70, wy - 120],
        [wx + dir * 80, wy - 10],
      ],
      true,
    );
    const head = circlePath(x0 - dir * 14, y0 - 4, 16);
    p.parts.push(`<path d="${body}${wing}${head}" fill="${mix(p.P.figure, p.P.accentDark, 0.4)}"/>`);
    p.parts.push(`<circle cx="${n(x0 - dir * 20)}" cy="${n(y0 - 8)}" r="3" fill="${p.P.glowCore}"/>`);
  },
  beast(p, heroX, heroLeft) {
    const { rng } = p;
    const dir = heroLeft ? 1 : -1;
    const x = heroX + dir * rng.range(150, 230);
    const y = p.ground + 2;
    const s = rng.range(0.9, 1.25);
    const pt = (dx: number, dy: number): Point => [x + dir * dx * s, y + dy * s];
    const shape = polyline(
      [
        pt(-55, 0),
        pt(-50, -40),
        pt(-60, -70),
        pt(-30, -78),
        pt(30, -80),
        pt(52, -100),
        pt(62, -122),
        pt(70, -104),
        pt(88, -96),
        pt(80, -84),
        pt(58, -76),
        pt(50, -40),
        pt(54, 0),
        pt(42, 0),
        pt(38, -40),
        pt(-30, -44),
        pt(-40, 0),
      ],
      true,
    );
    const tail = taperedPath([pt(-58, -68), pt(-86, -72), pt(-100, -96)], (t) => 10 * (1 - t) + 2);
    p.parts.push(`<path d="${shape}${tail}" fill="${p.P.figure}"/>`);
  },
  serpent(p, heroX, heroLeft) {
    const { rng } = p;
    const dir = heroLeft ? 1 : -1;
    const x0 = heroX + dir * rng.range(120, 180);
    const y = p.ground + 10;
    const pts: Point[] = [];
    for (let i = 0; i <= 24; i++) {
      const t = i / 24;
      pts.push([x0 + dir * t * 260, y - Math.sin(t * Math.PI * 3) * 14 - (i < 4 ? (4 - i) * 14 : 0)]);
    }
    p.parts.push(`<path d="${taperedPath(pts, (t) => 18 * (1 - t) + 3)}" fill="${p.P.figure}"/>`);
  },
};

function weather(p: Painter): void {
  const { rng, scene, P } = p;
  if (scene.weather === 'rain' || scene.weather === 'storm') {
    let streaks = '';
    const slant = rng.range(-0.25, 0.05);
    for (let i = 0; i < (scene.weather === 'storm' ? 220 : 160); i++) {
      const x = rng.range(-40, W + 40);
      const y = rng.range(-20, H);
      const len = rng.range(14, 30);
      streaks += `M${n(x)} ${n(y)}l${n(len * slant)} ${n(len)}`;
    }
    p.parts.push(`<path d="${streaks}" stroke="#cfd8e6" stroke-opacity="0.45" stroke-width="1.4"/>`);
  }
  if (scene.weather === 'storm') {
    let x = rng.range(0.15, 0.85) * W;
    let y = 40;
    const bolt: Point[] = [[x, y]];
    while (y < p.horizon - 20) {
      x += rng.range(-40, 40);
      y += rng.range(30, 60);
      bolt.push([x, y]);
    }
    p.parts.push(
      `<path d="${polyline(bolt)}" stroke="${mix(P.glowCore, '#ffffff', 0.6)}" stroke-width="4" fill="none" stroke-linejoin="bevel"/>`,
    );
  }
  if (scene.weather === 'snow') {
    let flakes = '';
    for (let i = 0; i < 180; i++) flakes += circlePath(rng.range(0, W), rng.range(0, H), rng.range(1.2, 3.4));
    p.parts.push(`<path d="${flakes}" fill="#ffffff" fill-opacity="0.8"/>`);
  }
  if (scene.weather === 'fog') {
    p.defs.push(
      `<linearGradient id="fog" x1="0" y1="0" x2="0" y2="1">${stop(0, '#d9dde3', 0)}${stop(0.5, '#d9dde3', 0.5)}${stop(1, '#d9dde3', 0)}</linearGradient>`,
    );
    for (let i = 0; i < 3; i++) {
      const y = p.horizon - 60 + i * rng.range(70, 110);
      p.parts.push(
        `<rect x="0" y="${n(y)}" width="${W}" height="${n(rng.range(80, 140))}" fill="url(#fog)"/>`,
      );
    }
  }
  if (scene.weather === 'wind') {
    let swirls = '';
    for (let i = rng.int(4, 6); i > 0; i--) {
      const y = rng.range(150, p.ground - 40);
      const x = rng.range(-100, W - 300);
      const len = rng.range(260, 520);
      swirls += taperedPath(
        sampleCubics(
          [
            [x, y],
            [x + len * 0.3, y - 40],
            [x + len * 0.7, y + 40],
            [x + len, y - rng.range(0, 30)],
          ],
          12,
        ),
        (t) => Math.sin(t * Math.PI) * rng.range(3, 6),
      );
    }
    p.parts.push(`<path d="${swirls}" fill="${P.rim}" fill-opacity="0.3"/>`);
  }
}

function frame(p: Painter): void {
  const { P } = p;
  p.parts.push(
    `<rect x="12" y="12" width="${W - 24}" height="${H - 24}" fill="none" stroke="${P.accent}" stroke-opacity="0.5" stroke-width="2"/>` +
      `<path d="${[
        [12, 12],
        [W - 12, 12],
        [12, H - 12],
        [W - 12, H - 12],
      ]
        .map(([x, y]) => sparkle(x!, y!, 10))
        .join('')}" fill="${P.accent}"/>`,
  );
}

const SETTING_WORDS: Record<SceneSetting, string> = {
  sea: 'on a shore above the open water, a sail on the waves',
  mountains: 'on a high mountain pass below snow-capped peaks',
  forest: 'at the edge of a dark forest',
  town: 'before the rooftops and towers of a town',
  marsh: 'among the reeds and pools of a marsh',
  desert: 'among wind-carved dunes beneath a smoking peak',
  caverns: 'in the mouth of a cave glittering with crystals',
  hills: 'on rolling hills',
};

const TIME_WORDS: Record<TimeOfDay, string> = {
  dawn: 'at dawn',
  day: 'in broad daylight',
  dusk: 'at dusk',
  night: 'at night',
};

const WEATHER_WORDS: Record<SceneWeather, string> = {
  clear: '',
  rain: ', in the rain',
  snow: ', in falling snow',
  fog: ', with fog in the valleys',
  storm: ', under a storm split by lightning',
  wind: ', in a rushing wind',
};

const CREATURE_WORDS: Record<SceneCreature, string> = {
  birds: 'a flock of birds wheeling overhead',
  dragon: 'a dragon in flight',
  beast: 'a four-legged beast at the hero’s side',
  serpent: 'a serpent coiling on the ground',
};

const POSE_WORDS: Record<ImageAngle, string> = {
  front: 'stands',
  profile: 'walks',
  action: 'leaps into battle',
};

function describe(
  request: IllustrationRequest,
  scene: ChapterScene & { timeOfDay: TimeOfDay },
  look: string,
  P: Palette,
  angle: ImageAngle,
): string {
  const creatures = scene.creatures.map((c) => CREATURE_WORDS[c]);
  const where = SETTING_WORDS[scene.setting];
  const pose = `${POSE_WORDS[angle]} ${where}`;
  return [
    `Chapter ${request.chapterNumber}, “${request.title}”: ${request.hero.name}, with ${look}, ${pose} ${TIME_WORDS[scene.timeOfDay]}${WEATHER_WORDS[scene.weather]}.`,
    creatures.length ? `${upper(creatures.join(' and '))}.` : '',
    `Lit in ${P.words.slice(0, 2).join(' and ')}, the light of ${withIndefiniteArticle(P.element.toLowerCase())}-born hero.`,
  ]
    .filter(Boolean)
    .join(' ');
}

const upper = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
