import { create, type Font } from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp, { type OverlayOptions } from 'sharp';

const require = createRequire(import.meta.url);

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a share card shows. */
export interface ShareCardArtwork {
  name: string;
  westernSign: string;
  chineseSign: string;
  /** The front portrait (any image sharp reads), or undefined when the hero has none. */
  portrait?: Buffer;
}

/**
 * Typefaces by the role of the text, each with fallbacks for letters the first one lacks (Cinzel has
 * Latin only; a name in Cyrillic or Greek falls back to EB Garamond's).
 */
const FONT_FILES = {
  title: [
    '@fontsource/cinzel/files/cinzel-latin-700-normal.woff',
    '@fontsource/cinzel/files/cinzel-latin-ext-700-normal.woff',
    '@fontsource/eb-garamond/files/eb-garamond-cyrillic-700-normal.woff',
    '@fontsource/eb-garamond/files/eb-garamond-cyrillic-ext-700-normal.woff',
    '@fontsource/eb-garamond/files/eb-garamond-greek-700-normal.woff',
    '@fontsource/eb-garamond/files/eb-garamond-vietnamese-700-normal.woff',
  ],
  text: [
    '@fontsource/eb-garamond/files/eb-garamond-latin-400-normal.woff',
    '@fontsource/eb-garamond/files/eb-garamond-latin-ext-400-normal.woff',
  ],
} as const;

type FontRole = keyof typeof FONT_FILES;

let loaded: Record<FontRole, Font[]> | undefined;

/** Parsed once per process: a WOFF is inflated in JavaScript, too slow to repeat per card. */
function fonts(): Record<FontRole, Font[]> {
  loaded ??= {
    title: FONT_FILES.title.map((file) => create(readFileSync(require.resolve(file))) as Font),
    text: FONT_FILES.text.map((file) => create(readFileSync(require.resolve(file))) as Font),
  };
  return loaded;
}

interface TextRun {
  font: Font;
  text: string;
}

/** The text cut into runs, each set in the first font of the role that has all its letters. */
function runsOf(text: string, role: FontRole): TextRun[] {
  const candidates = fonts()[role];
  const runs: TextRun[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    // A letter no font has is left out rather than drawn as an empty box.
    const font = /\s/.test(char)
      ? (runs.at(-1)?.font ?? candidates[0])
      : candidates.find((candidate) => candidate.hasGlyphForCodePoint(codePoint));
    if (!font) continue;
    const last = runs.at(-1);
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

function widthOf(runs: TextRun[], size: number): number {
  return runs.reduce(
    (sum, run) => sum + (run.font.layout(run.text).advanceWidth / run.font.unitsPerEm) * size,
    0,
  );
}

/** The text as SVG path data (no font needed to draw it), its baseline starting at (x, y). */
function textPath(runs: TextRun[], size: number, x: number, y: number): string {
  let pen = x;
  const parts: string[] = [];
  for (const run of runs) {
    const scale = size / run.font.unitsPerEm;
    const layout = run.font.layout(run.text);
    layout.glyphs.forEach((glyph, index) => {
      const position = layout.positions[index];
      const originX = pen + position.xOffset * scale;
      const originY = y - position.yOffset * scale;
      // Font units point up; SVG's y axis points down.
      const path = glyph.path.scale(scale, -scale).translate(originX, originY).toSVG();
      if (path) parts.push(path);
      pen += position.xAdvance * scale;
    });
  }
  return parts.join('');
}

/** The largest size up to `max` at which the runs fit `width`. */
function sizeToFit(runs: TextRun[], width: number, max: number): number {
  return Math.min(max, Math.floor((max * width) / Math.max(widthOf(runs, max), 1)));
}

/** The text at `size`, cut with an ellipsis where it would overflow `width`. */
function truncated(text: string, role: FontRole, width: number, size: number): TextRun[] {
  let shown = text;
  let runs = runsOf(shown, role);
  while (widthOf(runs, size) > width && shown.length > 1) {
    shown = [...shown].slice(0, -1).join('').trimEnd();
    runs = runsOf(`${shown}…`, role);
  }
  return runs;
}

/** A single line: the largest size (down to `min`) at which it fits, cut with an ellipsis below that. */
function fitted(text: string, role: FontRole, width: number, max: number, min: number) {
  const size = Math.max(min, sizeToFit(runsOf(text, role), width, max));
  return { lines: [truncated(text, role, width, size)], size };
}

/** The name on one line while it stays large, else on two lines broken between words. */
function nameLines(name: string) {
  const oneLine = sizeToFit(runsOf(name, 'title'), TEXT_WIDTH, NAME_MAX_SIZE);
  const words = name.split(/\s+/);
  if (oneLine >= NAME_ONE_LINE_MIN_SIZE || words.length < 2) {
    return fitted(name, 'title', TEXT_WIDTH, NAME_MAX_SIZE, NAME_MIN_SIZE);
  }
  // The break that makes the longer line shortest.
  const splits = words
    .slice(1)
    .map((_, index) => [words.slice(0, index + 1).join(' '), words.slice(index + 1).join(' ')]);
  const longer = ([first, second]: string[]) =>
    Math.max(widthOf(runsOf(first, 'title'), 1), widthOf(runsOf(second, 'title'), 1));
  const [first, second] = splits.reduce((best, split) => (longer(split) < longer(best) ? split : best));
  const size = Math.max(
    NAME_MIN_SIZE,
    Math.min(...[first, second].map((line) => sizeToFit(runsOf(line, 'title'), TEXT_WIDTH, NAME_MAX_SIZE))),
  );
  return { lines: [first, second].map((line) => truncated(line, 'title', TEXT_WIDTH, size)), size };
}

/** Lines of text as one SVG path, baselines `leading` apart from the first at y. */
function linesPath(text: { lines: TextRun[][]; size: number }, x: number, y: number, leading = 0): string {
  return text.lines.map((runs, index) => textPath(runs, text.size, x, y + index * leading)).join('');
}

const BACKGROUND = '#0a0718';
const GOLD = '#e9c46a';
const STARLIGHT = '#efe9ff';
const MUTED = '#b7acd9';

const TEXT_LEFT = CARD_HEIGHT + 64;
const TEXT_WIDTH = CARD_WIDTH - TEXT_LEFT - 56;
const NAME_MAX_SIZE = 76;
/** Below this a name is set on two lines instead. */
const NAME_ONE_LINE_MIN_SIZE = 52;
const NAME_MIN_SIZE = 34;

/**
 * A hero's link preview card: 1200×630 PNG, the front portrait on the left, the name and signs on the
 * right. Text is drawn as paths from the bundled fonts, so the card looks the same on a server without
 * fonts; the same artwork always gives the same bytes.
 */
export async function renderShareCard(artwork: ShareCardArtwork): Promise<Buffer> {
  const name = nameLines(artwork.name.trim());
  const signs = [
    artwork.westernSign.trim(),
    artwork.chineseSign.trim() && `Year of the ${artwork.chineseSign.trim()}`,
  ]
    .filter(Boolean)
    .join('  ·  ');
  const signLine = fitted(signs, 'text', TEXT_WIDTH, 40, 24);
  const eyebrow = fitted('A HERO BORN OF THE STARS', 'title', TEXT_WIDTH, 24, 16);
  const site = fitted('STARBORN', 'title', TEXT_WIDTH, 30, 20);

  const leading = Math.round(name.size * 1.15);
  // The block (eyebrow, name, signs) stays centred whether the name takes one line or two.
  const nameTop = 262 - ((name.lines.length - 1) * leading) / 2;
  const nameBaseline = nameTop + name.size;
  const lastBaseline = nameBaseline + (name.lines.length - 1) * leading;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
  <defs>
    <linearGradient id="fade" x1="0" x2="1" y1="0" y2="0">
      <stop offset="0.72" stop-color="${BACKGROUND}" stop-opacity="0"/>
      <stop offset="1" stop-color="${BACKGROUND}" stop-opacity="1"/>
    </linearGradient>
  </defs>
  <rect x="0" y="0" width="${CARD_HEIGHT}" height="${CARD_HEIGHT}" fill="url(#fade)"/>
  <rect x="${TEXT_LEFT}" y="${nameTop - 62}" width="72" height="3" fill="${GOLD}"/>
  <path fill="${MUTED}" d="${linesPath(eyebrow, TEXT_LEFT, nameTop - 18)}"/>
  <path fill="${STARLIGHT}" d="${linesPath(name, TEXT_LEFT, nameBaseline, leading)}"/>
  <path fill="${GOLD}" d="${linesPath(signLine, TEXT_LEFT, lastBaseline + 64)}"/>
  <path fill="${GOLD}" d="${linesPath(site, TEXT_LEFT, CARD_HEIGHT - 56)}"/>
</svg>`;

  const layers: OverlayOptions[] = [];
  if (artwork.portrait) {
    const portrait = await sharp(artwork.portrait)
      .resize(CARD_HEIGHT, CARD_HEIGHT, { fit: 'cover', position: 'top' })
      .toBuffer();
    layers.push({ input: portrait, left: 0, top: 0 });
  }
  layers.push({ input: Buffer.from(svg), left: 0, top: 0 });
  return sharp({
    create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: BACKGROUND },
  })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
