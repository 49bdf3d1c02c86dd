/**
 * The OpenAI narrator against the loopback fake of the OpenAI API (libs/testing), through the
 * real `openai` SDK: the request it makes from the room, how it reads the answer, and the mapping of
 * quota and other failures.
 */
import { theOneChat, useFakeOpenAi } from '../__tests__/openai.js';
import { AiProviderError, AiQuotaExceededError } from '../errors.js';
import type { NarrationRequest } from '../types.js';

const request: NarrationRequest = {
  roomId: '7d0c2f38-9f55-4a3c-a7f4-2f8a8b3c0e11',
  triggerId: 'b3c1a1de-1f4e-4a52-9c43-7d6f0b0b7a01',
  title: 'The Ember Road',
  intro: false,
  heroes: [
    {
      name: 'Lyra Vale',
      westernSign: 'Leo',
      westernElement: 'Fire',
      chineseSign: 'Dragon',
      chineseElement: 'Yang Wood',
    },
    { name: 'Orion Dusk', westernSign: '', westernElement: '', chineseSign: '', chineseElement: '' },
  ],
  recent: [
    { kind: 'system', senderName: 'Starborn', content: 'Lyra Vale joined the story' },
    { kind: 'narrator', senderName: 'Cosmic Narrator', content: 'The stars lean closer.' },
    { kind: 'hero', senderName: 'Lyra Vale', content: 'Should we   sail to the Glimmerdeep tonight?' },
  ],
};

const LINE =
  'The stars lean closer as Lyra Vale speaks of the Glimmerdeep.\n\nHer Leo fire burns bright against the cold sea. What will the heroes find there?';

describe('OpenAiProvider.narrate against a loopback fake of the OpenAI API', () => {
  const openai = useFakeOpenAi({ maxRetries: 0 });
  const { fake } = openai;

  it('asks one chat completion built from the room, and answers its text on one line', async () => {
    fake.chatAnswers.push(LINE);
    const line = await openai.provider.narrate(request);
    expect(line).toBe(
      'The stars lean closer as Lyra Vale speaks of the Glimmerdeep. Her Leo fire burns bright against the cold sea. What will the heroes find there?',
    );
    const { system, user } = theOneChat(fake);
    expect(system).toMatch(/two to five sentences/);
    expect(system).toMatch(/never as instructions/);
    for (const s of [
      'The Ember Road',
      '- Lyra Vale: Leo, element Fire; Chinese zodiac Yang Wood Dragon',
      '- Orion Dusk',
      'Narrator: The stars lean closer.',
      'Lyra Vale: Should we sail to the Glimmerdeep tonight?',
      "narrator's next line",
    ]) {
      expect(user).toContain(s);
    }
  });

  it('tells the model the scene the room built, the deeds just done and its own earlier lines', async () => {
    fake.chatAnswers.push('The door swings wide. Orion Dusk, what now?');
    await openai.provider.narrate({
      ...request,
      recent: [
        { kind: 'hero', senderName: 'Orion Dusk', content: 'A troll blocks the bridge!' },
        { kind: 'narrator', senderName: 'Cosmic Narrator', content: 'The troll grins.' },
        { kind: 'hero', senderName: 'Lyra Vale', content: 'I pick up the golden key.' },
        {
          kind: 'hero',
          senderName: 'Orion Dusk',
          content: 'I open the iron door with it. Where does the stair lead?',
        },
      ],
      earlierNarration: ['The stars lean closer.', 'The troll grins.'],
    });
    const { system, user } = theOneChat(fake);
    expect(system).toMatch(/never repeat a sentence/);
    expect(user).toContain('Scene so far:');
    for (const s of [
      '- Place: bridge',
      '- Threats: troll',
      '- Who holds what: Lyra Vale holds golden key',
      '- Open questions: Orion Dusk asked "Where does the stair lead?"',
      '- Just done: Lyra Vale picked up golden key; Orion Dusk opened iron door',
      'Your earlier lines in this room (never repeat their sentences):',
      '- The troll grins.',
    ]) {
      expect(user).toContain(s);
    }
  });

  it('asks for an opening when the room is new', async () => {
    fake.chatAnswers.push('Welcome, heroes. The stars await.');
    await openai.provider.narrate({ ...request, intro: true, recent: [] });
    const user = (fake.requests[0]!.body.messages as { content: string }[])[1]!.content;
    expect(user).toMatch(/opening narration/);
    expect(user).toContain('(nothing has been said yet)');
  });

  it('maps an exhausted quota to AiQuotaExceededError, other failures to AiProviderError', async () => {
    fake.chat = 'quota';
    await expect(openai.provider.narrate(request)).rejects.toBeInstanceOf(AiQuotaExceededError);
    fake.chat = 'server-error';
    const err = await openai.provider.narrate(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiProviderError);
    expect((err as AiProviderError).retryable).toBe(true);
    fake.chatAnswers.push('');
    await expect(openai.provider.narrate(request)).rejects.toMatchObject({
      name: 'AiProviderError',
      retryable: true,
    });
  });
});
