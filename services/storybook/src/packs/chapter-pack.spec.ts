import { applyChapterPack } from './chapter-pack.js';

describe('applyChapterPack', () => {
  it.each([
    // premium: the 10 chapters exist; 3 more unlock early, never past 10
    [
      { isPremium: true, total: 10, unlocked: 4 },
      { total: 10, unlocked: 7 },
    ],
    [
      { isPremium: true, total: 10, unlocked: 8 },
      { total: 10, unlocked: 10 },
    ],
    [{ isPremium: true, total: 10, unlocked: 10 }, null],
    // not premium: the story grows by 3 unlocked chapters, up to 10
    [
      { isPremium: false, total: 1, unlocked: 1 },
      { total: 4, unlocked: 4 },
    ],
    [
      { isPremium: false, total: 7, unlocked: 7 },
      { total: 10, unlocked: 10 },
    ],
    [
      { isPremium: false, total: 9, unlocked: 9 },
      { total: 10, unlocked: 10 },
    ],
    [{ isPremium: false, total: 10, unlocked: 10 }, null],
  ])('%j → %j', (story, expected) => {
    expect(applyChapterPack(story)).toEqual(expected);
  });
});
