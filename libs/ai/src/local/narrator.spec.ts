import { sentencesOf } from '../chapter-format.js';
import type { NarrationHero, NarrationRequest } from '../types.js';
import { LocalAiProvider } from './local-provider.js';
import { NARRATION_MAX_SENTENCES, NARRATION_MIN_SENTENCES, writeLocalNarration } from './narrator.js';

const lyra: NarrationHero = {
  name: 'Lyra Vale',
  westernSign: 'Leo',
  westernElement: 'Fire',
  chineseSign: 'Dragon',
  chineseElement: 'Yang Wood',
};
const orion: NarrationHero = {
  name: 'Orion Dusk',
  westernSign: 'Pisces',
  westernElement: 'Water',
  chineseSign: 'Rabbit',
  chineseElement: 'Yin Metal',
};

const ROOM = '7d0c2f38-9f55-4a3c-a7f4-2f8a8b3c0e11';

function request(overrides: Partial<NarrationRequest> = {}): NarrationRequest {
  return {
    roomId: ROOM,
    triggerId: 'b3c1a1de-1f4e-4a52-9c43-7d6f0b0b7a01',
    title: 'Shared Cosmic Adventure',
    intro: false,
    heroes: [lyra, orion],
    recent: [
      { kind: 'system', senderName: 'Starborn', content: 'Lyra Vale joined the story' },
      { kind: 'hero', senderName: 'Lyra Vale', content: 'I found an old map in the ruins.' },
      {
        kind: 'hero',
        senderName: 'Orion Dusk',
        content: 'It shows the Glimmerdeep, beneath the frozen sea.',
      },
      { kind: 'hero', senderName: 'Lyra Vale', content: 'Should we sail there tonight?' },
    ],
    ...overrides,
  };
}

const count = (text: string) => sentencesOf(text).length;

describe('the local narrator', () => {
  it('answers in two to five sentences that name a hero and pick up what was just said', () => {
    const text = writeLocalNarration(request());
    expect(count(text)).toBeGreaterThanOrEqual(NARRATION_MIN_SENTENCES);
    expect(count(text)).toBeLessThanOrEqual(NARRATION_MAX_SENTENCES);
    expect(text).toMatch(/Lyra Vale|Orion Dusk/);
    // A word from the last lines, and an answer to the question.
    expect(text).toMatch(/Glimmerdeep|ruins|frozen|tonight|sail|map/i);
    expect(text).not.toMatch(/[{}<>[\]]/); // no grammar left unexpanded
  });

  it('is deterministic per room and trigger, and varies between triggers and rooms', () => {
    expect(writeLocalNarration(request())).toBe(writeLocalNarration(request()));
    const lines = new Set<string>();
    for (let i = 0; i < 30; i++) lines.add(writeLocalNarration(request({ triggerId: `trigger-${i}` })));
    for (let i = 0; i < 10; i++)
      lines.add(writeLocalNarration(request({ roomId: `room-${i}`, triggerId: 'trigger-0' })));
    expect(lines.size).toBeGreaterThanOrEqual(35);
  });

  it("weaves in the heroes' signs and elements", () => {
    const texts = Array.from({ length: 40 }, (_, i) => writeLocalNarration(request({ triggerId: `t${i}` })));
    const all = texts.join(' ');
    expect(all).toMatch(/the Lion|Leo/);
    expect(all).toMatch(/Dragon|Rabbit/);
    expect(all).toMatch(/Yang Wood|Yin Metal/);
    expect(all).toMatch(/embers|fire|spark|tide|waters|droplets/i);
  });

  it('follows the conversation: its themes, its speaker, its questions', () => {
    const dragon = writeLocalNarration(
      request({
        recent: [{ kind: 'hero', senderName: 'Orion Dusk', content: 'A dragon circles the tower!' }],
      }),
    );
    expect(dragon).toMatch(/uncoils|scales|wings|dragon/i);
    const questions = Array.from({ length: 20 }, (_, i) =>
      writeLocalNarration(
        request({
          triggerId: `q${i}`,
          recent: [{ kind: 'hero', senderName: 'Lyra Vale', content: 'Where is the lost observatory?' }],
        }),
      ),
    );
    // Every answer to a question answers it, about what was asked.
    for (const text of questions) {
      expect(text).toMatch(/answer|repl/i);
      expect(text).toContain('the lost observatory');
    }
  });

  it('answers only what was done since its own last line; what came before is the scene', () => {
    const text = writeLocalNarration(
      request({
        recent: [
          { kind: 'hero', senderName: 'Lyra Vale', content: 'Dragons everywhere dragons dragons' },
          { kind: 'narrator', senderName: 'Cosmic Narrator', content: 'The stars lean closer.' },
          { kind: 'hero', senderName: 'Orion Dusk', content: 'Quietly, I open the lantern.' },
        ],
      }),
    );
    // The deed answered is the lantern; the dragons, spoken of before, are a threat still in the scene.
    expect(sentencesOf(text)[0]).toMatch(/lantern/);
    expect(text).not.toMatch(/dragons? (?:circles?|uncoils|everywhere)/i);
  });

  it('opens a new room with an introduction naming its heroes and title', () => {
    const solo = writeLocalNarration(
      request({ intro: true, triggerId: 'intro', heroes: [lyra], recent: [] }),
    );
    expect(solo).toContain('Shared Cosmic Adventure');
    expect(solo).toContain('Lyra Vale');
    expect(count(solo)).toBeGreaterThanOrEqual(NARRATION_MIN_SENTENCES);
    expect(count(solo)).toBeLessThanOrEqual(NARRATION_MAX_SENTENCES);
    const pair = writeLocalNarration(request({ intro: true, triggerId: 'intro', recent: [] }));
    expect(pair).toContain('Lyra Vale and Orion Dusk');
  });

  it('copes with unknown signs, no heroes and no conversation', () => {
    const unknown = {
      name: 'Nameless One',
      westernSign: '',
      westernElement: '',
      chineseSign: '',
      chineseElement: '',
    };
    for (const r of [
      request({ heroes: [unknown] }),
      request({ heroes: [], recent: [] }),
      request({ heroes: [], recent: [], intro: true }),
      request({ heroes: [unknown], recent: [{ kind: 'hero', senderName: 'Nameless One', content: '...' }] }),
    ]) {
      const text = writeLocalNarration(r);
      expect(count(text)).toBeGreaterThanOrEqual(NARRATION_MIN_SENTENCES);
      expect(count(text)).toBeLessThanOrEqual(NARRATION_MAX_SENTENCES);
      expect(text).not.toMatch(/undefined|null|[{}<>[\]]/);
    }
  });

  it('stays within bounds over many rooms and conversations', () => {
    const words = ['star', 'sword', 'river', 'shadow', 'crystal', 'forest', 'storm', 'gate', 'hello'];
    for (let i = 0; i < 300; i++) {
      const text = writeLocalNarration(
        request({
          roomId: `room-${i}`,
          triggerId: `trigger-${i}`,
          intro: i % 7 === 0,
          heroes: i % 3 === 0 ? [lyra] : [lyra, orion],
          recent: [
            {
              kind: 'hero',
              senderName: 'Orion Dusk',
              content: `The ${words[i % words.length]} calls${i % 2 ? '?' : '!'}`,
            },
          ],
        }),
      );
      expect(count(text)).toBeGreaterThanOrEqual(NARRATION_MIN_SENTENCES);
      expect(count(text)).toBeLessThanOrEqual(NARRATION_MAX_SENTENCES);
      expect(text).not.toMatch(/undefined|[{}<>[\]]|\s{2}/);
    }
  });

  it('never repeats a sentence over a long room, with escaped names and a short repetitive script', () => {
    const star = { ...lyra, name: 'Nyx *Star*' };
    const deeds = ['I open the door.', 'I light the torch.', 'Where are we?', 'I give the coin to Nyx.'];
    const history: NarrationRequest['recent'] = [];
    const earlier: string[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < 150; i++) {
      history.push({
        kind: 'hero',
        senderName: i % 2 ? 'Nyx *Star*' : 'Orion Dusk',
        content: deeds[i % deeds.length]!,
      });
      const text = writeLocalNarration(
        request({
          triggerId: `m${i}`,
          heroes: [star, orion],
          recent: history.slice(-40),
          earlierNarration: [...earlier],
        }),
      );
      expect(count(text)).toBeGreaterThanOrEqual(NARRATION_MIN_SENTENCES);
      expect(count(text)).toBeLessThanOrEqual(NARRATION_MAX_SENTENCES);
      expect(text).not.toContain('Nyx *Star*');
      for (const sentence of sentencesOf(text)) {
        expect([...seen]).not.toContain(sentence);
        seen.add(sentence);
      }
      history.push({ kind: 'narrator', senderName: 'Cosmic Narrator', content: text });
      earlier.push(text);
    }
  });

  it('is what the local provider answers', async () => {
    await expect(new LocalAiProvider().narrate(request())).resolves.toBe(writeLocalNarration(request()));
  });
});
