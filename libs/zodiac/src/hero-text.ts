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
