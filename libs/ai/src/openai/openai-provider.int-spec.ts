/**
 * The OpenAI provider against a loopback fake of the OpenAI HTTP API (libs/testing),
 * through the real `openai` SDK. The chapter writer has its own spec beside this one.
 */
import sharp from 'sharp';
import { FAKE_STORY, type FakeOpenAiBehaviour } from '@starborn/testing';
import { heroFor } from '../__tests__/fixtures.js';
import { providerOn, theOneChat, useFakeOpenAi } from '../__tests__/openai.js';
import { createAiProvider } from '../config.js';
import { AiProviderError, AiQuotaExceededError } from '../errors.js';
import { imagePrompt } from '../prompts.js';
import { IMAGE_ANGLES } from '../types.js';
import { OpenAiProvider } from './openai-provider.js';

describe('OpenAiProvider against a loopback fake of the OpenAI API', () => {
  const openai = useFakeOpenAi();
  const { fake } = openai;
  const hero = heroFor('1991-04-02', 'Aria'); // Aries, Sheep/Goat

  it('writes the backstory with a chat completion built from the profile', async () => {
    const story = await openai.provider.generateBackstory(hero);
    expect(story).toBe(FAKE_STORY);
    const { system, user } = theOneChat(fake);
    expect(system).toMatch(/500 to 900 words/);
    expect(system).toMatch(/Markdown/);
    for (const s of [
      'Aria',
      'Aries',
      'Sheep/Goat',
      hero.chinese.element,
      hero.western.traits[0]!,
      hero.western.weaknesses[0]!,
    ]) {
      expect(user).toContain(s);
    }
  });

  it('generates three 1024×1024 PNGs (front, profile, action) with images.generate', async () => {
    const images = await openai.provider.generateHeroImages(hero);
    expect(images.map((i) => i.angle)).toEqual(['front', 'profile', 'action']);
    for (const img of images) {
      expect(await sharp(img.png).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    }
    expect(fake.requests).toHaveLength(3);
    const prompts = fake.requests.map((r) => {
      expect(r).toMatchObject({ endpoint: 'images', tag: '' });
      expect(r.body).toMatchObject({ model: 'gpt-image-1', size: '1024x1024', n: 1 });
      // GPT image models always answer in base64 and reject response_format.
      expect(r.body).not.toHaveProperty('response_format');
      const prompt = r.body.prompt as string;
      for (const s of ['Aria', 'Aries', 'Sheep/Goat']) expect(prompt).toContain(s);
      return prompt;
    });
    expect(new Set(prompts).size).toBe(3);
    expect(prompts.some((p) => /front view/i.test(p))).toBe(true);
    expect(prompts.some((p) => /side profile/i.test(p))).toBe(true);
    expect(prompts.some((p) => /action/i.test(p))).toBe(true);
    expect(images.map((i) => i.prompt).sort()).toEqual([...prompts].sort());
  });

  it('asks for the shots of the requested variant: a recreation sends new prompts for the same hero', async () => {
    const recreated = await openai.provider.generateHeroImages(hero, { variant: 1 });
    const sent = fake.requests.map((r) => r.body.prompt as string).sort();
    expect(sent).toEqual(IMAGE_ANGLES.map((angle) => imagePrompt(hero, angle, 1)).sort());
    expect(recreated.map((i) => i.prompt)).toEqual(IMAGE_ANGLES.map((angle) => imagePrompt(hero, angle, 1)));
    IMAGE_ANGLES.forEach((angle) =>
      expect(imagePrompt(hero, angle, 1)).not.toBe(imagePrompt(hero, angle, 0)),
    );
  });

  it('asks DALL·E models for b64_json', async () => {
    const dalle = providerOn(fake, { imageModel: 'dall-e-3' });
    await dalle.generateHeroImages(hero);
    for (const r of fake.requests)
      expect(r.body).toMatchObject({ model: 'dall-e-3', response_format: 'b64_json', size: '1024x1024' });
  });

  it('maps 429 insufficient_quota to AiQuotaExceededError without retrying', async () => {
    fake.chat = 'quota';
    fake.images = 'quota';
    const err = await openai.provider.generateBackstory(hero).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiQuotaExceededError);
    expect((err as Error).message).toMatch(/quota/i);
    expect(fake.requests).toHaveLength(1);

    fake.requests.length = 0;
    await expect(openai.provider.generateHeroImages(hero)).rejects.toBeInstanceOf(AiQuotaExceededError);
    expect(fake.requests).toHaveLength(3);
  });

  it('maps other 429s and 5xx to retryable AiProviderError, other 4xx to non-retryable', async () => {
    const noRetries = providerOn(fake, { maxRetries: 0 });
    const cases: [FakeOpenAiBehaviour, boolean, number][] = [
      ['rate-limit', true, 429],
      ['server-error', true, 500],
      ['bad-request', false, 400],
    ];
    for (const [behaviour, retryable, status] of cases) {
      fake.chat = behaviour;
      const err = await noRetries.generateBackstory(hero).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AiProviderError);
      expect(err).not.toBeInstanceOf(AiQuotaExceededError);
      expect(err).toMatchObject({ retryable, status });
    }
  });

  it('treats an empty completion as a retryable failure', async () => {
    fake.chatAnswers.push('');
    await expect(openai.provider.generateBackstory(hero)).rejects.toMatchObject({
      name: 'AiProviderError',
      retryable: true,
    });
  });

  it('maps connection failures to retryable AiProviderError', async () => {
    const dead = new OpenAiProvider({
      apiKey: 'k',
      baseURL: 'http://127.0.0.1:9/v1',
      textModel: 'm',
      imageModel: 'i',
      maxRetries: 0,
    });
    await expect(dead.generateBackstory(hero)).rejects.toMatchObject({
      name: 'AiProviderError',
      retryable: true,
    });
  });

  it('is what createAiProvider builds for AI_PROVIDER=openai', async () => {
    const p = createAiProvider({
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-from-env',
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_TEXT_MODEL: 'gpt-4.1-mini',
      OPENAI_IMAGE_MODEL: 'gpt-image-1',
    });
    expect(p.name).toBe('openai');
    await p.generateBackstory(hero);
    expect(fake.requests[0]).toMatchObject({
      authorization: 'Bearer sk-from-env',
      body: { model: 'gpt-4.1-mini' },
    });
  });
});
