/**
 * The twelve landscapes a picture can be set in (the story plan's Landscape kinds), each painted in
 * layers from the horizon to the ground the hero stands on, in its own colours tinted by the hero's
 * palette, the hour and the weather. Fine detail (grass blades, pebbles, window panes) is added only
 * when the output is large enough to show it.
 */
import type { Landscape } from '../../story-plan.js';
import { mix } from '../color.js';
import { circlePath, n, polyline, type Point } from '../svg.js';
import { lit, showsDetail, stop, type Canvas } from './canvas.js';
import { mistBanks } from './sky.js';

/** Each landscape's own colours: far hills, middle ground, near ground and a feature colour. */
const LAND: Record<Landscape, { far: string; mid: string; near: string; feature: string }> = {
  mountains: { far: '#6d7a99', mid: '#4b5570', near: '#3a3b45', feature: '#eef3fb' },
  forest: { far: '#3f6a5a', mid: '#2b4d36', near: '#243322', feature: '#1a3a24' },
  coast: { far: '#5a7390', mid: '#2f6a8a', near: '#c9b48a', feature: '#e8f4ff' },
  desert: { far: '#c9956a', mid: '#d9a96b', near: '#b98650', feature: '#6d8a45' },
  marsh: { far: '#5d6e5a', mid: '#47604f', near: '#2f3d2c', feature: '#8a9a5b' },
  city: { far: '#4a4f6a', mid: '#3a3d55', near: '#4a4540', feature: '#ffd27a' },
  caverns: { far: '#2a2436', mid: '#1e1a28', near: '#2b2630', feature: '#7fe8ff' },
  tundra: { far: '#aebdd0', mid: '#d4deea', near: '#e9eef5', feature: '#6f8fae' },
  volcano: { far: '#3b2a2a', mid: '#2a1e1e', near: '#1f1616', feature: '#ff6a1a' },
  river: { far: '#5d7a6a', mid: '#4a6a4a', near: '#3b5236', feature: '#7ab4d8' },
  ruins: { far: '#7a7062', mid: '#8a8070', near: '#5a5246', feature: '#c9bfa8' },
  'sky-isles': { far: '#8a94b8', mid: '#6a6f8a', near: '#5a5a6a', feature: '#ffffff' },
};

/** The landscape's colour `key`, tinted a little toward the hero's land colours and lit. */
function tone(c: Canvas, key: keyof (typeof LAND)[Landscape], depth: number): string {
  const own = LAND[c.landscape][key];
  const hero = key === 'far' ? c.P.farLand : c.P.nearLand;
  return lit(c, mix(own, hero, 0.18), depth);
}

/** A ridge line across the picture from y0, closed at the bottom. */
export function ridge(c: Canvas, y0: number, amplitude: number, roughness: number, points = 24): Point[] {
  const { rng, W, H } = c;
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

const fillPath = (c: Canvas, d: string, color: string, extra = '') =>
  c.parts.push(`<path d="${d}" fill="${color}"${extra}/>`);

/** The ground the hero stands on, from `c.ground` down, slightly uneven. */
function groundShelf(c: Canvas, color: string): void {
  const { rng, W, H } = c;
  const pts: Point[] = [[-20, H + 20]];
  for (let i = 0; i <= 16; i++) pts.push([(i / 16) * (W + 40) - 20, c.ground + rng.range(-0.008, 0.008) * H]);
  pts.push([W + 20, H + 20]);
  fillPath(c, polyline(pts, true), color);
}

/** Grass blades, pebbles or snow glints on the near ground: detail only the large picture shows. */
function groundDetail(c: Canvas, kind: 'grass' | 'pebbles' | 'glints', color: string): void {
  if (!showsDetail(c)) return;
  const d = c.detailRng;
  const count = Math.round(220 * c.pixelScale * (c.W / 1024));
  let path = '';
  for (let i = 0; i < count; i++) {
    const x = d.range(0, c.W);
    const y = c.ground + Math.pow(d.next(), 1.5) * (c.H - c.ground);
    const s = 0.6 + (y - c.ground) / (c.H - c.ground + 1);
    if (kind === 'grass')
      path += `M${n(x)} ${n(y)}q${n(d.range(-3, 3) * s)} ${n(-6 * s)} ${n(d.range(-5, 5) * s)} ${n(-d.range(8, 16) * s)}`;
    else path += circlePath(x, y, d.range(0.8, 2.2) * s);
  }
  c.parts.push(
    kind === 'grass'
      ? `<path d="${path}" stroke="${color}" stroke-width="1" fill="none" stroke-linecap="round"/>`
      : `<path d="${path}" fill="${color}" fill-opacity="0.6"/>`,
  );
}

function peaks(c: Canvas, base: number, minH: number, maxH: number, color: string, snow?: string): void {
  const { rng, W } = c;
  const pts: Point[] = [[0, c.H]];
  // Valleys and summits alternate: [valley, summit, valley, summit, …, valley].
  const ridgeLine: Point[] = [];
  let x = -0.06 * W;
  while (x < W * 1.06) {
    const width = rng.range(0.16, 0.3) * W;
    ridgeLine.push([x, base + 30], [x + width * rng.range(0.4, 0.6), base - rng.range(minH, maxH)]);
    x += width * rng.range(0.6, 0.9);
  }
  ridgeLine.push([W * 1.06, base + 30]);
  pts.push(...ridgeLine, [W, c.H]);
  fillPath(c, polyline(pts, true), color);
  if (!snow) return;
  // Snow down the top third of each summit's two slopes, with a ragged lower edge.
  const caps: string[] = [];
  for (let i = 1; i < ridgeLine.length - 1; i += 2) {
    const [sx, sy] = ridgeLine[i]!;
    const [lx, ly] = ridgeLine[i - 1]!;
    const [rx, ry] = ridgeLine[i + 1]!;
    const down = (fx: number, fy: number, t: number): Point => [sx + (fx - sx) * t, sy + (fy - sy) * t];
    const left = down(lx, ly, 0.3);
    const right = down(rx, ry, 0.3);
    caps.push(
      polyline(
        [
          left,
          [sx, sy],
          right,
          [right[0] + (sx - right[0]) * 0.3, right[1] - (right[1] - sy) * 0.05],
          [sx + (right[0] - sx) * 0.15, sy + (right[1] - sy) * 0.45],
          [sx - (sx - left[0]) * 0.2, sy + (left[1] - sy) * 0.7],
          [left[0] + (sx - left[0]) * 0.35, left[1] - (left[1] - sy) * 0.1],
        ],
        true,
      ),
    );
  }
  fillPath(c, caps.join(''), snow, ' fill-opacity="0.85"');
}

function trees(c: Canvas, row: number, scale: number, color: string, count: number): void {
  const { rng, W } = c;
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = rng.range(-0.02, 1.02) * W;
    const h = rng.range(70, 130) * scale;
    const w = h * rng.range(0.28, 0.38);
    const y = row + rng.range(-10, 10) * scale;
    for (let k = 0; k < 3; k++) {
      const top = y - h + k * h * 0.22;
      d += polyline(
        [
          [x, top],
          [x + w * (0.6 + k * 0.2), top + h * 0.45],
          [x - w * (0.6 + k * 0.2), top + h * 0.45],
        ],
        true,
      );
    }
    d += `M${n(x - w * 0.08)} ${n(y - h * 0.1)}h${n(w * 0.16)}v${n(h * 0.14)}h${n(-w * 0.16)}Z`;
  }
  fillPath(c, d, color);
}

function buildings(c: Canvas, base: number, scale: number, color: string, windows: boolean): void {
  const { rng, W } = c;
  let d = '';
  let lights = '';
  let x = -10;
  while (x < W + 10) {
    const w = rng.range(40, 90) * scale;
    const h = rng.range(60, 200) * scale;
    const top = base - h;
    const roof = rng.pick(['flat', 'peak', 'dome', 'spire'] as const);
    d += `M${n(x)} ${n(base + 40)}V${n(top)}`;
    if (roof === 'peak') d += `L${n(x + w / 2)} ${n(top - w * 0.5)}`;
    else if (roof === 'dome') d += `Q${n(x + w / 2)} ${n(top - w * 0.7)} ${n(x + w)} ${n(top)}`;
    else if (roof === 'spire')
      d += `L${n(x + w * 0.4)} ${n(top)}L${n(x + w / 2)} ${n(top - h * 0.6)}L${n(x + w * 0.6)} ${n(top)}`;
    d += `L${n(x + w)} ${n(top)}V${n(base + 40)}Z`;
    if (windows) {
      for (let wy = top + 12 * scale; wy < base - 10 * scale; wy += 22 * scale)
        for (let wx = x + 8 * scale; wx < x + w - 12 * scale; wx += 16 * scale)
          if (rng.chance(0.4))
            lights += `M${n(wx)} ${n(wy)}h${n(6 * scale)}v${n(9 * scale)}h${n(-6 * scale)}Z`;
    }
    x += w + rng.range(-6, 10) * scale;
  }
  fillPath(c, d, color);
  if (lights) fillPath(c, lights, LAND.city.feature, ' fill-opacity="0.85"');
}

function water(c: Canvas, top: number, bottom: number, color: string): void {
  const id = c.id(`water${Math.round(top)}`);
  c.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stop(0, mix(color, c.P.glowCore, 0.25))}${stop(1, mix(color, '#000000', 0.3))}</linearGradient>`,
  );
  c.parts.push(`<rect x="0" y="${n(top)}" width="${c.W}" height="${n(bottom - top)}" fill="url(#${id})"/>`);
  let glints = '';
  for (let i = 0; i < 36; i++) {
    const y = c.rng.range(top + 4, bottom);
    const w = c.rng.range(12, 60) * ((y - top) / (bottom - top + 1) + 0.3);
    glints += `M${n(c.rng.range(0, c.W))} ${n(y)}h${n(w)}`;
  }
  c.parts.push(
    `<path d="${glints}" stroke="${c.P.glowCore}" stroke-opacity="0.45" stroke-width="2" stroke-linecap="round"/>`,
  );
}

const lightsOn = (c: Canvas) => c.time === 'night' || c.time === 'dusk';

const PAINTERS: Record<Landscape, (c: Canvas) => void> = {
  mountains(c) {
    peaks(c, c.horizon, 0.18 * c.H, 0.38 * c.H, tone(c, 'far', 1), tone(c, 'feature', 0.6));
    mistBanks(c, c.horizon + 20, 0.55);
    peaks(c, c.horizon + 0.1 * c.H, 0.06 * c.H, 0.16 * c.H, tone(c, 'mid', 0.5));
    mistBanks(c, c.horizon + 0.12 * c.H, 0.4);
    groundShelf(c, tone(c, 'near', 0));
    groundDetail(c, 'pebbles', tone(c, 'far', 0));
  },
  forest(c) {
    fillPath(c, polyline(ridge(c, c.horizon, 20, 14), true), tone(c, 'far', 1));
    trees(c, c.horizon + 20, 0.6, tone(c, 'far', 0.8), 26);
    mistBanks(c, c.horizon + 20, 0.5);
    trees(c, c.horizon + 0.14 * c.H, 1.1, tone(c, 'mid', 0.4), 14);
    mistBanks(c, c.horizon + 0.15 * c.H, 0.35);
    groundShelf(c, tone(c, 'near', 0));
    trees(c, c.ground + 0.3 * c.H, 2.6, mix(tone(c, 'near', 0), '#000000', 0.35), 2);
    groundDetail(c, 'grass', tone(c, 'feature', 0));
  },
  coast(c) {
    fillPath(c, polyline(ridge(c, c.horizon - 14, 10, 8), true), tone(c, 'far', 1));
    water(c, c.horizon, c.H, tone(c, 'mid', 0.4));
    mistBanks(c, c.horizon + 6, 0.5);
    // A cliff with a lighthouse on one side.
    const left = c.rng.chance(0.5);
    const x0 = left ? 0 : c.W;
    const s = left ? 1 : -1;
    const top = c.horizon - c.rng.range(0.05, 0.14) * c.H;
    fillPath(
      c,
      polyline(
        [
          [x0, c.H],
          [x0, top],
          [x0 + s * 0.16 * c.W, top + 10],
          [x0 + s * 0.22 * c.W, c.ground],
        ],
        true,
      ),
      tone(c, 'far', 0.3),
    );
    const lx = x0 + s * 0.08 * c.W;
    fillPath(
      c,
      polyline(
        [
          [lx - 12, top + 2],
          [lx - 8, top - 60],
          [lx + 8, top - 60],
          [lx + 12, top + 2],
        ],
        true,
      ),
      tone(c, 'feature', 0.3),
    );
    if (lightsOn(c)) c.parts.push(`<circle cx="${n(lx)}" cy="${n(top - 66)}" r="9" fill="#ffe9a8"/>`);
    groundShelf(c, tone(c, 'near', 0));
    let foam = '';
    for (let i = 0; i < 6; i++) foam += `M${n(c.rng.range(0, c.W))} ${n(c.ground - 6)}q20 -8 40 0t40 0`;
    c.parts.push(`<path d="${foam}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3" fill="none"/>`);
    groundDetail(c, 'pebbles', tone(c, 'far', 0));
  },
  desert(c) {
    peaks(c, c.horizon, 0.04 * c.H, 0.12 * c.H, tone(c, 'far', 1));
    for (const [y, k] of [
      [c.horizon + 0.06 * c.H, 0.6],
      [c.horizon + 0.14 * c.H, 0.3],
    ] as const) {
      const pts: Point[] = [[0, c.H]];
      const phase = c.rng.range(0, 6);
      for (let i = 0; i <= 30; i++)
        pts.push([(i / 30) * c.W, y + Math.sin(i * 0.35 + phase) * 22 + Math.sin(i * 0.9) * 6]);
      pts.push([c.W, c.H]);
      fillPath(c, polyline(pts, true), tone(c, 'mid', k));
    }
    // Rock arches and cacti.
    const ax = c.rng.range(0.1, 0.9) * c.W;
    const ay = c.horizon + 0.08 * c.H;
    fillPath(
      c,
      `M${n(ax - 60)} ${n(ay)}V${n(ay - 90)}Q${n(ax)} ${n(ay - 160)} ${n(ax + 60)} ${n(ay - 90)}V${n(ay)}H${n(ax + 36)}V${n(ay - 80)}Q${n(ax)} ${n(ay - 120)} ${n(ax - 36)} ${n(ay - 80)}V${n(ay)}Z`,
      tone(c, 'near', 0.5),
    );
    let cacti = '';
    for (let i = 0; i < 4; i++) {
      const x = c.rng.range(0, c.W);
      const y = c.horizon + c.rng.range(0.12, 0.2) * c.H;
      const h = c.rng.range(30, 60);
      cacti += `M${n(x - 4)} ${n(y)}V${n(y - h)}h8V${n(y)}ZM${n(x - 4)} ${n(y - h * 0.5)}h-12v${n(-h * 0.3)}h5v${n(h * 0.2)}h7ZM${n(x + 4)} ${n(y - h * 0.6)}h12v${n(-h * 0.25)}h-5v${n(h * 0.15)}h-7Z`;
    }
    fillPath(c, cacti, tone(c, 'feature', 0.4));
    groundShelf(c, tone(c, 'near', 0));
    groundDetail(c, 'pebbles', tone(c, 'mid', 0));
  },
  marsh(c) {
    fillPath(c, polyline(ridge(c, c.horizon, 8, 6), true), tone(c, 'far', 1));
    water(c, c.horizon + 10, c.H, tone(c, 'mid', 0.6));
    mistBanks(c, c.horizon + 16, 0.6);
    // Islands of reeds and dead trees.
    let islands = '';
    let reeds = '';
    for (let i = 0; i < 6; i++) {
      const x = c.rng.range(0, c.W);
      const y = c.horizon + c.rng.range(0.04, 0.22) * c.H;
      const w = c.rng.range(60, 160);
      islands += `M${n(x - w)} ${n(y)}Q${n(x)} ${n(y - 16)} ${n(x + w)} ${n(y)}Z`;
      for (let k = 0; k < 10; k++) {
        const rx = x + c.rng.range(-w * 0.8, w * 0.8);
        reeds += `M${n(rx)} ${n(y - 2)}q${n(c.rng.range(-4, 4))} -20 ${n(c.rng.range(-8, 8))} ${n(-c.rng.range(24, 50))}`;
      }
    }
    fillPath(c, islands, tone(c, 'near', 0.4));
    c.parts.push(
      `<path d="${reeds}" stroke="${tone(c, 'feature', 0.3)}" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
    );
    const tx = c.rng.range(0.1, 0.9) * c.W;
    const ty = c.horizon + 0.1 * c.H;
    c.parts.push(
      `<path d="M${n(tx)} ${n(ty)}V${n(ty - 140)}M${n(tx)} ${n(ty - 80)}l40 -40M${n(tx)} ${n(ty - 110)}l-34 -30M${n(tx + 28)} ${n(ty - 108)}l16 -8" stroke="${tone(c, 'near', 0.5)}" stroke-width="7" stroke-linecap="round" fill="none"/>`,
    );
    mistBanks(c, c.ground - 0.04 * c.H, 0.4);
    groundShelf(c, tone(c, 'near', 0));
    groundDetail(c, 'grass', tone(c, 'feature', 0));
  },
  city(c) {
    buildings(c, c.horizon + 0.04 * c.H, 0.9, tone(c, 'far', 0.9), lightsOn(c));
    mistBanks(c, c.horizon + 0.04 * c.H, 0.45);
    buildings(c, c.horizon + 0.16 * c.H, 1.6, tone(c, 'mid', 0.4), lightsOn(c));
    groundShelf(c, tone(c, 'near', 0));
    // Cobbles.
    if (showsDetail(c)) {
      let cob = '';
      const d = c.detailRng;
      for (let i = 0; i < 200 * c.pixelScale; i++) {
        const y = c.ground + Math.pow(d.next(), 1.3) * (c.H - c.ground);
        cob += `M${n(d.range(0, c.W))} ${n(y)}h${n(8 + (y - c.ground) * 0.06)}`;
      }
      c.parts.push(
        `<path d="${cob}" stroke="${mix(tone(c, 'near', 0), '#000000', 0.3)}" stroke-width="1.5"/>`,
      );
    }
  },
  caverns(c) {
    const { W, H, rng } = c;
    fillPath(c, polyline(ridge(c, c.horizon + 0.05 * H, 26, 18), true), tone(c, 'far', 0.8));
    // Glowing crystals in the depths.
    let crystals = '';
    for (let i = 0; i < 9; i++) {
      const x = rng.range(0, W);
      const y = c.horizon + rng.range(0.05, 0.2) * H;
      const h = rng.range(30, 90);
      const lean = rng.range(-0.3, 0.3) * h;
      crystals += polyline(
        [
          [x - h * 0.2, y],
          [x + lean, y - h],
          [x + h * 0.2, y],
        ],
        true,
      );
    }
    c.parts.push(
      `<path d="${crystals}" fill="${LAND.caverns.feature}" fill-opacity="0.75" stroke="#ffffff" stroke-opacity="0.5" stroke-width="1.5"/>`,
    );
    groundShelf(c, tone(c, 'near', 0));
    // The cave's mouth frames the picture: ceiling with stalactites, walls on both sides.
    const ceiling: Point[] = [
      [-10, -10],
      [W + 10, -10],
    ];
    for (let i = 24; i >= 0; i--) {
      const x = (i / 24) * W;
      const drop = (i % 2 === 0 ? rng.range(0.05, 0.1) : rng.range(0.12, 0.24)) * H;
      ceiling.push([x, drop]);
    }
    const rock = mix(tone(c, 'mid', 0), '#000000', 0.35);
    fillPath(c, polyline(ceiling, true), rock);
    fillPath(
      c,
      polyline(
        [
          [-10, H],
          [-10, 0],
          [rng.range(0.06, 0.12) * W, 0.3 * H],
          [rng.range(0.03, 0.08) * W, 0.7 * H],
          [0.1 * W, H],
        ],
        true,
      ),
      rock,
    );
    fillPath(
      c,
      polyline(
        [
          [W + 10, H],
          [W + 10, 0],
          [W - rng.range(0.06, 0.12) * W, 0.35 * H],
          [W - rng.range(0.03, 0.08) * W, 0.75 * H],
          [0.9 * W, H],
        ],
        true,
      ),
      rock,
    );
    groundDetail(c, 'pebbles', tone(c, 'feature', 0.5));
  },
  tundra(c) {
    peaks(c, c.horizon, 0.03 * c.H, 0.08 * c.H, tone(c, 'far', 1));
    mistBanks(c, c.horizon + 8, 0.5);
    // Ice spires.
    let ice = '';
    for (let i = 0; i < 5; i++) {
      const x = c.rng.range(0, c.W);
      const y = c.horizon + c.rng.range(0.02, 0.1) * c.H;
      const h = c.rng.range(40, 120);
      ice += polyline(
        [
          [x - h * 0.18, y],
          [x - h * 0.04, y - h],
          [x + h * 0.06, y - h * 0.7],
          [x + h * 0.2, y],
        ],
        true,
      );
    }
    fillPath(c, ice, tone(c, 'feature', 0.6), ' fill-opacity="0.8"');
    fillPath(c, polyline(ridge(c, c.horizon + 0.1 * c.H, 8, 6), true), tone(c, 'mid', 0.3));
    trees(c, c.horizon + 0.12 * c.H, 0.7, tone(c, 'feature', 0.5), 5);
    groundShelf(c, tone(c, 'near', 0));
    groundDetail(c, 'glints', '#ffffff');
  },
  volcano(c) {
    const { W, H, rng } = c;
    const vx = rng.range(0.25, 0.75) * W;
    const top = c.horizon - rng.range(0.25, 0.36) * H;
    const mouth = rng.range(0.05, 0.08) * W;
    fillPath(
      c,
      polyline(
        [
          [vx - 0.5 * W, c.horizon + 40],
          [vx - mouth, top],
          [vx + mouth, top],
          [vx + 0.5 * W, c.horizon + 40],
        ],
        true,
      ),
      tone(c, 'far', 0.6),
    );
    // Lava at the crater and down its flank, and a smoke plume.
    const lava = LAND.volcano.feature;
    c.parts.push(
      `<path d="M${n(vx - mouth)} ${n(top)}L${n(vx - mouth * 0.4)} ${n(top + 60)}L${n(vx - mouth * 0.7)} ${n(top + 140)}L${n(vx - mouth * 0.2)} ${n(c.horizon + 30)}" stroke="${lava}" stroke-width="6" fill="none" stroke-linejoin="round"/><ellipse cx="${n(vx)}" cy="${n(top)}" rx="${n(mouth)}" ry="8" fill="#ffd27a"/>`,
    );
    const glow = c.id('lavaglow');
    c.defs.push(`<radialGradient id="${glow}">${stop(0, lava, 0.55)}${stop(1, lava, 0)}</radialGradient>`);
    c.parts.push(`<circle cx="${n(vx)}" cy="${n(top)}" r="${n(mouth * 3)}" fill="url(#${glow})"/>`);
    let smoke = '';
    for (let i = 0; i < 7; i++)
      smoke += circlePath(vx + i * rng.range(8, 24), top - 30 - i * 40, 24 + i * 10);
    fillPath(c, smoke, mix(tone(c, 'far', 0.5), '#000000', 0.2), ' fill-opacity="0.55"');
    fillPath(c, polyline(ridge(c, c.horizon + 0.1 * H, 16, 12), true), tone(c, 'mid', 0.3));
    groundShelf(c, tone(c, 'near', 0));
    // Glowing cracks in the near ground.
    let cracks = '';
    for (let i = 0; i < 5; i++) {
      let x = rng.range(0, W);
      let y = c.ground + rng.range(0.02, 0.12) * H;
      cracks += `M${n(x)} ${n(y)}`;
      for (let k = 0; k < 4; k++) {
        x += rng.range(20, 50);
        y += rng.range(-8, 8);
        cracks += `L${n(x)} ${n(y)}`;
      }
    }
    c.parts.push(`<path d="${cracks}" stroke="${lava}" stroke-width="3" fill="none" stroke-opacity="0.85"/>`);
    groundDetail(c, 'pebbles', '#ff9a4a');
  },
  river(c) {
    const { W, H, rng } = c;
    fillPath(c, polyline(ridge(c, c.horizon, 24, 14), true), tone(c, 'far', 1));
    trees(c, c.horizon + 10, 0.5, tone(c, 'far', 0.7), 18);
    fillPath(c, polyline(ridge(c, c.horizon + 0.04 * H, 6, 4), true), tone(c, 'mid', 0.5));
    // The river winds from the horizon to the picture's foot, widening as it nears.
    const x0 = rng.range(0.3, 0.7) * W;
    const bend = rng.range(-0.3, 0.3) * W;
    const leftBank: Point[] = [];
    const rightBank: Point[] = [];
    for (let i = 0; i <= 16; i++) {
      const t = i / 16;
      const y = c.horizon + 0.04 * H + t * (H - c.horizon);
      const x = x0 + Math.sin(t * Math.PI * 1.2) * bend;
      const w = 6 + t * t * 0.35 * W;
      leftBank.push([x - w, y]);
      rightBank.push([x + w, y]);
    }
    const river = [...leftBank, ...rightBank.reverse()];
    const id = c.id('river');
    const color = tone(c, 'feature', 0.4);
    c.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stop(0, mix(color, c.P.glowCore, 0.35))}${stop(1, mix(color, '#000000', 0.25))}</linearGradient>`,
    );
    mistBanks(c, c.horizon + 0.05 * H, 0.45);
    groundShelf(c, tone(c, 'near', 0));
    c.parts.push(`<path d="${polyline(river, true)}" fill="url(#${id})"/>`);
    let ripples = '';
    for (let i = 0; i < 24; i++) {
      const k = rng.int(2, 15);
      const [lx, ly] = leftBank[k]!;
      const w = (rightBank[16 - k]![0] - lx) * 0.3;
      ripples += `M${n(lx + rng.range(0.1, 0.6) * (rightBank[16 - k]![0] - lx))} ${n(ly)}h${n(w * rng.range(0.2, 0.6))}`;
    }
    c.parts.push(
      `<path d="${ripples}" stroke="#ffffff" stroke-opacity="0.45" stroke-width="2" stroke-linecap="round"/>`,
    );
    groundDetail(c, 'grass', tone(c, 'mid', 0));
  },
  ruins(c) {
    const { W, H, rng } = c;
    fillPath(c, polyline(ridge(c, c.horizon, 18, 12), true), tone(c, 'far', 1));
    mistBanks(c, c.horizon + 10, 0.45);
    // A broken colonnade and an arch.
    const stone = tone(c, 'feature', 0.4);
    let cols = '';
    const base = c.horizon + 0.12 * H;
    const count = rng.int(5, 8);
    const start = rng.range(0, 0.3) * W;
    const gap = rng.range(0.09, 0.14) * W;
    for (let i = 0; i < count; i++) {
      const x = start + i * gap;
      const h = rng.chance(0.35) ? rng.range(40, 110) : rng.range(170, 230);
      cols += `M${n(x - 14)} ${n(base)}V${n(base - h)}h28V${n(base)}Z`;
      if (h > 150) cols += `M${n(x - 22)} ${n(base - h)}h44v-12h-44Z`;
    }
    if (rng.chance(0.6)) cols += `M${n(start - 10)} ${n(base - 240)}h${n(gap * 2.4)}v22h${n(-gap * 2.4)}Z`;
    const ax = rng.range(0.2, 0.8) * W;
    cols += `M${n(ax - 80)} ${n(base + 20)}V${n(base - 150)}Q${n(ax)} ${n(base - 260)} ${n(ax + 80)} ${n(base - 150)}V${n(base + 20)}H${n(ax + 50)}V${n(base - 140)}Q${n(ax)} ${n(base - 210)} ${n(ax - 50)} ${n(base - 140)}V${n(base + 20)}Z`;
    fillPath(c, cols, stone);
    groundShelf(c, tone(c, 'near', 0));
    let blocks = '';
    for (let i = 0; i < 6; i++) {
      const x = rng.range(0, W);
      const y = c.ground + rng.range(0.0, 0.1) * H;
      const s = rng.range(14, 36);
      blocks += polyline(
        [
          [x, y],
          [x + s * 1.6, y - 4],
          [x + s * 1.5, y - s],
          [x + 4, y - s * 0.9],
        ],
        true,
      );
    }
    fillPath(c, blocks, mix(stone, '#000000', 0.25));
    groundDetail(c, 'grass', tone(c, 'mid', 0));
  },
  'sky-isles'(c) {
    const { W, H, rng } = c;
    // A sea of cloud below, islands floating in it, waterfalls pouring off their edges.
    const cloud = mix(lit(c, '#f2f4fa', 0.5), c.P.skyBottom, 0.2);
    const id = c.id('cloudsea');
    c.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stop(0, cloud, 0.4)}${stop(1, cloud)}</linearGradient>`,
    );
    c.parts.push(
      `<rect x="0" y="${n(c.horizon + 0.08 * H)}" width="${W}" height="${n(H)}" fill="url(#${id})"/>`,
    );
    // Islands: a jagged rock underside, a grassy top with a tree or two, a waterfall off one edge.
    let rock = '';
    let grass = '';
    let falls = '';
    let crowns = '';
    for (let i = 0; i < 4; i++) {
      const x = rng.range(0.05, 0.95) * W;
      const y = c.horizon - rng.range(-0.05, 0.25) * H;
      const w = rng.range(0.05, 0.11) * W;
      rock += polyline(
        [
          [x - w, y],
          [x + w, y],
          [x + w * 0.7, y + w * 0.35],
          [x + w * 0.35, y + w * 0.5],
          [x + w * 0.15, y + w * 1.0],
          [x - w * 0.1, y + w * 0.7],
          [x - w * 0.35, y + w * 0.55],
          [x - w * 0.75, y + w * 0.3],
        ],
        true,
      );
      grass += `M${n(x - w * 1.04)} ${n(y + 2)}Q${n(x)} ${n(y - w * 0.28)} ${n(x + w * 1.04)} ${n(y + 2)}Z`;
      const tx = x + rng.range(-0.5, 0.5) * w;
      crowns += circlePath(tx, y - w * 0.32, w * 0.2);
      if (rng.chance(0.6)) falls += `M${n(x + w * 0.8)} ${n(y + 2)}v${n(w * 1.8)}`;
    }
    fillPath(c, rock, mix(tone(c, 'far', 0.6), '#000000', 0.2));
    fillPath(c, grass, mix(tone(c, 'far', 0.6), '#4a8a4a', 0.45));
    fillPath(c, crowns, mix(tone(c, 'far', 0.6), '#2f6a3a', 0.5));
    c.parts.push(`<path d="${falls}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="5"/>`);
    // The hero's island: its rocky underside hangs into the clouds.
    const under: Point[] = [[-20, c.ground]];
    for (let i = 0; i <= 12; i++)
      under.push([
        (i / 12) * (W + 40) - 20,
        c.ground + rng.range(0.1, 0.35) * H * Math.sin((i / 12) * Math.PI) + 20,
      ]);
    under.push([W + 20, c.ground]);
    fillPath(c, polyline(under, true), mix(tone(c, 'mid', 0), '#000000', 0.2));
    groundShelf(c, tone(c, 'near', 0));
    c.parts.push(
      `<rect x="0" y="${n(H - 0.05 * H)}" width="${W}" height="${n(0.05 * H)}" fill="${cloud}" fill-opacity="0.5"/>`,
    );
    groundDetail(c, 'grass', tone(c, 'far', 0));
  },
};

export function paintLandscape(c: Canvas): void {
  PAINTERS[c.landscape](c);
}

/** Words for each landscape, for prompts and alt text. */
export const LANDSCAPE_WORDS: Record<Landscape, string> = {
  mountains: 'on a high pass below snow-capped peaks',
  forest: 'among the pines of a deep forest',
  coast: 'on a sea cliff by a lighthouse above the open water',
  desert: 'among wind-carved dunes and rock arches of a desert',
  marsh: 'among the reeds and still pools of a marsh',
  city: 'before the towers and domes of a city',
  caverns: 'in a vast cavern glittering with crystals',
  tundra: 'on a frozen tundra of ice spires',
  volcano: 'below a smoking volcano, lava glowing in the cracks',
  river: 'on the bank of a winding river',
  ruins: 'among the broken columns and arches of ancient ruins',
  'sky-isles': 'on a floating island above a sea of clouds',
};
