import { allSignCombinations, articleMistakes, heroFor } from './__tests__/fixtures.js';
import { composeHeroArt, describeHeroShot } from './local/art.js';
import { imagePrompt } from './prompts.js';
import { IMAGE_ANGLES } from './types.js';

describe('the image prompt', () => {
  it('puts "an" before a vowel sound for every sign and element ("an earth-aligned", "an air-aligned")', () => {
    const prompts = allSignCombinations().map((combo) => imagePrompt(heroFor(combo.birthdate), 'front'));
    expect(prompts.flatMap(articleMistakes)).toEqual([]);
    expect(prompts.some((prompt) => prompt.includes('an earth-aligned fantasy adventurer'))).toBe(true);
  });

  it('describes the shot the local art draws (pose, setting, clothing, animal) and new shots per variant', () => {
    const hero = heroFor('1991-04-02', 'Aria', '0123456789abcdef0123456789abcdef');
    for (const angle of IMAGE_ANGLES) {
      const shot = describeHeroShot(hero, angle);
      const prompt = imagePrompt(hero, angle);
      for (const words of [shot.pose, shot.setting, shot.character, shot.animal, shot.camera]) {
        expect(prompt).toContain(words);
      }
      const local = composeHeroArt(hero, angle).prompt;
      expect(local).toContain(shot.pose);
      expect(local).toContain(shot.setting);
      expect(imagePrompt(hero, angle, 1)).not.toBe(prompt);
      expect(imagePrompt(hero, angle, 1)).toContain(shot.character);
    }
  });
});
