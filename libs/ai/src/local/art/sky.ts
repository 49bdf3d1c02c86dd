/**
 * The sky of a picture (gradient of the hour mixed into the hero's palette, nebulae and stars by
 * night, the hero's constellation, sun or moon, clouds) and the weather drawn over the finished
 * scene (rain, snow, lightning, wind). Mist is not a layer over the picture: it is laid as soft banks
 * between the landscape's layers (mistBanks) and as haze in the colours of distance (canvas.lit).
 */
import { mix } from '../color.js';
import type { ProjectedConstellation } from '../constellations.js';
import { circlePath, n, polyline, sampleCubics, taperedPath, type Point } from '../svg.js';
import { DAYLIGHT, hazeColor, OVERCAST, showsDetail, stop, type Canvas } from './canvas.js';

/** Where the sun or moon was put (for the lighting of the scene), or null when hidden. */
export interface SkyResult {
  light: Point | null;
}

export function paintSky(
  c: Canvas,
  constellation: ProjectedConstellation,
  constellationLeft: boolean,
): SkyResult {
  const { P, rng, W, H } = c;
  const light = DAYLIGHT[c.time];
  const grey = OVERCAST[c.weather];
  const tone = (own: string, daylight: string) => {
    const t = mix(own, daylight, light.amount);
    return grey ? mix(t, '#5d636d', grey) : t;
  };
  const skyId = c.id('sky');
  c.defs.push(
    `<linearGradient id="${skyId}" x1="0" y1="0" x2="${n(rng.range(-0.12, 0.12))}" y2="1">${stop(0, tone(P.skyTop, light.top))}${stop(rng.range(0.4, 0.6), tone(P.skyMid, light.mid))}${stop(1, tone(P.skyBottom, light.bottom))}</linearGradient>`,
  );
  c.parts.push(`<rect width="${W}" height="${H}" fill="url(#${skyId})"/>`);

  // Nebulae: strong at night, a faint tint of the hero's colours by day.
  const strength = c.time === 'night' ? 0.45 : c.time === 'day' ? 0.1 : 0.22;
  P.nebula.slice(0, 3).forEach((color, i) => {
    const id = c.id(`neb${i}`);
    c.defs.push(
      `<radialGradient id="${id}">${stop(0, color, strength)}${stop(1, color, 0)}</radialGradient>`,
    );
    const cx = rng.range(0, W);
    const cy = rng.range(0, c.horizon * 0.7);
    const rx = rng.range(0.2, 0.36) * W;
    c.parts.push(
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(rx * rng.range(0.3, 0.55))}" fill="url(#${id})" transform="rotate(${n(rng.range(-35, 35))} ${n(cx)} ${n(cy)})"/>`,
    );
  });

  const veiled = c.weather === 'storm' || c.weather === 'rain' || c.weather === 'mist';
  const starry = c.time !== 'day';
  if (starry) {
    const count = (c.time === 'night' ? (veiled ? 50 : 160) : 40) * (W / 1024);
    let stars = '';
    for (let i = 0; i < count; i++)
      stars += circlePath(
        rng.range(0, W),
        Math.pow(rng.next(), 1.4) * c.horizon * 0.9,
        rng.range(0.7, c.time === 'night' ? 2.1 : 1.3),
      );
    c.parts.push(`<path d="${stars}" fill="${P.star}" fill-opacity="${c.time === 'night' ? 0.85 : 0.4}"/>`);
    // Star dust only the full-size picture can resolve.
    if (showsDetail(c)) {
      const d = c.detailRng;
      let dust = '';
      const dustCount = Math.round(500 * c.pixelScale * (W / 1024) * (c.time === 'night' ? 1 : 0.3));
      for (let i = 0; i < dustCount; i++)
        dust += circlePath(d.range(0, W), Math.pow(d.next(), 1.2) * c.horizon, d.range(0.35, 0.7));
      c.parts.push(`<path d="${dust}" fill="${P.star}" fill-opacity="0.55"/>`);
    }
  }

  // The hero's constellation: bright by night, a ghost of lines by day.
  const scale = rng.range(0.11, 0.15) * Math.min(W, H * 1.2);
  const cx = (constellationLeft ? rng.range(0.2, 0.32) : rng.range(0.68, 0.8)) * W;
  const cy = rng.range(0.13, 0.2) * H;
  const rot = rng.range(-14, 14);
  const pt = (i: number): Point => [constellation.stars[i]!.x * scale, constellation.stars[i]!.y * scale];
  const lines = constellation.lines
    .map(([a, b]) => `M${pt(a).map(n).join(' ')}L${pt(b).map(n).join(' ')}`)
    .join('');
  let glows = '';
  let cores = '';
  constellation.stars.forEach((s, i) => {
    const [x, y] = pt(i);
    const m = Math.max(0, 5 - s.mag);
    glows += `<circle cx="${n(x)}" cy="${n(y)}" r="${n((10 + m * 6) * (scale / 140))}"/>`;
    cores += circlePath(x, y, (2.2 + m * 1.2) * (scale / 140));
  });
  const sg = c.id('sg');
  c.defs.push(
    `<radialGradient id="${sg}">${stop(0, P.glowCore, 0.9)}${stop(0.3, P.starline, 0.35)}${stop(1, P.starline, 0)}</radialGradient>`,
  );
  const strong = c.time === 'night' && !veiled ? 1 : c.time === 'day' ? 0.3 : 0.6;
  c.parts.push(
    `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(rot)})" opacity="${strong}"><path d="${lines}" fill="none" stroke="${P.starline}" stroke-opacity="0.7" stroke-width="${n(scale / 50)}" stroke-linecap="round"/><g fill="url(#${sg})">${glows}</g><path d="${cores}" fill="#ffffff"/></g>`,
  );

  // Sun or moon on the side away from the constellation.
  let lightAt: Point | null = null;
  if (c.weather !== 'storm') {
    const x = (constellationLeft ? rng.range(0.55, 0.9) : rng.range(0.1, 0.45)) * W;
    if (c.time === 'night') {
      const r = rng.range(0.035, 0.055) * W;
      const y = rng.range(0.1, 0.26) * H;
      const crescent = rng.chance(0.5);
      c.parts.push(
        `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 2.4)}" fill="${P.glowCore}" fill-opacity="${veiled ? 0.2 : 0.12}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${mix(P.glowCore, '#ffffff', 0.5)}"${veiled ? ' fill-opacity="0.55"' : ''}/>` +
          (crescent
            ? `<circle cx="${n(x + r * 0.45)}" cy="${n(y - r * 0.2)}" r="${n(r * 0.9)}" fill="${mix(P.skyTop, '#000000', 0.2)}" fill-opacity="0.92"/>`
            : ''),
      );
      lightAt = [x, y];
    } else {
      const y = c.time === 'day' ? rng.range(0.1, 0.24) * H : c.horizon - rng.range(0.01, 0.08) * H;
      const r = (c.time === 'day' ? rng.range(0.035, 0.05) : rng.range(0.05, 0.07)) * W;
      const core = c.time === 'day' ? '#fff8e0' : mix('#ffd08a', P.glowCore, 0.2);
      const sun = c.id('sun');
      c.defs.push(
        `<radialGradient id="${sun}">${stop(0, core, 0.9)}${stop(0.35, core, 0.35)}${stop(1, core, 0)}</radialGradient>`,
      );
      c.parts.push(
        `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 4)}" fill="url(#${sun})"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${core}"${veiled ? ' fill-opacity="0.45"' : ''}/>`,
      );
      lightAt = [x, y];
    }
  }

  clouds(c);
  return { light: lightAt };
}

function clouds(c: Canvas): void {
  const { rng, W } = c;
  const count = { clear: 2, wind: 4, snow: 5, mist: 3, rain: 7, storm: 9 }[c.weather];
  const dark = c.weather === 'storm' || c.weather === 'rain';
  const base = c.time === 'night' ? '#2a3048' : c.time === 'day' ? '#f4f6fa' : '#e9b8a6';
  const color = dark ? mix(base, '#2c3038', 0.55) : base;
  const id = c.id('cloud');
  c.defs.push(
    `<radialGradient id="${id}">${stop(0, color, 0.85)}${stop(0.6, color, 0.5)}${stop(1, color, 0)}</radialGradient>`,
  );
  let shapes = '';
  for (let i = 0; i < count; i++) {
    const cx = rng.range(-0.1, 1.1) * W;
    const cy = rng.range(0.04, dark ? 0.5 : 0.7) * c.horizon;
    const rx = rng.range(0.12, 0.25) * W;
    for (let k = 0; k < 3; k++)
      shapes += `<ellipse cx="${n(cx + (k - 1) * rx * 0.5)}" cy="${n(cy + rng.range(-12, 12))}" rx="${n(rx * rng.range(0.5, 0.75))}" ry="${n(rx * rng.range(0.18, 0.28))}"/>`;
  }
  c.parts.push(`<g fill="url(#${id})">${shapes}</g>`);
}

/**
 * Soft banks of mist lying at `y` (the foot of a landscape layer): many overlapping round-ended
 * clouds of different widths, so the mist thins and thickens along the land instead of drawing one
 * straight band across the picture.
 */
export function mistBanks(c: Canvas, y: number, strength: number): void {
  if (c.weather !== 'mist' && c.weather !== 'rain' && c.weather !== 'snow') return;
  const amount = c.weather === 'mist' ? strength : strength * 0.45;
  const color = mix(hazeColor(c), '#ffffff', 0.25);
  const id = c.id(`mist${Math.round(y)}`);
  c.defs.push(
    `<radialGradient id="${id}">${stop(0, color, amount)}${stop(0.55, color, amount * 0.55)}${stop(1, color, 0)}</radialGradient>`,
  );
  let banks = '';
  const count = c.rng.int(4, 7);
  for (let i = 0; i < count; i++) {
    const cx = c.rng.range(-0.1, 1.1) * c.W;
    const rx = c.rng.range(0.12, 0.32) * c.W;
    const cy = y + c.rng.range(-0.03, 0.02) * c.H;
    banks += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(rx * c.rng.range(0.12, 0.22))}"/>`;
  }
  c.parts.push(`<g fill="url(#${id})">${banks}</g>`);
}

/** Rain, snow, lightning and wind, drawn over the whole scene. */
export function paintWeather(c: Canvas): void {
  const { rng, P, W, H } = c;
  if (c.weather === 'rain' || c.weather === 'storm') {
    let drops = '';
    const slant = rng.range(-0.25, 0.1);
    const count = (c.weather === 'storm' ? 260 : 180) * (W / 1024);
    for (let i = 0; i < count; i++) {
      const x = rng.range(-40, W + 40);
      const y = rng.range(0, H);
      const len = rng.range(14, 30);
      drops += `M${n(x)} ${n(y)}l${n(len * slant)} ${n(len)}`;
    }
    c.parts.push(
      `<path d="${drops}" stroke="#cfd8e6" stroke-opacity="0.45" stroke-width="1.4" stroke-linecap="round"/>`,
    );
  }
  if (c.weather === 'storm') {
    let x = rng.range(0.15, 0.85) * W;
    let y = 0.04 * H;
    const bolt: Point[] = [[x, y]];
    while (y < c.horizon - 20) {
      x += rng.range(-40, 40);
      y += rng.range(30, 60);
      bolt.push([x, y]);
    }
    c.parts.push(
      `<path d="${polyline(bolt)}" stroke="${P.glowCore}" stroke-opacity="0.35" stroke-width="12" fill="none" stroke-linejoin="round"/><path d="${polyline(bolt)}" stroke="#ffffff" stroke-width="3.5" fill="none" stroke-linejoin="bevel"/>`,
    );
  }
  if (c.weather === 'snow') {
    let flakes = '';
    for (let i = 0; i < 180 * (W / 1024); i++)
      flakes += circlePath(rng.range(0, W), rng.range(0, H), rng.range(1.2, 3.4));
    c.parts.push(`<path d="${flakes}" fill="#ffffff" fill-opacity="0.8"/>`);
  }
  if (c.weather === 'mist') {
    // A last thin veil low in front, thickest at the picture's foot and gone well above the ground.
    const id = c.id('veil');
    const color = mix(hazeColor(c), '#ffffff', 0.3);
    c.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stop(0, color, 0)}${stop(1, color, 0.35)}</linearGradient>`,
    );
    c.parts.push(
      `<rect x="0" y="${n(c.ground - 0.04 * H)}" width="${W}" height="${n(H - c.ground + 0.04 * H)}" fill="url(#${id})"/>`,
    );
  }
  if (c.weather === 'wind') {
    let swirls = '';
    for (let i = rng.int(4, 6); i > 0; i--) {
      const y = rng.range(0.15, 0.8) * H;
      const x = rng.range(-0.1, 0.7) * W;
      const len = rng.range(0.25, 0.5) * W;
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
    c.parts.push(`<path d="${swirls}" fill="${P.rim}" fill-opacity="0.3"/>`);
  }
}
