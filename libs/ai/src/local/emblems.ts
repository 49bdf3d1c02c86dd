/**
 * Stylised emblems of the twelve Chinese zodiac animals, each drawn in a 100×100 box centred on
 * (50, 50) as a solid silhouette with a few cut-outs (eyes, nostrils, markings) in the medallion's
 * background colour.
 */
import { circlePath, n, sampleCubics, taperedPath, type Point } from './svg.js';

export interface EmblemColors {
  /** The silhouette. */
  fill: string;
  /** Cut-outs (eyes, markings): the medallion's background. */
  cut: string;
}

type EmblemDrawer = (c: EmblemColors) => string;

const p = (d: string, fill: string) => `<path d="${d}" fill="${fill}"/>`;
const stroke = (d: string, color: string, width: number) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
/** Circles given as [x, y, radius], in one path. */
const circles = (fill: string, ...list: (readonly [number, number, number])[]) =>
  p(list.map(([x, y, r]) => circlePath(x, y, r)).join(''), fill);
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, rotate = 0) =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${rotate ? ` transform="rotate(${n(rotate)} ${n(cx)} ${n(cy)})"` : ''}/>`;
/** A body along cubic segments, `w0` wide at the start and `w1` at the end (with a bulge). */
const body = (pts: readonly Point[], w0: number, wMid: number, w1: number) =>
  taperedPath(sampleCubics(pts, 14), (t) =>
    t < 0.5 ? w0 + (wMid - w0) * (t * 2) : wMid + (w1 - wMid) * ((t - 0.5) * 2),
  );

const rat: EmblemDrawer = ({ fill, cut }) =>
  stroke('M24 66C8 70 6 84 16 88C24 91 30 84 26 80', fill, 3) +
  ellipse(45, 62, 25, 17, fill) +
  p('M58 47Q74 46 90 61Q80 68 60 74Z', fill) +
  circles(fill, [62, 42, 9]) +
  circles(cut, [62, 42, 4.5], [75, 55, 2]) +
  circles(fill, [90, 61, 2.5]) +
  stroke('M84 63L96 60M84 64L96 68', fill, 1.2) +
  ellipse(36, 79, 7, 3, fill) +
  ellipse(58, 78, 6, 3, fill);

const ox: EmblemDrawer = ({ fill, cut }) =>
  p('M36 36C14 38 8 28 10 12C16 24 24 28 40 28Z', fill) +
  p('M64 36C86 38 92 28 90 12C84 24 76 28 60 28Z', fill) +
  ellipse(24, 44, 11, 5, fill, 20) +
  ellipse(76, 44, 11, 5, fill, -20) +
  p('M32 30Q50 22 68 30L64 70Q50 78 36 70Z', fill) +
  ellipse(50, 76, 17, 11, fill) +
  circles(cut, [41, 48, 3], [59, 48, 3], [44, 77, 2.6], [56, 77, 2.6]) +
  stroke('M44 83Q50 90 56 83', cut, 1.6) +
  stroke('M42 34Q50 40 58 34', cut, 1.6);

const tiger: EmblemDrawer = ({ fill, cut }) =>
  circles(fill, [28, 30, 10], [72, 30, 10]) +
  circles(cut, [28, 31, 4.5], [72, 31, 4.5]) +
  p(
    'M50 24C70 24 80 36 82 50L90 56L80 60C76 74 64 84 50 84C36 84 24 74 20 60L10 56L18 50C20 36 30 24 50 24Z',
    fill,
  ) +
  // 王 on the forehead
  stroke('M43 31H57M44 37H56M42 43H58M50 31V43', cut, 2) +
  stroke('M22 50L32 53M22 58L31 58M78 50L68 53M78 58L69 58', cut, 2) +
  p('M36 52Q41 47 46 53Q41 55 36 52Z', cut) +
  p('M64 52Q59 47 54 53Q59 55 64 52Z', cut) +
  p('M45 62H55L50 68Z', cut) +
  stroke('M50 68V72M50 72Q45 77 40 73M50 72Q55 77 60 73', cut, 1.8);

const rabbit: EmblemDrawer = ({ fill, cut }) =>
  ellipse(58, 20, 5.5, 17, fill, -18) +
  ellipse(69, 22, 5, 16, fill, 14) +
  ellipse(58, 20, 2, 12, cut, -18) +
  ellipse(44, 66, 24, 19, fill) +
  circles(fill, [66, 45, 13], [22, 66, 7]) +
  ellipse(64, 83, 10, 4, fill) +
  ellipse(40, 84, 15, 5, fill) +
  circles(cut, [71, 42, 2.2]) +
  circles(cut, [78, 48, 1.8]);

const dragonBody: Point[] = [
  [12, 88],
  [28, 98],
  [50, 86],
  [44, 68],
  [38, 52],
  [44, 34],
  [62, 38],
];
const dragon: EmblemDrawer = ({ fill, cut }) => {
  const spine = sampleCubics(dragonBody, 16);
  let spikes = '';
  for (let i = 6; i < spine.length - 4; i += 4) {
    const [x, y] = spine[i]!;
    const [x2, y2] = spine[i + 1]!;
    const dx = x2 - x;
    const dy = y2 - y;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const t = i / spine.length;
    const half = 1 + t * 6;
    const tip = half + 9;
    spikes += `M${n(x - ux * 5)} ${n(y - uy * 5)}L${n(x + uy * tip - ux * 4)} ${n(y - ux * tip - uy * 4)}L${n(x + ux * 4)} ${n(y + uy * 4)}Z`;
  }
  return (
    p(spikes, fill) +
    p(body(dragonBody, 1.5, 15, 13), fill) +
    // head: snout to the right, open jaw, horns swept back
    p('M56 30L74 27L90 33L88 39L78 40L88 46L74 48L58 46Z', fill) +
    p('M60 31L48 16L56 18L66 29Z', fill) +
    p('M58 34Q46 30 40 20Q48 26 56 26Q50 18 52 10Q58 22 64 30Z', fill) +
    p('M66 29L62 12L69 17L71 28Z', fill) +
    stroke('M88 36C96 40 92 52 98 56M84 45C88 55 80 61 86 67', fill, 1.6) +
    circles(cut, [72, 34, 2.2]) +
    // claws
    stroke('M46 72L36 74L32 70M44 76L36 82M40 44L32 44L28 40', fill, 3)
  );
};

const snakeBody: Point[] = [
  [12, 86],
  [30, 94],
  [70, 92],
  [72, 78],
  [74, 64],
  [26, 70],
  [28, 52],
  [30, 36],
  [54, 40],
  [58, 28],
];
const snake: EmblemDrawer = ({ fill, cut }) =>
  p(body(snakeBody, 1.5, 12, 9), fill) +
  p('M52 30Q52 18 64 17Q76 18 78 25Q76 32 64 33Q56 34 52 30Z', fill) +
  stroke('M77 25L86 25L90 21M86 25L90 29', fill, 1.4) +
  circles(cut, [68, 22, 2]) +
  stroke('M24 88L30 84M36 90L42 85M48 90L54 85M60 88L64 82', cut, 1.6);

const horse: EmblemDrawer = ({ fill, cut }) =>
  p(
    'M26 92Q34 70 32 60Q28 36 46 22L48 10L54 20Q62 20 70 30L86 48Q90 56 84 60Q78 62 70 56Q62 56 60 66Q62 80 72 92Z',
    fill,
  ) +
  p('M48 14Q30 18 26 36Q22 52 14 62Q28 60 30 48Q24 58 18 74Q32 66 32 56Z', fill) +
  circles(cut, [58, 34, 2.4], [84, 53, 1.6]) +
  stroke('M70 56Q76 54 80 58', cut, 1.2) +
  stroke('M56 24Q66 30 68 40', cut, 1.2);

const sheep: EmblemDrawer = ({ fill, cut }) =>
  stroke('M40 30C30 16 12 20 14 34C16 46 30 44 30 36C30 30 22 30 22 36', fill, 6) +
  stroke('M60 30C70 16 88 20 86 34C84 46 70 44 70 36C70 30 78 30 78 36', fill, 6) +
  ellipse(28, 46, 10, 4, fill, 25) +
  ellipse(72, 46, 10, 4, fill, -25) +
  p('M36 32Q50 24 64 32L60 68Q50 76 40 68Z', fill) +
  p('M43 68L50 86L57 68Z', fill) +
  circles(cut, [43, 46, 2.6], [57, 46, 2.6]) +
  stroke('M44 66Q50 70 56 66M47 61L50 63L53 61', cut, 1.5);

const monkey: EmblemDrawer = ({ fill, cut }) =>
  circles(fill, [20, 50, 12], [80, 50, 12], [50, 48, 32]) +
  circles(cut, [20, 50, 6], [80, 50, 6]) +
  p(
    'M50 40C56 30 72 30 72 44C72 52 66 56 66 60C70 72 60 82 50 82C40 82 30 72 34 60C34 56 28 52 28 44C28 30 44 30 50 40Z',
    cut,
  ) +
  circles(fill, [41, 46, 4.5], [59, 46, 4.5], [46, 60, 1.6], [54, 60, 1.6]) +
  stroke('M40 69Q50 76 60 69', fill, 2.2) +
  stroke('M38 22Q44 16 50 20Q56 14 62 20', fill, 3);

const rooster: EmblemDrawer = ({ fill, cut }) =>
  p('M40 58C26 40 30 18 46 10C40 24 42 36 50 44Z', fill) +
  p('M36 58C18 50 10 32 16 16C22 32 30 40 46 48Z', fill) +
  p('M38 62C20 62 8 52 6 38C16 50 28 54 44 54Z', fill) +
  ellipse(54, 60, 20, 15, fill, -15) +
  p('M60 50Q58 34 66 26L74 28Q76 40 70 54Z', fill) +
  circles(fill, [70, 28, 8]) +
  p('M64 22Q64 12 68 16Q70 8 74 14Q78 10 78 18Q82 18 78 24Z', fill) +
  p('M77 26L88 30L77 33Z', fill) +
  ellipse(74, 38, 3.2, 5, fill) +
  circles(cut, [72, 26, 1.8]) +
  stroke('M52 74L50 90M60 72L62 90M44 90H54M56 90H68', fill, 2.6) +
  stroke('M44 60Q54 66 64 58', cut, 1.4);

const dog: EmblemDrawer = ({ fill, cut }) =>
  stroke('M26 70C14 64 14 50 22 42', fill, 5) +
  ellipse(38, 74, 17, 14, fill) +
  p('M28 66Q38 44 54 38L68 44Q66 62 64 74L64 90H56L54 76Z', fill) +
  ellipse(30, 88, 12, 4, fill) +
  ellipse(62, 90, 7, 3.5, fill) +
  circles(fill, [62, 32, 12.5]) +
  p('M66 26L82 30Q88 33 86 40L70 45Z', fill) +
  p('M52 28L55 12L66 22Z', fill) +
  circles(fill, [85, 33, 3]) +
  circles(cut, [66, 29, 2.2]) +
  stroke('M54 44Q60 50 68 48', cut, 1.6) +
  stroke('M72 43Q78 44 84 41', cut, 1.2);

const pig: EmblemDrawer = ({ fill, cut }) =>
  stroke('M20 54C10 52 12 42 18 44C22 46 18 50 14 48', fill, 2.4) +
  ellipse(46, 58, 28, 19, fill) +
  ellipse(72, 54, 14, 13, fill) +
  ellipse(86, 56, 5, 7, fill) +
  p('M64 44L70 30L78 42Z', fill) +
  p('M30 70h8v14h-8ZM44 72h7v12h-7ZM56 70h8v14h-8ZM68 64h7v18h-7Z', fill) +
  circles(cut, [74, 49, 2], [86, 54, 1.3], [86, 59, 1.3]) +
  stroke('M66 62Q72 66 78 62', cut, 1.2);

const DRAWERS: Record<string, EmblemDrawer> = {
  rat,
  ox,
  tiger,
  rabbit,
  dragon,
  snake,
  horse,
  'sheep/goat': sheep,
  sheep,
  goat: sheep,
  monkey,
  rooster,
  dog,
  pig,
};

/** SVG content (no wrapper) of the animal's emblem in a 100×100 box. */
export function emblemSvg(animal: string, colors: EmblemColors): string {
  const drawer = DRAWERS[animal.trim().toLowerCase()];
  if (!drawer) throw new RangeError(`Unknown Chinese animal: ${animal}`);
  return drawer(colors);
}
