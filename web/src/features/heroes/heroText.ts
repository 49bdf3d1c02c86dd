import { withIndefiniteArticle } from '@starborn/zodiac';

/**
 * The sentence that describes a hero in link previews: 'Lyra, an Aquarius hero of the Ox, born of the
 * stars.' The article follows how the sign sounds ("an Aries", "a Leo").
 */
export function heroDescription(hero: { name: string; westernSign: string; chineseSign: string }): string {
  const sign = hero.westernSign.trim();
  const kind = sign ? withIndefiniteArticle(`${sign} hero`) : 'a hero';
  const animal = hero.chineseSign.trim();
  return `${hero.name}, ${kind}${animal ? ` of the ${animal}` : ''}, born of the stars.`;
}
