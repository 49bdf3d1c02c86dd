import type { NarrationLine } from '../../types.js';
import { describeScene, sceneOf } from './scene.js';

const HEROES = ['Lyra Vale', 'Orion Dusk'];
const hero = (senderName: string, content: string): NarrationLine => ({ kind: 'hero', senderName, content });

describe('the scene a room builds', () => {
  it('follows the place, the threats fought and overcome, and who holds what', () => {
    const scene = sceneOf(
      [
        hero('Lyra Vale', 'We enter the Cave of Echoes.'),
        hero('Orion Dusk', 'I attack the goblin and the troll!'),
        hero('Lyra Vale', 'I grab the silver lantern.'),
        { kind: 'narrator', senderName: 'Cosmic Narrator', content: 'The goblin hisses.' },
        hero('Lyra Vale', 'I give the silver lantern to Orion.'),
        hero('Orion Dusk', 'I slay the goblin. Why is the moon red?'),
      ],
      HEROES,
    );
    expect(scene.place?.text).toBe('Cave of Echoes');
    expect(scene.threats.map((t) => t.text)).toEqual(['troll']);
    expect(scene.holdings.map((h) => [h.holder, h.thing.text])).toEqual([['Orion Dusk', 'silver lantern']]);
    expect(scene.questions.map((q) => q.text)).toEqual(['Why is the moon red']);
    // Only what was said since the narrator's last line is fresh.
    expect(scene.fresh.map((read) => read.actions.map((a) => a.verb))).toEqual([['give'], ['slay']]);
    expect(describeScene(scene)).toEqual([
      'Place: Cave of Echoes',
      'Threats: troll',
      'Objects in play: silver lantern',
      'Who holds what: Orion Dusk holds silver lantern',
      'Open questions: Orion Dusk asked "Why is the moon red?"',
      'Just done: Lyra Vale gave silver lantern to Orion Dusk; Orion Dusk slayed goblin',
    ]);
  });

  it('is empty for a room with nothing said', () => {
    expect(describeScene(sceneOf([], HEROES))).toEqual([]);
  });
});
