import {
  allSignCombinations,
  articleMistakes,
  heroesOfAllSigns,
  heroFor,
  nextHeroId,
  sparseHero,
} from '../__tests__/fixtures.js';
import type { HeroProfile } from '../types.js';
import { countWords, generateBackstoryMarkdown, MAX_WORDS, MIN_WORDS } from './backstory.js';

function checkContent(hero: HeroProfile, text: string): string[] {
  const problems: string[] = [];
  const lower = text.toLowerCase();
  const words = countWords(text);
  if (words < MIN_WORDS || words > MAX_WORDS) problems.push(`${words} words`);
  if (!text.includes(hero.name)) problems.push('name missing');
  if (!text.includes(hero.western.sign)) problems.push('western sign missing');
  if (!text.includes(hero.chinese.sign)) problems.push('chinese sign missing');
  if (!text.includes(hero.western.element)) problems.push('element missing');
  if (!text.includes(hero.chinese.element)) problems.push('chinese element missing');
  const traits = [...hero.western.traits, ...hero.chinese.traits].filter((t) =>
    lower.includes(t.toLowerCase()),
  );
  if (new Set(traits.map((t) => t.toLowerCase())).size < 2) problems.push(`traits: ${traits.join(', ')}`);
  const mentions = (list: string[]) =>
    list.some((s) =>
      lower.includes(
        s
          .toLowerCase()
          .replace(/\bitself\b/, 'themselves')
          .replace(/\bits\b/, 'their'),
      ),
    );
  if (!mentions(hero.western.strengths)) problems.push('no strength');
  if (!mentions(hero.western.weaknesses)) problems.push('no weakness');
  if (!/^# \S/m.test(text)) problems.push('no title');
  if ((text.match(/^## \S/gm) ?? []).length < 4) problems.push('fewer than 4 sections');
  if (/[{}<>]|\[[^\]]*\|/.test(text.replace(/^> /gm, ''))) problems.push('unexpanded grammar');
  if (/\bundefined\b|\bnull\b/.test(text)) problems.push('undefined');
  const articles = articleMistakes(text);
  if (articles.length) problems.push(`articles: ${articles.join(', ')}`);
  return problems;
}

describe('grammar-based backstory', () => {
  it('meets length and content rules for all 144 sign combinations with random ids and names', () => {
    const failures = heroesOfAllSigns(3).flatMap(({ combo, hero }) => {
      const problems = checkContent(hero, generateBackstoryMarkdown(hero));
      return problems.length
        ? [`${combo.western}/${combo.chinese} ${hero.heroId}: ${problems.join('; ')}`]
        : [];
    });
    expect(allSignCombinations()).toHaveLength(144);
    expect(failures).toEqual([]);
  });

  it('is deterministic per hero id', () => {
    const hero = heroFor('1979-08-15', 'Selene', 'ffeeddccbbaa99887766554433221100');
    expect(generateBackstoryMarkdown({ ...hero })).toBe(generateBackstoryMarkdown(hero));
  });

  it('tells 100 different stories for 100 heroes with identical signs and names', () => {
    const base = heroFor('1979-08-15', 'Selene');
    const stories = new Set(
      Array.from({ length: 100 }, () => generateBackstoryMarkdown({ ...base, heroId: nextHeroId() })),
    );
    expect(stories.size).toBe(100);
  });

  it('reads as prose: sentences start with capitals and no word is doubled', () => {
    for (let i = 0; i < 40; i++) {
      const text = generateBackstoryMarkdown(heroFor('1990-01-25', 'Kael'));
      expect(text).not.toMatch(/\b(\w+) \1\b/i);
      expect(text).not.toMatch(/\.\s+[a-z]/);
      expect(text).not.toMatch(/ {2}|\s[,.;:]/);
    }
  });

  it('copes with sparse profiles and odd names', () => {
    const text = generateBackstoryMarkdown(sparseHero());
    expect(text).toContain('Ana {sign} \\[x\\|y\\]'); // markdown-escaped: shown literally
    expect(countWords(text)).toBeGreaterThanOrEqual(MIN_WORDS);
    expect(countWords(text)).toBeLessThanOrEqual(MAX_WORDS);
  });
});
