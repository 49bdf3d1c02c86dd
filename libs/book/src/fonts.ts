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
