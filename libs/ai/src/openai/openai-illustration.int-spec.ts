/**
 * A chapter's illustration with the OpenAI provider, against the loopback fake of the OpenAI API
 * (libs/testing) through the real `openai` SDK: the request it sends and the picture it answers.
 */
import sharp from 'sharp';
import { heroFor } from '../__tests__/fixtures.js';
import { providerOn, TEST_API_KEY, useFakeOpenAi } from '../__tests__/openai.js';
import { AiProviderError, AiQuotaExceededError } from '../errors.js';
import { illustrationPrompt } from '../illustration-prompt.js';
import { ILLUSTRATION_HEIGHT, ILLUSTRATION_WIDTH } from '../local/illustration.js';
import type { IllustrationRequest } from '../types.js';

describe('OpenAiProvider.illustrateChapter against a loopback fake of the OpenAI API', () => {
  const openai = useFakeOpenAi();
  const { fake } = openai;
  const request: IllustrationRequest = {
    hero: heroFor('1991-04-02', 'Aria'), // Aries, Sheep/Goat
    chapterNumber: 2,
    title: 'The Salt Road',
    markdown:
      '# Chapter 2: The Salt Road\n\nAria reached the salt town at dusk. Waves broke on the harbour wall, and gulls cried.',
  };

  it('asks the image model once for a landscape picture of the chapter, and scales it to the product size', async () => {
    const illustration = await openai.provider.illustrateChapter(request);

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({
      endpoint: 'images',
      authorization: `Bearer ${TEST_API_KEY}`,
      body: { model: 'gpt-image-1', n: 1, size: '1536x1024' },
    });
    expect(sent!.body).not.toHaveProperty('response_format');
    const prompt = sent!.body.prompt as string;
    expect(prompt).toBe(illustrationPrompt(request));
    for (const words of [
      'Chapter 2',
      'The Salt Road',
      'Waves broke on the harbour wall',
      'Aria',
      'Aries',
      'Goat',
    ])
      expect(prompt).toContain(words);

    expect(illustration).toMatchObject({ width: ILLUSTRATION_WIDTH, height: ILLUSTRATION_HEIGHT });
    expect(await sharp(illustration.png).metadata()).toMatchObject({
      format: 'png',
      width: ILLUSTRATION_WIDTH,
      height: ILLUSTRATION_HEIGHT,
    });
    expect(illustration.alt).toContain('Aria');
    expect(illustration.alt).toContain('The Salt Road');
  });

  it('asks DALL·E models for their landscape size in base64', async () => {
    await providerOn(fake, { imageModel: 'dall-e-3' }).illustrateChapter(request);
    expect(fake.requests[0]!.body).toMatchObject({
      model: 'dall-e-3',
      size: '1792x1024',
      response_format: 'b64_json',
    });
  });

  it('reports an exhausted quota as such and other failures as retryable provider errors', async () => {
    fake.images = 'quota';
    await expect(openai.provider.illustrateChapter(request)).rejects.toBeInstanceOf(AiQuotaExceededError);
    fake.images = 'server-error';
    const error = await providerOn(fake, { maxRetries: 0 })
      .illustrateChapter(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).toMatchObject({ retryable: true, status: 500 });
    expect((error as Error).message).toMatch(/illustration of chapter 2/);
  });
});
