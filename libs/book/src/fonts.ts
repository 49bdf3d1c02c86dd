import { create, type Font } from 'fontkit';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The PDF's typefaces, embedded from the font packages: EB Garamond for text, Cinzel for titles. */
export const FONT_FILES = {
  body: '@fontsource/eb-garamond/files/eb-garamond-latin-400-normal.woff',
  italic: '@fontsource/eb-garamond/files/eb-garamond-latin-400-italic.woff',
  bold: '@fontsource/eb-garamond/files/eb-garamond-latin-700-normal.woff',
  boldItalic: '@fontsource/eb-garamond/files/eb-garamond-latin-700-italic.woff',
  title: '@fontsource/cinzel/files/cinzel-latin-400-normal.woff',
  titleBold: '@fontsource/cinzel/files/cinzel-latin-700-normal.woff',
} as const;

export type FontName = keyof typeof FONT_FILES;

let loaded: Record<FontName, Font> | undefined;

/**
 * The fonts, read and parsed once per process and shared by every document: parsing a WOFF inflates
 * its tables in JavaScript, which would otherwise cost each book a few hundred milliseconds.
 */
export function fonts(): Record<FontName, Font> {
  loaded ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [
      name,
      create(readFileSync(require.resolve(file))) as Font,
    ]),
  ) as Record<FontName, Font>;
  return loaded;
}

/**
 * The fonts for Chinese, Japanese and Korean: Noto Sans SC (Han in simplified and traditional forms,
 * kana) and, for the Hangul it lacks, Noto Sans KR, both OFL. Each package splits its font into about a
 * hundred files by Unicode range (listed in its unicode.json); a book loads only the files that hold
 * the characters it prints, and pdfkit embeds only the glyphs used.
 *
 * Those packages carry the characters in common use (about 12,000 Han of the 21,000 in the main CJK
 * block). For the rarer ones (in names above all) the whole Noto Sans CJK is used where the system has
 * it: Debian's fonts-noto-cjk, which the service images and CI install (see docs/decisions.md).
 */
export const CJK_FONT_PACKAGES = ['@fontsource/noto-sans-sc', '@fontsource/noto-sans-kr'] as const;

/** Where systems keep the whole Noto Sans CJK (Debian and Ubuntu's fonts-noto-cjk; Alpine's font-noto-cjk). */
export const SYSTEM_CJK_FONT_FILES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto/NotoSansCJK-Regular.ttc',
] as const;
/** The face of the collection used: its Simplified Chinese forms, as the packages above. */
const SYSTEM_CJK_FACE = 'NotoSansCJKsc-Regular';

/** Han, Hiragana, Katakana and Hangul (with their jamo, the CJK punctuation and full-width forms). */
const CJK_CHARACTER =
  /[\u1100-\u11ff\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{3134f}]/u;

/** Whether a character is Chinese, Japanese or Korean, to print with a CJK font. */
export const isCjk = (character: string): boolean => CJK_CHARACTER.test(character);

interface CjkSlice {
  /** The name the PDF registers the font under, e.g. `cjk-noto-sans-sc-118`. */
  name: string;
  file: string;
  ranges: [number, number][];
}

let cjkSlices: CjkSlice[] | undefined;
/** Each slice's parsed font, or null for a file fontkit cannot read (one of Noto Sans SC's has a cmap it rejects). */
const cjkLoaded = new Map<string, Font | null>();
let systemCjk: Font | null | undefined;

function slices(): CjkSlice[] {
  cjkSlices ??= CJK_FONT_PACKAGES.flatMap((pkg) => {
    const family = pkg.slice(pkg.indexOf('/') + 1);
    const table = JSON.parse(readFileSync(require.resolve(`${pkg}/unicode.json`), 'utf8')) as Record<
      string,
      string
    >;
    return Object.entries(table).map(([key, ranges]) => {
      const index = key.replace(/[[\]]/g, '');
      return {
        name: `cjk-${family}-${index}`,
        file: `${pkg}/files/${family}-${index}-400-normal.woff`,
        ranges: ranges.split(',').map((range) => {
          const [from = '', to] = range.trim().replace(/^U\+/i, '').split('-');
          return [parseInt(from, 16), parseInt(to ?? from, 16)] as [number, number];
        }),
      };
    });
  });
  return cjkSlices;
}

function sliceFont(slice: CjkSlice): Font | null {
  let font = cjkLoaded.get(slice.name);
  if (font === undefined) {
    try {
      font = create(readFileSync(require.resolve(slice.file))) as Font;
      // fontkit reads tables lazily: the character map is read here, once, so a broken one shows now.
      font.hasGlyphForCodePoint(0x20);
    } catch {
      font = null;
    }
    cjkLoaded.set(slice.name, font);
  }
  return font;
}

/** The system's Noto Sans CJK, read once per process (about 20 MB), or null when it has none. */
export function systemCjkFont(): Font | null {
  if (systemCjk !== undefined) return systemCjk;
  systemCjk = null;
  for (const file of SYSTEM_CJK_FONT_FILES) {
    if (!existsSync(file)) continue;
    try {
      systemCjk = create(readFileSync(file), SYSTEM_CJK_FACE) as Font;
      break;
    } catch {
      // Not the collection expected: the next place, or none.
    }
  }
  return systemCjk;
}

/**
 * The CJK font that draws a character, as a name to register and the parsed font (each file is read
 * once per process), or undefined when none has it: first the package's slice for it, then the
 * system's whole Noto Sans CJK.
 */
export function cjkFontFor(character: string): { name: string; font: Font } | undefined {
  const codePoint = character.codePointAt(0)!;
  for (const slice of slices()) {
    if (!slice.ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) continue;
    const font = sliceFont(slice);
    if (font?.hasGlyphForCodePoint(codePoint)) return { name: slice.name, font };
  }
  const system = systemCjkFont();
  if (system?.hasGlyphForCodePoint(codePoint)) return { name: 'cjk-noto-sans-cjk', font: system };
  return undefined;
}
