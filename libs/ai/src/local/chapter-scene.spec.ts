import { readChapterScene, sceneWordCount } from './chapter-scene.js';

describe('reading a chapter’s scene from its text', () => {
  it('picks the setting whose words the chapter uses most, the title counting more', () => {
    const harbour = 'The barges crowded the quay. Waves slapped the harbour wall, and the ferry was late.';
    expect(readChapterScene('Salt and Sails', harbour).setting).toBe('sea');
    const pass = 'The road climbed to the pass. Snow lay on the peaks, and the cliff fell away below.';
    expect(readChapterScene('The High Road', pass).setting).toBe('mountains');
    expect(readChapterScene('Lanterns', 'They sat under the trees of the forest.').setting).toBe('forest');
    // One word of the title outweighs two of the prose.
    expect(readChapterScene('The Market', 'A tree, another tree.').setting).toBe('town');
  });

  it('reads the weather, the time of day, the creatures and the moment', () => {
    const scene = readChapterScene(
      'Storm over the Canyon',
      '# Chapter 4: Storm over the Canyon\n\nThunder rolled at dusk. A dragon circled the gorge while two hawks fled, ' +
        'and the hero struck at the enemy with the blade, and fought on.',
    );
    expect(scene).toEqual({
      setting: 'mountains',
      weather: 'storm',
      timeOfDay: 'dusk',
      creatures: ['dragon', 'birds'],
      moment: 'battle',
    });
  });

  it('matches whole words only and falls back to the quietest scene when nothing is named', () => {
    // "seasoned", "important" and "portrait" hold "sea", "port" and "ram" but are not about them.
    expect(readChapterScene('Untitled', 'A seasoned, important portrait.')).toEqual({
      setting: 'hills',
      weather: 'clear',
      timeOfDay: null,
      creatures: [],
      moment: 'stillness',
    });
  });

  it('counts the scene words of a sentence', () => {
    expect(sceneWordCount('Rain fell on the harbour at night.')).toBe(3);
    expect(sceneWordCount('She laughed.')).toBe(0);
  });
});
