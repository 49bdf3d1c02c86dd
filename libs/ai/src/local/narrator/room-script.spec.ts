/**
 * A scripted room of thirty hero messages, narrated as the rooms service would: the narrator answers
 * after each hero message and its lines go back into the room's history. Each script line lists the
 * words (lemmas and names) it introduces, written by hand, so the check does not lean on the
 * narrator's own reading of the line.
 */
import { sentencesOf } from '../../chapter-format.js';
import type { NarrationHero, NarrationLine, NarrationRequest } from '../../types.js';
import { NARRATION_MAX_SENTENCES, NARRATION_MIN_SENTENCES, writeLocalNarration } from '../narrator.js';

const hero = (
  name: string,
  westernSign: string,
  westernElement: string,
  chineseSign: string,
): NarrationHero => ({
  name,
  westernSign,
  westernElement,
  chineseSign,
  chineseElement: 'Yang Wood',
});
const HEROES = [
  hero('Lyra Vale', 'Leo', 'Fire', 'Dragon'),
  hero('Orion Dusk', 'Pisces', 'Water', 'Rabbit'),
  hero('Mira Sol', 'Gemini', 'Air', 'Horse'),
];
const NAMES = HEROES.map((h) => h.name);

/** [speaker, message, words it introduces: any one of them counts as named back]. */
const SCRIPT: [string, string, string[]][] = [
  ['Lyra Vale', 'I open the iron door at the end of the hall.', ['door', 'hall']],
  ['Orion Dusk', 'I give a silver coin to the ferryman.', ['coin', 'ferryman']],
  ['Mira Sol', 'I light my torch.', ['torch']],
  ['Lyra Vale', 'Where does the river lead?', ['river']],
  ['Orion Dusk', 'I draw my sword and attack the goblin!', ['sword', 'goblin']],
  ['Mira Sol', 'We cross the stone bridge to the Sunken Chapel.', ['bridge', 'chapel']],
  ['Lyra Vale', 'I pick up the golden key from the altar.', ['key', 'altar']],
  ['Orion Dusk', 'Who carved these runes on the wall?', ['rune', 'wall']],
  ['Mira Sol', 'I read the old scroll.', ['scroll']],
  ['Lyra Vale', 'I hand the golden key to Mira.', ['key']],
  ['Mira Sol', 'I unlock the chest with the golden key.', ['chest']],
  ['Orion Dusk', 'A wolf howls outside the gate.', ['wolf', 'gate']],
  ['Lyra Vale', 'I throw my dagger at the wolf.', ['dagger', 'wolf']],
  ['Mira Sol', 'What is inside the chest?', ['chest']],
  ['Orion Dusk', 'We enter the Cave of Whispers.', ['cave', 'whispers']],
  ['Lyra Vale', 'I light the lantern and look around.', ['lantern']],
  ['Mira Sol', 'I give the ferryman a loaf of bread.', ['ferryman', 'loaf', 'bread']],
  ['Orion Dusk', 'The troll blocks the tunnel!', ['troll', 'tunnel']],
  ['Lyra Vale', 'I strike the troll with my spear.', ['troll', 'spear']],
  ['Mira Sol', 'Why is the moon red tonight?', ['moon']],
  ['Orion Dusk', 'I climb the tower.', ['tower']],
  ['Lyra Vale', 'I find a silver mirror in the tower.', ['mirror']],
  ['Mira Sol', 'I show the mirror to the spirit.', ['mirror', 'spirit']],
  ['Orion Dusk', 'Where is the Starwell?', ['starwell']],
  ['Lyra Vale', 'I open the trapdoor.', ['trapdoor']],
  ['Mira Sol', 'I sail the boat across the lake.', ['boat', 'lake']],
  ['Orion Dusk', 'I offer the spirit my crown.', ['crown', 'spirit']],
  ['Lyra Vale', 'We follow the river to the Glass Gate.', ['river', 'glass gate']],
  ['Mira Sol', 'I touch the crystal orb.', ['orb']],
  ['Orion Dusk', 'I slay the troll!', ['troll']],
];

/** How the narrator did over the whole room. */
export interface RoomMeasure {
  replies: string[];
  repeatedSentences: number;
  namingNew: number;
  namingHero: number;
  addressed: string[];
  millis: number[];
}

/** Plays the script through `narrate`, the rooms service's way: a line after each hero message. */
export function playRoom(narrate: (request: NarrationRequest) => string): RoomMeasure {
  const roomId = '5b8e0c1a-3f2d-4c55-9a6e-0d3b2f1e7a10';
  const history: NarrationLine[] = [];
  const earlier: string[] = [];
  const said = new Set<string>();
  const measure: RoomMeasure = {
    replies: [],
    repeatedSentences: 0,
    namingNew: 0,
    namingHero: 0,
    addressed: [],
    millis: [],
  };
  SCRIPT.forEach(([speaker, content, words], index) => {
    history.push({ kind: 'hero', senderName: speaker, content });
    const request: NarrationRequest = {
      roomId,
      triggerId: `message-${index}`,
      title: 'The Drowned Stars',
      intro: false,
      heroes: HEROES,
      recent: history.slice(-20),
      earlierNarration: [...earlier],
    };
    const started = performance.now();
    const reply = narrate(request);
    measure.millis.push(performance.now() - started);
    measure.replies.push(reply);
    for (const sentence of sentencesOf(reply)) {
      const key = sentence.toLowerCase();
      if (said.has(key)) measure.repeatedSentences++;
      said.add(key);
    }
    const lower = reply.toLowerCase();
    if (words.some((word) => new RegExp(`\\b${word}`, 'i').test(lower))) measure.namingNew++;
    const named = NAMES.filter((name) => reply.includes(name));
    if (named.length > 0) measure.namingHero++;
    // Whom the line turns to: a name spoken to ("Mira Sol, what will you do?").
    const turnedTo = NAMES.find((name) => reply.includes(`${name},`));
    if (turnedTo) measure.addressed.push(turnedTo);
    history.push({ kind: 'narrator', senderName: 'Cosmic Narrator', content: reply });
    earlier.push(reply);
  });
  return measure;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('the local narrator through a thirty-message room', () => {
  const measure = playRoom(writeLocalNarration);

  it('never says a sentence twice in the room', () => {
    expect(measure.repeatedSentences).toBe(0);
  });

  it('names in every reply something the last hero message brought in', () => {
    const missing = SCRIPT.filter((_, i) => {
      const lower = measure.replies[i]!.toLowerCase();
      return !SCRIPT[i]![2].some((word) => new RegExp(`\\b${word}`, 'i').test(lower));
    }).map(([, message]) => message);
    expect(missing).toEqual([]);
    expect(measure.namingNew).toBe(SCRIPT.length);
  });

  it('turns to the heroes by name, each of them, and not always the same one', () => {
    expect(measure.namingHero).toBe(SCRIPT.length);
    expect(new Set(measure.addressed)).toEqual(new Set(NAMES));
    const sameTwiceRunning = measure.addressed.filter(
      (name, i) => i > 0 && measure.addressed[i - 1] === name,
    );
    expect(sameTwiceRunning.length).toBeLessThanOrEqual(measure.addressed.length / 4);
  });

  it('does not fall into a refrain: no reply ends the way the one before it did', () => {
    const endings = measure.replies.map((reply) =>
      sentencesOf(reply).at(-1)!.split(/\s+/).slice(-4).join(' '),
    );
    const sameAsBefore = endings.filter((ending, i) => i > 0 && endings[i - 1] === ending);
    expect(sameAsBefore).toEqual([]);
  });

  it('keeps to two to five sentences, and stays quick', () => {
    for (const reply of measure.replies) {
      expect(sentencesOf(reply).length).toBeGreaterThanOrEqual(NARRATION_MIN_SENTENCES);
      expect(sentencesOf(reply).length).toBeLessThanOrEqual(NARRATION_MAX_SENTENCES);
    }
    // A few milliseconds on an idle machine; the bound leaves room for a busy one, and still fails if
    // every line read the room's whole history afresh.
    expect(median(measure.millis)).toBeLessThan(250);
  });

  it('reacts to the deeds done: the door opened, the coin given, the torch lit', () => {
    expect(measure.replies[0]).toMatch(/iron door/);
    expect(measure.replies[1]).toMatch(/ferryman/);
    expect(measure.replies[1]).toMatch(/silver coin/);
    expect(measure.replies[2]).toMatch(/torch/);
  });
});
