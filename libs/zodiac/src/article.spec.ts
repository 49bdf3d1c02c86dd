import { CHINESE_ANIMAL_NAMES, WESTERN_SIGNS } from './index.js';
import { indefiniteArticle, withIndefiniteArticle } from './article.js';

describe('the indefinite article, by sound', () => {
  it('is "an" for the signs and animals that start with a vowel sound, "a" for the others', () => {
    const articles = Object.fromEntries(
      [...WESTERN_SIGNS.map((sign) => sign.name), ...CHINESE_ANIMAL_NAMES].map((word) => [
        word,
        indefiniteArticle(word),
      ]),
    );
    expect(articles).toMatchObject({
      Aries: 'an',
      Aquarius: 'an',
      Ox: 'an',
      Leo: 'a',
      Taurus: 'a',
      Gemini: 'a',
      Libra: 'a',
      Pisces: 'a',
      Rat: 'a',
      Horse: 'a',
      Dragon: 'a',
    });
    const vowelSounds = Object.keys(articles).filter((word) => articles[word] === 'an');
    expect(vowelSounds.sort()).toEqual(['Aquarius', 'Aries', 'Ox']);
  });

  it('reads elements and polarities as they sound', () => {
    expect(withIndefiniteArticle('earth-aligned hero')).toBe('an earth-aligned hero');
    expect(withIndefiniteArticle('air-aligned hero')).toBe('an air-aligned hero');
    expect(withIndefiniteArticle('fire-aligned hero')).toBe('a fire-aligned hero');
    expect(withIndefiniteArticle('Yang Water year')).toBe('a Yang Water year');
    expect(withIndefiniteArticle('Yin Earth year')).toBe('a Yin Earth year');
  });

  it('follows the sound, not the letter, for the usual exceptions', () => {
    for (const word of ['unicorn', 'one-eyed', 'once-proud', 'useful', 'usual', 'European', 'ewe', 'utopia'])
      expect(`${indefiniteArticle(word)} ${word}`).toBe(`a ${word}`);
    for (const word of [
      'hour',
      'honest',
      'heir',
      'umbrella',
      'unusual',
      'uneven',
      'onerous',
      'ancient',
      '8',
      '18',
      '80',
    ])
      expect(`${indefiniteArticle(word)} ${word}`).toBe(`an ${word}`);
    for (const word of ['hero', 'year', '110', 'Yang']) expect(indefiniteArticle(word)).toBe('a');
  });

  it('looks past markup and quotes before the word', () => {
    expect(indefiniteArticle('**Aries** hero')).toBe('an');
    expect(indefiniteArticle('"Ox" year')).toBe('an');
    expect(indefiniteArticle('  _Leo_')).toBe('a');
  });
});
