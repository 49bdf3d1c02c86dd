import { withIndefiniteArticle } from './article.js';

export interface HeroSigns {
  name: string;
  westernSign: string;
  chineseSign: string;
}

/**
 * The sentence that describes a hero in link previews: 'Lyra, an Aquarius hero of the Ox, born of the
 * stars.' The article follows how the sign sounds ("an Aries", "a Leo").
 */
export function heroDescription(hero: HeroSigns): string {
  const sign = hero.westernSign.trim();
  const kind = sign ? withIndefiniteArticle(`${sign} hero`) : 'a hero';
  const animal = hero.chineseSign.trim();
  return `${hero.name}, ${kind}${animal ? ` of the ${animal}` : ''}, born of the stars.`;
}

/**
 * Title and description of a shared hero's link preview. The server's HTML for the share page and the
 * page itself once rendered both use these, so a previewer and a browser see the same text.
 */
export function sharedHeroPreview(hero: HeroSigns): { title: string; description: string } {
  return { title: `${hero.name} — a Starborn hero`, description: `Meet ${heroDescription(hero)}` };
}

/**
 * The short trait line of a zodiac preview: up to `perSide` traits of the Western sign, then up to
 * `perSide` of the Chinese animal, each named once. The two lists share some words (an Aries Horse
 * is "Energetic" twice), so a repeated trait is skipped and the next one of the same list takes its
 * place, keeping the line at `perSide * 2` distinct traits whenever the lists allow it.
 */
export function influenceTraits(
  westernTraits: readonly string[],
  chineseTraits: readonly string[],
  perSide = 2,
): string[] {
  const picked: string[] = [];
  const seen = new Set<string>();
  for (const traits of [westernTraits, chineseTraits]) {
    let taken = 0;
    for (const trait of traits) {
      if (taken === perSide) break;
      const key = trait.trim().toLowerCase();
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      picked.push(trait);
      taken += 1;
    }
  }
  return picked;
}
