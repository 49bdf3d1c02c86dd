import { heroDescription, sharedHeroPreview } from './hero-text.js';

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
