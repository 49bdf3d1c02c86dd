import { heroFor } from './__tests__/fixtures.js';
import { illustrationPrompt, keySentences } from './illustration-prompt.js';
import { heroDesign } from './local/art.js';
import { describeCharacter } from './local/art/character.js';
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
    expect(prompt).toContain(describeCharacter(heroDesign(hero).character));
    expect(prompt).toMatch(/with .+(sword|staff|spear|bow)\./);
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

  it('draws from the planned scene when there is one: place, hour, weather, companions by kind, moment', () => {
    const planned = illustrationPrompt({
      ...request,
      scene: {
        place: 'Glasswater Ford',
        landscape: 'river',
        timeOfDay: 'night',
        weather: 'rain',
        companions: ['Ash', 'Mira'],
        action: 'parley',
        moment: 'Aria bargains with the ferryman in the rain.',
      },
      cast: [{ name: 'Ash', kind: 'a red fox' }],
    });
    expect(planned).toContain(
      'at Glasswater Ford, on the bank of a winding river under the night sky, in the rain.',
    );
    expect(planned).toContain('With the hero: Ash (a red fox), Mira.');
    expect(planned).toContain('in a tense parley: Aria bargains with the ferryman in the rain.');
    // The text's own scene (mountains at dusk) gives way to the plan.
    expect(planned).not.toContain('in the mountains, at dusk');
    expect(planned).toContain(describeCharacter(heroDesign(hero).character));
  });

  it('falls back to the opening sentences when no sentence names a scene', () => {
    expect(keySentences('# Chapter 1: X\n\nOne. Two. Three. Four.')).toEqual(['One.', 'Two.', 'Three.']);
  });
});
