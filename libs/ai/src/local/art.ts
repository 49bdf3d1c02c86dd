/**
 * Seeded procedural hero artwork: composes one SVG per camera angle (sky and nebulae, star field,
 * the hero's real Western constellation, terrain, element effects, the posed hero silhouette and a
 * medallion with the Chinese animal) and renders it to a 1024×1024 PNG with sharp.
 */
import { withIndefiniteArticle } from '@starborn/zodiac';
import sharp from 'sharp';
import { Rng } from '../prng.js';
import type { HeroProfile, ImageAngle } from '../types.js';
import { mix } from './color.js';
import { constellationFor, projectConstellation, type Constellation } from './constellations.js';
import { emblemSvg } from './emblems.js';
import { describeLook, drawFigure, rollLook, type HeroLook } from './figure.js';
import { upperFirst } from './grammar.js';
import { makePalette, type Palette } from './palette.js';
import { circlePath, n, polyline, sampleCubics, taperedPath, type Point } from './svg.js';

/** The size of the artwork's coordinate system (and of the default rendering). */
export const ART_SIZE = 1024;

export interface RenderOptions {
  /** Output width and height in pixels (default 1024). Smaller sizes are for fast tests only. */
  size?: number;
}

export interface HeroArt {
  angle: ImageAngle;
  prompt: string;
  svg: string;
}

/** What stays the same in every picture of one hero (its portraits and its chapters' illustrations). */
export interface HeroDesign {
  hero: HeroProfile;
  root: Rng;
  palette: Palette;
  look: HeroLook;
  constellation: Constellation;
  /** Halo style shared by the three images. */
  halo: 'moon' | 'eclipse' | 'sun' | 'rings';
  /** Medallion corner preference. */
  medallionLeft: boolean;
}

export function heroDesign(hero: HeroProfile): HeroDesign {
  const root = new Rng(`starborn:${hero.heroId}`);
  const palette = makePalette(hero.western.element, hero.chinese.element, root.fork('palette'));
  const look = rollLook(root.fork('look'));
  const d = root.fork('design');
  return {
    hero,
    root,
    palette,
    look,
    constellation: constellationFor(hero.western.sign),
    halo: d.pick(['moon', 'eclipse', 'sun', 'rings'] as const),
    medallionLeft: d.chance(0.5),
  };
}

export const stop = (offset: number, color: string, opacity = 1) =>
  `<stop offset="${offset}" stop-color="${color}"${opacity < 1 ? ` stop-opacity="${opacity}"` : ''}/>`;

function ridge(rng: Rng, y0: number, amplitude: number, roughness: number, points = 24): Point[] {
  const pts: Point[] = [[0, ART_SIZE]];
  let y = y0 + rng.range(-amplitude, amplitude) * 0.5;
  const phase = rng.range(0, Math.PI * 2);
  for (let i = 0; i <= points; i++) {
    const x = (i / points) * ART_SIZE;
    y += rng.range(-roughness, roughness);
    y = y * 0.8 + y0 * 0.2;
    pts.push([x, y + Math.sin(i * 0.45 + phase) * amplitude]);
  }
  pts.push([ART_SIZE, ART_SIZE]);
  return pts;
}

export function sparkle(x: number, y: number, r: number): string {
  const k = r * 0.18;
  return polyline(
    [
      [x, y - r],
      [x + k, y - k],
      [x + r, y],
      [x + k, y + k],
      [x, y + r],
      [x - k, y + k],
      [x - r, y],
      [x - k, y - k],
    ],
    true,
  );
}

/** Builds the SVG and prompt of one image. */
export function composeHeroArt(hero: HeroProfile, angle: ImageAngle, options: RenderOptions = {}): HeroArt {
  return composeWith(heroDesign(hero), angle, options);
}

/** SVG and prompt of the three images (front, profile, action). */
export function composeHeroArts(hero: HeroProfile, options: RenderOptions = {}): HeroArt[] {
  const d = heroDesign(hero);
  return (['front', 'profile', 'action'] as const).map((a) => composeWith(d, a, options));
}

function composeWith(d: HeroDesign, angle: ImageAngle, options: RenderOptions): HeroArt {
  const size = options.size ?? ART_SIZE;
  const rng = d.root.fork(`image:${angle}`);
  const P = d.palette;
  const W = ART_SIZE;
  const parts: string[] = [];
  const defs: string[] = [];

  // --- sky ---
  defs.push(
    `<linearGradient id="sky" x1="0" y1="0" x2="${n(rng.range(-0.15, 0.15))}" y2="1">${stop(0, P.skyTop)}${stop(rng.range(0.45, 0.6), P.skyMid)}${stop(1, P.skyBottom)}</linearGradient>`,
  );
  parts.push(`<rect width="${W}" height="${W}" fill="url(#sky)"/>`);

  // --- nebulae ---
  P.nebula.forEach((c, i) => {
    defs.push(
      `<radialGradient id="n${i}">${stop(0, c, 0.5)}${stop(0.55, c, 0.18)}${stop(1, c, 0)}</radialGradient>`,
    );
  });
  const clouds = rng.int(4, 5);
  for (let i = 0; i < clouds; i++) {
    const cx = rng.range(-80, W + 80);
    const cy = rng.range(-60, W * 0.7);
    const rx = rng.range(170, 380);
    const ry = rx * rng.range(0.3, 0.65);
    parts.push(
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#n${i % P.nebula.length})" transform="rotate(${n(rng.range(-50, 50))} ${n(cx)} ${n(cy)})"/>`,
    );
  }

  // --- star field: three brightness tiers in three paths, plus sparkles ---
  const tiers = ['', '', ''];
  const starCount = rng.int(170, 230);
  for (let i = 0; i < starCount; i++) {
    const x = rng.range(0, W);
    const y = Math.pow(rng.next(), 1.3) * W * 0.8;
    const t = rng.weighted([0, 1, 2], [6, 3, 1]);
    tiers[t] += circlePath(x, y, [0.8, 1.3, 2][t]! * rng.range(0.8, 1.2));
  }
  parts.push(
    `<path d="${tiers[0]}" fill="${P.star}" fill-opacity="0.45"/><path d="${tiers[1]}" fill="${P.star}" fill-opacity="0.75"/><path d="${tiers[2]}" fill="#ffffff"/>`,
  );
  let sparkles = '';
  for (let i = rng.int(5, 9); i > 0; i--)
    sparkles += sparkle(rng.range(20, W - 20), rng.range(20, W * 0.6), rng.range(6, 14));
  parts.push(`<path d="${sparkles}" fill="${P.glowCore}" fill-opacity="0.85"/>`);

  // --- constellation ---
  const figureX =
    angle === 'front'
      ? W / 2 + rng.range(-50, 50)
      : angle === 'profile'
        ? (rng.chance(0.5) ? 360 : 664) + rng.range(-30, 30)
        : W / 2 + rng.range(-70, 30);
  const proj = projectConstellation(d.constellation);
  const constLeft = figureX > W / 2 ? rng.chance(0.75) : rng.chance(0.25);
  const cScale = rng.range(125, 160);
  const cx = (constLeft ? rng.range(0.25, 0.35) : rng.range(0.65, 0.75)) * W;
  const cy = rng.range(175, 215);
  const rot = rng.range(-14, 14);
  defs.push(
    `<radialGradient id="sg">${stop(0, P.glowCore, 0.9)}${stop(0.3, P.starline, 0.35)}${stop(1, P.starline, 0)}</radialGradient>`,
  );
  const pt = (i: number): Point => [proj.stars[i]!.x * cScale, proj.stars[i]!.y * cScale];
  const lines = proj.lines.map(([a, b]) => `M${pt(a).map(n).join(' ')}L${pt(b).map(n).join(' ')}`).join('');
  let glows = '';
  let cores = '';
  proj.stars.forEach((s, i) => {
    const [x, y] = pt(i);
    const m = Math.max(0, 5 - s.mag);
    glows += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(10 + m * 6)}"/>`;
    cores += circlePath(x, y, 2.2 + m * 1.2);
  });
  parts.push(
    `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(rot)})"><path d="${lines}" fill="none" stroke="${P.starline}" stroke-opacity="0.7" stroke-width="3" stroke-linecap="round"/><g fill="url(#sg)">${glows}</g><path d="${cores}" fill="#ffffff"/></g>`,
  );

  // --- halo behind the hero ---
  const groundY = angle === 'action' ? rng.range(900, 930) : rng.range(860, 900);
  const figSize = angle === 'action' ? rng.range(420, 470) : rng.range(450, 510);
  const figY = angle === 'action' ? groundY - rng.range(90, 140) : groundY + 4;
  const haloX = figureX + (angle === 'front' ? 0 : rng.range(-40, 40));
  const haloY = figY - figSize * (angle === 'action' ? 0.75 : 0.68);
  const haloR = rng.range(190, 250);
  defs.push(
    `<radialGradient id="halo">${stop(0, P.glowCore, 0.9)}${stop(0.35, P.glow, 0.5)}${stop(1, P.glow, 0)}</radialGradient>`,
  );
  parts.push(`<circle cx="${n(haloX)}" cy="${n(haloY)}" r="${n(haloR * 1.45)}" fill="url(#halo)"/>`);
  if (d.halo === 'moon') {
    parts.push(
      `<circle cx="${n(haloX)}" cy="${n(haloY)}" r="${n(haloR * 0.78)}" fill="${mix(P.glowCore, P.glow, 0.25)}" fill-opacity="0.92"/>`,
    );
    let craters = '';
    for (let i = 0; i < 6; i++) {
      const a = rng.range(0, Math.PI * 2);
      const r = rng.range(0, haloR * 0.55);
      craters += circlePath(haloX + Math.cos(a) * r, haloY + Math.sin(a) * r, rng.range(10, 34));
    }
    parts.push(`<path d="${craters}" fill="${P.glow}" fill-opacity="0.35"/>`);
  } else if (d.halo === 'eclipse') {
    parts.push(
      `<circle cx="${n(haloX)}" cy="${n(haloY)}" r="${n(haloR * 0.74)}" fill="${P.glowCore}"/><circle cx="${n(haloX + rng.range(-10, 10))}" cy="${n(haloY + rng.range(-10, 10))}" r="${n(haloR * 0.7)}" fill="${mix(P.skyMid, '#000000', 0.5)}"/>`,
    );
  } else if (d.halo === 'sun') {
    let rays = '';
    const k = rng.int(14, 22);
    for (let i = 0; i < k; i++) {
      const a = (i / k) * Math.PI * 2 + rng.range(-0.05, 0.05);
      const r1 = haloR * 0.8;
      const r2 = haloR * rng.range(1.15, 1.6);
      rays += taperedPath(
        [
          [haloX + Math.cos(a) * r1, haloY + Math.sin(a) * r1],
          [haloX + Math.cos(a) * r2, haloY + Math.sin(a) * r2],
        ],
        (t) => (1 - t) * 16,
      );
    }
    parts.push(
      `<path d="${rays}" fill="${P.glowCore}" fill-opacity="0.35"/><circle cx="${n(haloX)}" cy="${n(haloY)}" r="${n(haloR * 0.72)}" fill="${P.glowCore}" fill-opacity="0.9"/>`,
    );
  } else {
    parts.push(
      `<circle cx="${n(haloX)}" cy="${n(haloY)}" r="${n(haloR * 0.7)}" fill="${P.glowCore}" fill-opacity="0.85"/><g fill="none" stroke="${P.glowCore}" stroke-opacity="0.5"><circle cx="${n(haloX)}" cy="${n(haloY)}" r="${n(haloR * 0.86)}" stroke-width="3"/><circle cx="${n(haloX)}" cy="${n(haloY)}" r="${n(haloR * 1.02)}" stroke-width="1.5" stroke-dasharray="4 10"/></g>`,
    );
  }

  // --- terrain ---
  parts.push(
    `<path d="${polyline(ridge(rng, groundY - rng.range(130, 190), 36, 26), true)}" fill="${P.farLand}"/>`,
  );
  parts.push(
    `<path d="${polyline(ridge(rng, groundY - rng.range(50, 80), 18, 14), true)}" fill="${mix(P.farLand, P.nearLand, 0.55)}"/>`,
  );
  if (P.element === 'Water') {
    // a still sea with glittering reflection lines
    parts.push(
      `<rect x="0" y="${n(groundY - 24)}" width="${W}" height="${n(W - groundY + 24)}" fill="${mix(P.nearLand, P.skyBottom, 0.3)}"/>`,
    );
    let glints = '';
    for (let i = 0; i < 26; i++) {
      const y = rng.range(groundY - 20, W - 10);
      const x = haloX + rng.gauss() * 160;
      const w = rng.range(20, 90) * (1 - (y - groundY) / 400);
      glints += `M${n(x - w / 2)} ${n(y)}h${n(w)}`;
    }
    parts.push(
      `<path d="${glints}" stroke="${P.glowCore}" stroke-opacity="0.5" stroke-width="2" stroke-linecap="round"/>`,
    );
  }
  // the ground the hero stands on (a rock shelf or cliff)
  const shelf: Point[] = [];
  const left = angle === 'profile' ? figureX - rng.range(200, 320) : -20;
  const right = angle === 'profile' ? figureX + rng.range(120, 200) : W + 20;
  const steps = 14;
  for (let i = 0; i <= steps; i++) {
    const x = left + ((right - left) * i) / steps;
    shelf.push([x, groundY + Math.abs(x - figureX) * 0.05 + rng.range(-6, 6)]);
  }
  parts.push(
    `<path d="${polyline([[left - 40, W], ...shelf, [right + 60, W]], true)}" fill="${P.nearLand}"/>`,
  );

  // --- element effects behind the figure ---
  const fx: string[] = [];
  if (P.element === 'Air') {
    let swirls = '';
    for (let i = rng.int(4, 6); i > 0; i--) {
      const y = rng.range(320, 820);
      const x = rng.range(-100, W - 300);
      const len = rng.range(300, 620);
      swirls += taperedPath(
        sampleCubics(
          [
            [x, y],
            [x + len * 0.3, y - 60],
            [x + len * 0.7, y + 60],
            [x + len, y - rng.range(0, 40)],
          ],
          14,
        ),
        (t) => Math.sin(t * Math.PI) * rng.range(4, 8),
      );
    }
    fx.push(`<path d="${swirls}" fill="${P.rim}" fill-opacity="0.28"/>`);
  } else if (P.element === 'Earth') {
    let rocks = '';
    for (let i = rng.int(5, 9); i > 0; i--) {
      const x = rng.range(60, W - 60);
      const y = rng.range(420, 780);
      const r = rng.range(10, 30);
      const pts: Point[] = [];
      for (let k = 0; k < 6; k++) {
        const a = (k / 6) * Math.PI * 2 + rng.range(-0.3, 0.3);
        pts.push([x + Math.cos(a) * r * rng.range(0.6, 1.2), y + Math.sin(a) * r * rng.range(0.5, 1)]);
      }
      rocks += polyline(pts, true);
    }
    fx.push(
      `<path d="${rocks}" fill="${P.farLand}" stroke="${P.rim}" stroke-opacity="0.55" stroke-width="2"/>`,
    );
    let crystals = '';
    for (let i = rng.int(3, 6); i > 0; i--) {
      const x = rng.range(40, W - 40);
      const h = rng.range(40, 110);
      const w = h * 0.22;
      const lean = rng.range(-0.3, 0.3) * h;
      crystals += polyline(
        [
          [x - w, groundY + 30],
          [x - w * 0.8 + lean, groundY + 30 - h * 0.8],
          [x + lean, groundY + 30 - h],
          [x + w * 0.8 + lean, groundY + 30 - h * 0.8],
          [x + w, groundY + 30],
        ],
        true,
      );
    }
    fx.push(
      `<path d="${crystals}" fill="${P.accent}" fill-opacity="0.75" stroke="${P.glowCore}" stroke-opacity="0.6" stroke-width="1.5"/>`,
    );
  }
  parts.push(...fx);

  // --- front: a rune circle at the hero's feet ---
  if (angle === 'front') {
    const rx = figSize * rng.range(0.36, 0.46);
    const ry = rx * 0.2;
    const cyR = groundY + 6;
    let marks = '';
    const k = rng.int(10, 16);
    for (let i = 0; i < k; i++) {
      const a = (i / k) * Math.PI * 2;
      const x = figureX + Math.cos(a) * rx * 0.86;
      const y = cyR + Math.sin(a) * ry * 0.86;
      marks += sparkle(x, y, rng.range(4, 7));
    }
    parts.push(
      `<g fill="none" stroke="${P.glowCore}" stroke-opacity="0.75"><ellipse cx="${n(figureX)}" cy="${n(cyR)}" rx="${n(rx)}" ry="${n(ry)}" stroke-width="3"/><ellipse cx="${n(figureX)}" cy="${n(cyR)}" rx="${n(rx * 0.72)}" ry="${n(ry * 0.72)}" stroke-width="1.5" stroke-dasharray="10 6"/></g><path d="${marks}" fill="${P.glowCore}"/>`,
    );
  }

  // --- action: motion trails behind the hero ---
  const mirror = angle === 'front' ? false : angle === 'profile' ? figureX > W / 2 : rng.chance(0.5);
  if (angle === 'action') {
    let trails = '';
    const dir = mirror ? -1 : 1;
    for (let i = 0; i < 7; i++) {
      const y = figY - figSize * rng.range(0.2, 0.95);
      const x0 = figureX - dir * rng.range(60, 120);
      const len = rng.range(160, 360);
      trails += taperedPath(
        [
          [x0 - dir * len, y + rng.range(10, 40)],
          [x0, y],
        ],
        (t) => t * rng.range(5, 12),
      );
    }
    parts.push(`<path d="${trails}" fill="${P.glowCore}" fill-opacity="0.45"/>`);
    parts.push(
      `<ellipse cx="${n(figureX)}" cy="${n(groundY + 8)}" rx="${n(figSize * 0.28)}" ry="${n(figSize * 0.04)}" fill="#000000" fill-opacity="0.35"/>`,
    );
  }

  // --- the hero ---
  const figRng = rng.fork('figure');
  const fig = drawFigure(
    angle,
    d.look,
    { x: figureX, y: figY, size: figSize, mirror },
    { ...P, cloak: mix(P.nearLand, P.glow, 0.12) },
    figRng,
  );
  if (angle === 'action') {
    // an after-image of the leap
    const dir = mirror ? -1 : 1;
    parts.push(
      `<g transform="translate(${n(-dir * figSize * 0.16)} ${n(figSize * 0.05)})" opacity="0.2">${fig.ghost(P.glow)}</g>`,
    );
  }
  parts.push(fig.svg);

  // --- magic at the focus point and element particles in front ---
  const [fxX, fxY] = fig.focus;
  const quiet = angle === 'front' && d.look.weapon === 'sword';
  const magicR = angle === 'action' ? rng.range(60, 90) : quiet ? rng.range(18, 26) : rng.range(34, 50);
  parts.push(`<circle cx="${n(fxX)}" cy="${n(fxY)}" r="${n(magicR)}" fill="url(#halo)"/>`);
  parts.push(`<path d="${sparkle(fxX, fxY, magicR * 0.45)}" fill="#ffffff" fill-opacity="0.9"/>`);
  let motes = '';
  const moteCount = angle === 'action' ? 40 : 26;
  for (let i = 0; i < moteCount; i++) {
    if (P.element === 'Fire') {
      motes += circlePath(
        fxX + rng.gauss() * 220,
        fxY - Math.abs(rng.gauss()) * 300 + 120,
        rng.range(1.5, 4),
      );
    } else if (P.element === 'Water') {
      const x = fxX + rng.gauss() * 200;
      const y = fxY + rng.gauss() * 200;
      const r = rng.range(2, 5);
      motes += `M${n(x)} ${n(y - r * 2.2)}Q${n(x + r)} ${n(y - r * 0.4)} ${n(x)} ${n(y + r)}Q${n(x - r)} ${n(y - r * 0.4)} ${n(x)} ${n(y - r * 2.2)}Z`;
    } else {
      motes += circlePath(fxX + rng.gauss() * 240, fxY + rng.gauss() * 240, rng.range(1.2, 3.2));
    }
  }
  parts.push(
    `<path d="${motes}" fill="${P.element === 'Fire' ? mix(P.glow, '#ff5a1e', 0.4) : P.glowCore}" fill-opacity="0.8"/>`,
  );
  if (P.element === 'Fire' && !quiet) {
    let flames = '';
    for (let i = 0; i < 5; i++) {
      const x = fxX + rng.range(-14, 14);
      const h = rng.range(40, 90) * (angle === 'action' ? 1.4 : 1);
      flames += taperedPath(
        sampleCubics(
          [
            [x, fxY + 8],
            [x + rng.range(-20, 20), fxY - h * 0.4],
            [x + rng.range(-25, 25), fxY - h * 0.7],
            [x + rng.range(-10, 10), fxY - h],
          ],
          8,
        ),
        (t) => (1 - t) * rng.range(10, 18),
      );
    }
    parts.push(`<path d="${flames}" fill="${mix(P.glow, '#ff6a1a', 0.5)}" fill-opacity="0.75"/>`);
  }

  // --- medallion with the Chinese animal ---
  const mR = rng.range(78, 92);
  const mLeft = angle === 'front' ? d.medallionLeft : !constLeft;
  const mTop = angle !== 'front' && rng.chance(0.4);
  const mx = mLeft ? 40 + mR : W - 40 - mR;
  const my = mTop ? 40 + mR : W - 40 - mR;
  let ticks = '';
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    ticks += `M${n(mx + Math.cos(a) * mR * 0.9)} ${n(my + Math.sin(a) * mR * 0.9)}L${n(mx + Math.cos(a) * mR * 0.98)} ${n(my + Math.sin(a) * mR * 0.98)}`;
  }
  const es = (mR * 1.44) / 100;
  parts.push(
    `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(mR * 1.1)}" fill="none" stroke="${P.glow}" stroke-opacity="0.25" stroke-width="${n(mR * 0.12)}"/>` +
      `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(mR)}" fill="${P.accentDark}" stroke="${P.accent}" stroke-width="5"/>` +
      `<path d="${ticks}" stroke="${P.accent}" stroke-width="3"/>` +
      `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(mR * 0.82)}" fill="none" stroke="${P.accent}" stroke-opacity="0.6" stroke-width="1.5"/>` +
      `<g transform="translate(${n(mx - 50 * es)} ${n(my - 50 * es)}) scale(${es.toFixed(3)})">${emblemSvg(d.hero.chinese.sign, { fill: mix(P.accent, '#ffffff', 0.25), cut: P.accentDark })}</g>`,
  );

  // --- frame ---
  parts.push(
    `<rect x="16" y="16" width="${W - 32}" height="${W - 32}" fill="none" stroke="${P.accent}" stroke-opacity="0.45" stroke-width="2"/>` +
      `<path d="${[
        [16, 16],
        [W - 16, 16],
        [16, W - 16],
        [W - 16, W - 16],
      ]
        .map(([x, y]) => sparkle(x!, y!, 12))
        .join('')}" fill="${P.accent}"/>`,
  );

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${W} ${W}"><defs>${defs.join('')}</defs>${parts.join('')}</svg>`;
  return { angle, svg, prompt: describeImage(d, angle, rng.fork('prompt'), constLeft, mirror) };
}

const ANGLE_WORDS: Record<ImageAngle, string> = {
  front: 'Full-length front view',
  profile: 'Side profile view',
  action: 'Dynamic action shot',
};

function describeImage(
  d: HeroDesign,
  angle: ImageAngle,
  rng: Rng,
  constLeft: boolean,
  mirror: boolean,
): string {
  const h = d.hero;
  const P = d.palette;
  const brightest = [...d.constellation.stars].sort((a, b) => a.mag - b.mag)[0]!;
  const pose: Record<ImageAngle, string> = {
    front: rng.pick([
      'standing tall and facing the viewer',
      'standing squarely, facing the viewer',
      'standing at rest, gazing straight ahead',
    ]),
    profile: `seen from the side, ${rng.pick(['striding', 'stepping', 'pressing'])} toward the ${mirror ? 'left' : 'right'} edge of a rocky ledge`,
    action:
      rng.pick(['leaping through the air', 'lunging mid-spell', 'springing into battle']) +
      ', trailed by streaks of light and a fading after-image',
  };
  const halo: Record<HeroDesign['halo'], string> = {
    moon: 'a huge pale moon',
    eclipse: 'a blazing eclipse',
    sun: 'a rayed star-sun',
    rings: 'a ringed halo of light',
  };
  const elementFx: Record<Palette['element'], string> = {
    Fire: 'embers and tongues of flame rising from the magic',
    Earth: 'floating rock shards and crystals jutting from the ground',
    Air: 'ribbons of wind sweeping across the scene',
    Water: 'a still sea glittering below and droplets hanging in the air',
  };
  return [
    `${ANGLE_WORDS[angle]} of ${h.name}, ${withIndefiniteArticle(`${P.element.toLowerCase()}-aligned`)} fantasy hero born under ${h.western.sign}, ${pose[angle]}, a dark backlit silhouette with ${describeLook(d.look)}.`,
    `Behind the hero glows ${halo[d.halo]}; in the ${constLeft ? 'upper left' : 'upper right'} sky the constellation ${d.constellation.latin} (${d.constellation.figure}) is traced in luminous lines, ${brightest.name.split(' (')[0]} shining brightest.`,
    `${upperFirst(withIndefiniteArticle(P.words[3]!))} medallion bears the ${h.chinese.sign} of the Chinese zodiac for ${withIndefiniteArticle(h.chinese.element)} year.`,
    `Swirling nebulae and a field of stars, ${elementFx[P.element]}; palette of ${P.words.slice(0, 3).join(', ')} with ${P.polarity === 'Yang' ? 'bright, warm' : 'deep, cool'} ${P.polarity} light.`,
    'Stylised digital fantasy art, cinematic rim lighting, square 1:1 composition.',
  ].join(' ');
}

/** Renders one composed SVG to PNG. */
export async function renderSvgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

/** The three images of a hero as PNGs with prompts. */
export async function renderHeroImages(
  hero: HeroProfile,
  options: RenderOptions = {},
): Promise<{ angle: ImageAngle; prompt: string; png: Buffer }[]> {
  const arts = composeHeroArts(hero, options);
  return Promise.all(
    arts.map(async (a) => ({ angle: a.angle, prompt: a.prompt, png: await renderSvgToPng(a.svg) })),
  );
}
