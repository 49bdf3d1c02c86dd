/**
 * The OpenAI provider's specs run the real `openai` SDK against the repository's fake OpenAI API
 * (libs/testing): one fake per spec file, started before its tests and reset before each.
 */
import { FakeOpenAi } from '@starborn/testing';
import { OpenAiProvider, type OpenAiProviderOptions } from '../openai/openai-provider.js';

export const TEST_API_KEY = 'sk-test-123';

/** A provider on the fake, with the test key and models; `options` overrides them. */
export function providerOn(fake: FakeOpenAi, options: Partial<OpenAiProviderOptions> = {}): OpenAiProvider {
  return new OpenAiProvider({
    apiKey: TEST_API_KEY,
    baseURL: fake.baseURL,
    textModel: 'gpt-4o-mini',
    imageModel: 'gpt-image-1',
    ...options,
  });
}

/** The spec file's fake and its provider (set once the fake has started). */
export function useFakeOpenAi(options: Partial<OpenAiProviderOptions> = {}): {
  fake: FakeOpenAi;
  provider: OpenAiProvider;
} {
  const setup = { fake: new FakeOpenAi(), provider: undefined as unknown as OpenAiProvider };
  beforeAll(async () => {
    await setup.fake.start();
    setup.provider = providerOn(setup.fake, options);
  });
  afterAll(() => setup.fake.stop());
  beforeEach(() => setup.fake.reset());
  return setup;
}

/**
 * The one request the provider sent: a chat completion (POST /v1/chat/completions) with the test key
 * and text model, a system prompt then a user prompt. Answers its body and the two prompts.
 */
export function theOneChat(fake: FakeOpenAi): {
  body: Record<string, unknown>;
  system: string;
  user: string;
} {
  expect(fake.requests).toHaveLength(1);
  const [sent] = fake.requests;
  expect(sent).toMatchObject({
    endpoint: 'chat',
    tag: '',
    authorization: `Bearer ${TEST_API_KEY}`,
    body: { model: 'gpt-4o-mini' },
  });
  const messages = sent!.body.messages as { role: string; content: string }[];
  expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
  return { body: sent!.body, system: messages[0]!.content, user: messages[1]!.content };
}
