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

let loaded: Record<FontName, Buffer> | undefined;

/** The font files' bytes, read once per process. */
export function fontData(): Record<FontName, Buffer> {
  loaded ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(require.resolve(file))]),
  ) as Record<FontName, Buffer>;
  return loaded;
}
