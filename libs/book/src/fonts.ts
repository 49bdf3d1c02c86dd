import { create, type Font } from 'fontkit';
import { readFileSync } from 'node:fs';
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
 */
export const CJK_FONT_PACKAGES = ['@fontsource/noto-sans-sc', '@fontsource/noto-sans-kr'] as const;

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
const cjkLoaded = new Map<string, Font>();

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

/**
 * The CJK font file that draws a character, as a name to register and the parsed font (each file is
 * read once per process), or undefined when none has it.
 */
export function cjkFontFor(character: string): { name: string; font: Font } | undefined {
  const codePoint = character.codePointAt(0)!;
  for (const slice of slices()) {
    if (!slice.ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) continue;
    let font = cjkLoaded.get(slice.name);
    if (!font) {
      font = create(readFileSync(require.resolve(slice.file))) as Font;
      cjkLoaded.set(slice.name, font);
    }
    if (font.hasGlyphForCodePoint(codePoint)) return { name: slice.name, font };
  }
  return undefined;
}
