import { describe, expect, it } from '@jest/globals';
import { heroDescription } from './heroText';

describe('heroDescription', () => {
  it('uses the article the sign is said with', () => {
    expect(heroDescription({ name: 'Lyra', westernSign: 'Aquarius', chineseSign: 'Ox' })).toBe(
      'Lyra, an Aquarius hero of the Ox, born of the stars.',
    );
    expect(heroDescription({ name: 'Ash', westernSign: 'Aries', chineseSign: 'Dragon' })).toBe(
      'Ash, an Aries hero of the Dragon, born of the stars.',
    );
    expect(heroDescription({ name: 'Rex', westernSign: 'Leo', chineseSign: 'Rat' })).toBe(
      'Rex, a Leo hero of the Rat, born of the stars.',
    );
  });

  it('leaves out a sign the hero does not have yet', () => {
    expect(heroDescription({ name: 'Nova', westernSign: '', chineseSign: ' ' })).toBe(
      'Nova, a hero, born of the stars.',
    );
  });
});
