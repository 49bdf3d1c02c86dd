/**
 * The landing page's three example heroes. Their portraits were made by the local AI
 * provider with web/scripts/make-example-heroes.mjs, which reads the same JSON, and ship as static
 * files in web/public/examples/. Their signs are written in the JSON (examples.spec.ts checks them
 * against the zodiac library), so the landing page does not carry the zodiac tables.
 */
import type { ResponsiveSources } from '../../components/responsiveImage';
import examples from './exampleHeroes.json';
// AVIF and WebP at the widths the cards show them at, hashed under /assets/ (web/scripts/make-example-variants.mjs).
import sizedImages from './exampleImages.json';

export interface ExampleHero {
  slug: string;
  name: string;
  birthdate: string;
  tagline: string;
  image: string;
  sources: ResponsiveSources | null;
  westernSign: string;
  westernElement: string;
  chineseSign: string;
}

export const EXAMPLE_HEROES: readonly ExampleHero[] = examples.map((example) => {
  return {
    slug: example.slug,
    name: example.name,
    birthdate: example.birthdate,
    tagline: example.tagline,
    image: `/examples/${example.slug}.png`,
    sources: (sizedImages as Record<string, ResponsiveSources>)[example.slug] ?? null,
    westernSign: example.westernSign,
    westernElement: example.westernElement,
    chineseSign: example.chineseSign,
  };
});
