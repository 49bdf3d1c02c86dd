import { heroFor } from './__tests__/fixtures.js';
import { illustrationPrompt, keySentences } from './illustration-prompt.js';
import { writeLocalChapter } from './local/chapter.js';
import type { IllustrationRequest } from './types.js';

const hero = heroFor('1991-04-02', 'Aria', '0123456789abcdef0123456789abcdef'); // Aries, Sheep/Goat

const request: IllustrationRequest = {
  hero,
  chapterNumber: 3,
  title: 'The Bridge of Kites',
  markdown: [
    '# Chapter 3: The Bridge of Kites',
    '',
    'Aria laughed at the joke. Nobody else did.',
    '',
    'At dusk the wind rose over the canyon, and a thousand kites strained at their ropes above the gorge.',
    '',
    '\\* \\* \\*',
    '',
    'She said nothing for a while. Far below, a river of **silver** ran between the cliffs, and hawks circled.',
  ].join('\n'),
};

describe('the illustration prompt', () => {
  const prompt = illustrationPrompt(request);

  it('names the chapter and quotes the sentences that show its scene, without markup', () => {
    expect(prompt).toContain('Chapter 3, "The Bridge of Kites"');
    expect(prompt).toContain('"At dusk the wind rose over the canyon');
    expect(prompt).toContain('a river of silver ran between the cliffs, and hawks circled."');
    expect(prompt).not.toContain('Nobody else did');
    expect(prompt).not.toMatch(/\*\*|\\\*|# Chapter/);
  });

  it('sets the scene it reads from the text: place, time, weather, creatures', () => {
    expect(prompt).toContain('in the mountains, at dusk, in strong wind');
    expect(prompt).toContain('With birds');
  });

  it("describes the hero: name, signs, element and the same look as the hero's portraits", () => {
    for (const words of ['Aria', 'Aries', 'Goat', hero.chinese.element, 'fire-aligned']) {
      expect(prompt).toContain(words);
    }
    expect(prompt).toMatch(/wearing .+(sword|staff|spear|bow)/);
    expect(prompt).toMatch(/landscape 3:2/);
    expect(prompt).toMatch(/no text, no watermark/);
  });

  it('stays short enough for every image model, even for a long chapter', () => {
    const chapter = writeLocalChapter({
      hero,
      chapterNumber: 2,
      chaptersTotalCount: 10,
      previousChapter: null,
    });
    const long = illustrationPrompt({
      hero,
      chapterNumber: 2,
      title: chapter.title,
      markdown: chapter.markdown,
    });
    expect(long.length).toBeLessThan(2_000);
    expect(keySentences(chapter.markdown)).toHaveLength(3);
  });

  it('falls back to the opening sentences when no sentence names a scene', () => {
    expect(keySentences('# Chapter 1: X\n\nOne. Two. Three. Four.')).toEqual(['One.', 'Two.', 'Three.']);
  });
});
