import { allSignCombinations, articleMistakes, heroFor } from './__tests__/fixtures.js';
import { imagePrompt } from './prompts.js';

describe('the image prompt', () => {
  it('puts "an" before a vowel sound for every sign and element ("an earth-aligned", "an air-aligned")', () => {
    const prompts = allSignCombinations().map((combo) => imagePrompt(heroFor(combo.birthdate), 'front'));
    expect(prompts.flatMap(articleMistakes)).toEqual([]);
    expect(prompts.some((prompt) => prompt.includes('an earth-aligned fantasy adventurer'))).toBe(true);
  });
});
