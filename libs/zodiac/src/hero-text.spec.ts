import { daysInMonth } from './calendar.js';
import { CHINESE_ANIMALS } from './chinese.js';
import { heroDescription, influenceTraits, sharedHeroPreview } from './hero-text.js';
import { WESTERN_SIGNS } from './western.js';
import { zodiacFor } from './zodiac.js';

describe('heroDescription', () => {
  it('names the hero, the Western sign with the article it sounds with, and the animal', () => {
    expect(heroDescription({ name: 'Lyra', westernSign: 'Aquarius', chineseSign: 'Ox' })).toBe(
      'Lyra, an Aquarius hero of the Ox, born of the stars.',
    );
    expect(heroDescription({ name: 'Rex', westernSign: 'Leo', chineseSign: 'Rat' })).toBe(
      'Rex, a Leo hero of the Rat, born of the stars.',
    );
  });

  it('leaves out a sign that is not known', () => {
    expect(heroDescription({ name: 'Nova', westernSign: '', chineseSign: ' ' })).toBe(
      'Nova, a hero, born of the stars.',
    );
  });
});

describe('sharedHeroPreview', () => {
  it('titles the hero as a Starborn hero and invites the reader to meet it', () => {
    expect(sharedHeroPreview({ name: 'Ash', westernSign: 'Aries', chineseSign: 'Dragon' })).toEqual({
      title: 'Ash — a Starborn hero',
      description: 'Meet Ash, an Aries hero of the Dragon, born of the stars.',
    });
  });
});

describe('influenceTraits', () => {
  const distinct = (traits: string[]) => new Set(traits.map((t) => t.toLowerCase())).size;

  it('names "Energetic" once for 25 March 1990 (Aries, Horse) and still lists four traits', () => {
    const { western, chinese } = zodiacFor('1990-03-25');
    expect([western.sign, chinese.sign]).toEqual(['Aries', 'Horse']);
    expect(influenceTraits(western.traits, chinese.traits)).toEqual([
      'Courageous',
      'Energetic',
      'Free-spirited',
      'Warm',
    ]);
  });

  it('never repeats a trait for any sign × animal pair, and keeps four when the lists allow', () => {
    for (const sign of WESTERN_SIGNS) {
      for (const animal of CHINESE_ANIMALS) {
        const line = influenceTraits(sign.traits, animal.traits);
        expect({ pair: `${sign.name} ${animal.name}`, distinct: distinct(line) }).toEqual({
          pair: `${sign.name} ${animal.name}`,
          distinct: line.length,
        });
        expect(line).toHaveLength(Math.min(4, distinct([...sign.traits, ...animal.traits])));
      }
    }
  });

  it('never repeats a trait for any birth date from 1924 to 2050 (every sign × animal × element met)', () => {
    const combos = new Set<string>();
    for (let year = 1924; year <= 2050; year++) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 1; day <= daysInMonth(year, month); day++) {
          const { western, chinese } = zodiacFor({ year, month, day });
          const line = influenceTraits(western.traits, chinese.traits);
          if (distinct(line) !== line.length || line.length !== 4) {
            throw new Error(`${year}-${month}-${day}: ${line.join(' · ')}`);
          }
          combos.add(`${western.sign}/${chinese.sign}/${chinese.element}/${western.element}`);
        }
      }
    }
    // 12 signs × 12 animals × 5 phases (the polarity follows the animal): all 720 occur.
    expect(combos.size).toBe(720);
  });
});
