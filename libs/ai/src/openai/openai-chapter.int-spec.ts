/**
 * The OpenAI chapter writer against the loopback fake of the OpenAI API (libs/testing),
 * through the real `openai` SDK: the request it makes, how it reads the answer, one corrective
 * follow-up for a bad answer, and the mapping of quota and other failures.
 */
import { theOneChat, useFakeOpenAi } from '../__tests__/openai.js';
import { heroFor, proseFor } from '../__tests__/fixtures.js';
import { countWords } from '../chapter-format.js';
import { AiProviderError, AiQuotaExceededError } from '../errors.js';
import type { ChapterRequest } from '../types.js';

const hero = heroFor('1991-04-02', 'Aria'); // Aries, Sheep/Goat
const request: ChapterRequest = {
  hero,
  chapterNumber: 4,
  chaptersTotalCount: 10,
  previousChapter: {
    chapterNumber: 3,
    title: 'The Salt Town',
    summary:
      'Aria reached the salt town of Velmere, where the stars were going out. A tinker named Ilse joined the company.',
  },
};

/** Prose of a realistic length, as a model would write it (without our heading). */
const prose = proseFor({ ...request, previousChapter: null });
const SUMMARY =
  'Aria crossed the Glass Causeway with Ilse. The guardian of the mist tested her. She goes on to the Ember Market.';
const goodAnswer = JSON.stringify({
  title: 'The Glass Causeway',
  markdown: `# The Glass Causeway\n\n${prose}`,
  summary: SUMMARY,
});

describe('OpenAiProvider.writeChapter against a loopback fake of the OpenAI API', () => {
  const openai = useFakeOpenAi({ maxRetries: 0 });
  const { fake } = openai;

  it('asks for a JSON chapter built from the hero, the position and the previous summary', async () => {
    fake.chatAnswers.push(goodAnswer);
    const chapter = await openai.provider.writeChapter(request);

    expect(chapter).toEqual({
      title: 'The Glass Causeway',
      markdown: `# Chapter 4: The Glass Causeway\n\n${prose}\n`,
      summary: SUMMARY,
    });
    const { body, system, user } = theOneChat(fake);
    expect(body).toMatchObject({ response_format: { type: 'json_object' } });
    expect(system).toMatch(/JSON/);
    expect(system).toMatch(/"title"/);
    expect(system).toMatch(/600/);
    expect(system).toMatch(/1,200/);
    expect(system).toMatch(/# Chapter N: Title/);
    for (const fact of [
      'Aria',
      'Aries',
      'Fire',
      'Sheep/Goat',
      hero.chinese.element,
      hero.western.traits[0]!,
    ]) {
      expect(user).toContain(fact);
    }
    expect(user).toContain('Chapter 4 of 10');
    expect(user).toContain(request.previousChapter!.summary);
    expect(user).toContain('"The Salt Town"');
  });

  it('tells the model when the chapter must end the story', async () => {
    fake.chatAnswers.push(goodAnswer);
    await openai.provider.writeChapter({ ...request, chapterNumber: 10 });
    const user = (fake.requests[0]!.body.messages as { content: string }[])[1]!.content;
    expect(user).toContain('Chapter 10 of 10');
    expect(user).toMatch(/last chapter: bring the story to a close/);
  });

  it('maps 429 insufficient_quota to AiQuotaExceededError without asking again', async () => {
    fake.chat = 'quota';
    const error = await openai.provider.writeChapter(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiQuotaExceededError);
    expect((error as Error).message).toMatch(/quota exhausted during chapter 4/);
    expect(fake.requests).toHaveLength(1);
  });

  it('maps other failures like the other calls: 5xx retryable, other 4xx not', async () => {
    fake.chat = 'server-error';
    await expect(openai.provider.writeChapter(request)).rejects.toMatchObject({
      name: 'AiProviderError',
      retryable: true,
      status: 500,
    });
    fake.chat = 'bad-request';
    await expect(openai.provider.writeChapter(request)).rejects.toMatchObject({
      name: 'AiProviderError',
      retryable: false,
      status: 400,
    });
  });

  it('asks once more, naming the problem, when the answer is malformed, and uses the corrected answer', async () => {
    fake.chatAnswers.push('Once upon a time, Aria…', goodAnswer);
    const chapter = await openai.provider.writeChapter(request);
    expect(chapter.title).toBe('The Glass Causeway');
    expect(fake.requests).toHaveLength(2);
    const followUp = fake.requests[1]!.body.messages as { role: string; content: string }[];
    expect(followUp.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(followUp[2]!.content).toBe('Once upon a time, Aria…');
    expect(followUp[3]!.content).toMatch(/not a JSON object/);
  });

  it('asks once more when the chapter is too short, and fails retryably if it stays unusable', async () => {
    const short = JSON.stringify({
      title: 'Brief',
      markdown: prose.split(' ').slice(0, 200).join(' '),
      summary: SUMMARY,
    });
    fake.chatAnswers.push(short, short);
    const error = await openai.provider.writeChapter(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).not.toBeInstanceOf(AiQuotaExceededError);
    expect(error).toMatchObject({
      retryable: true,
      message: expect.stringMatching(/unusable chapter 4: the chapter has \d+ words/),
    });
    expect(fake.requests).toHaveLength(2);
    expect((fake.requests[1]!.body.messages as { content: string }[])[3]!.content).toMatch(/600 to 1,200/);
  });

  it('asks again after an empty answer, without echoing it', async () => {
    fake.chatAnswers.push('', goodAnswer);
    const chapter = await openai.provider.writeChapter(request);
    expect(countWords(chapter.markdown)).toBeGreaterThanOrEqual(600);
    expect(fake.requests).toHaveLength(2);
    expect((fake.requests[1]!.body.messages as unknown[]).length).toBe(2);
  });
});
