import { understandLine, understandLines } from './understand.js';

const HEROES = ['Lyra Vale', 'Orion Dusk'];

describe("reading a hero's line", () => {
  it('tells who did what to what, to whom and where, with normalised verbs', () => {
    const read = understandLine(
      'Lyra Vale',
      'I opened the iron door and gave a silver coin to the ferryman at the Misty Pier.',
      HEROES,
    );
    expect(read.actions).toEqual([
      {
        actor: 'Lyra Vale',
        verb: 'open',
        past: 'opened',
        object: { text: 'iron door', lemma: 'door', kind: 'object' },
      },
      {
        actor: 'Lyra Vale',
        verb: 'give',
        past: 'gave',
        object: { text: 'silver coin', lemma: 'coin', kind: 'object' },
        recipient: { text: 'ferryman', lemma: 'ferryman', kind: 'creature' },
        place: { text: 'Misty Pier', lemma: 'pier', kind: 'place' },
        placePreposition: 'at',
      },
    ]);
  });

  it('reads irregular pasts, phrasal verbs, heroes as subjects and givers with two objects', () => {
    const read = understandLine(
      'Orion Dusk',
      'I drew my sword. Lyra picks up the old key. She gives the ferryman a lantern. We lit the torches in the Cave of Echoes.',
      HEROES,
    );
    expect(
      read.actions.map((a) => [a.actor, a.verb, a.past, a.object?.text, a.recipient?.text, a.place?.text]),
    ).toEqual([
      ['Orion Dusk', 'draw', 'drew', 'sword', undefined, undefined],
      ['Lyra Vale', 'pick', 'picked up', 'old key', undefined, undefined],
      ['Lyra Vale', 'give', 'gave', 'lantern', 'ferryman', undefined],
      ['Orion Dusk', 'light', 'lit', 'torches', undefined, 'Cave of Echoes'],
    ]);
    expect(read.things.map((t) => [t.text, t.kind])).toEqual([
      ['sword', 'object'],
      ['old key', 'object'],
      ['ferryman', 'creature'],
      ['lantern', 'object'],
      ['torches', 'object'],
      ['Cave of Echoes', 'place'],
    ]);
  });

  it('hears questions and what they are about, without taking them for deeds', () => {
    const read = understandLine('Lyra Vale', 'Where does the river lead? Who carved these runes?', HEROES);
    expect(read.actions).toEqual([]);
    expect(read.questions).toEqual([
      {
        asker: 'Lyra Vale',
        text: 'Where does the river lead',
        word: 'where',
        topic: { text: 'river', lemma: 'river', kind: 'place' },
      },
      {
        asker: 'Lyra Vale',
        text: 'Who carved these runes',
        word: 'who',
        topic: { text: 'runes', lemma: 'rune', kind: 'object' },
      },
    ]);
  });

  it('tells no deed for a subject it cannot name, and finds nouns the tagger calls adjectives', () => {
    expect(understandLine('Orion Dusk', 'It shows the Glimmerdeep.', HEROES).actions).toEqual([]);
    expect(
      understandLine('Orion Dusk', 'Where is the lost observatory?', HEROES).questions[0]?.topic,
    ).toEqual({
      text: 'lost observatory',
      lemma: 'observatory',
      kind: 'place',
    });
  });

  it('reads many lines in one pass as it reads each alone, a line without a full stop included', () => {
    const lines = [
      { speaker: 'Lyra Vale', content: 'I light the lantern and climb the stair' },
      { speaker: 'Orion Dusk', content: 'Where does the tunnel go? I follow Lyra into the crypt!' },
      { speaker: 'Lyra Vale', content: 'I hand Orion the rusty key.' },
    ];
    const together = understandLines(
      lines.map((line) => ({ ...line, content: `${line.content} ` })),
      HEROES,
    );
    expect(together).toEqual(lines.map((line) => understandLine(line.speaker, line.content, HEROES)));
    expect(
      together.map((read) =>
        read.actions.map((a) => `${a.actor} ${a.past} ${a.object?.text ?? a.place?.text}`),
      ),
    ).toEqual([
      ['Lyra Vale lit lantern', 'Lyra Vale climbed stair'],
      ['Orion Dusk followed Lyra Vale'],
      ['Lyra Vale handed rusty key'],
    ]);
  });
});
