import { aiEnvSchema, createAiProvider, parseAiEnv } from './config.js';
import { AiConfigError } from './errors.js';
import { LocalAiProvider } from './local/local-provider.js';
import { OpenAiProvider } from './openai/openai-provider.js';

describe('AI configuration', () => {
  it('defaults to the local provider and the documented models', () => {
    expect(aiEnvSchema.parse({})).toEqual({
      AI_PROVIDER: 'local',
      OPENAI_TEXT_MODEL: 'gpt-4o-mini',
      OPENAI_IMAGE_MODEL: 'gpt-image-1',
    });
    expect(parseAiEnv({ UNRELATED: 'x' })).toEqual({
      AI_PROVIDER: 'local',
      OPENAI_TEXT_MODEL: 'gpt-4o-mini',
      OPENAI_IMAGE_MODEL: 'gpt-image-1',
    });
  });

  it('reads all variables and treats empty ones as unset', () => {
    expect(
      parseAiEnv({
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-1',
        OPENAI_BASE_URL: 'http://127.0.0.1:4010/v1',
        OPENAI_TEXT_MODEL: 'gpt-4.1-mini',
        OPENAI_IMAGE_MODEL: 'dall-e-3',
      }),
    ).toEqual({
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-1',
      OPENAI_BASE_URL: 'http://127.0.0.1:4010/v1',
      OPENAI_TEXT_MODEL: 'gpt-4.1-mini',
      OPENAI_IMAGE_MODEL: 'dall-e-3',
    });
    expect(parseAiEnv({ OPENAI_API_KEY: '', OPENAI_BASE_URL: '' })).not.toHaveProperty('OPENAI_API_KEY');
  });

  it('rejects unknown providers and malformed URLs with a clear error', () => {
    expect(() => parseAiEnv({ AI_PROVIDER: 'anthropic' })).toThrow(AiConfigError);
    expect(() => parseAiEnv({ AI_PROVIDER: 'anthropic' })).toThrow(/AI_PROVIDER/);
    expect(() => parseAiEnv({ OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
  });

  it('can be merged into a service schema', () => {
    expect(Object.keys(aiEnvSchema.shape).sort()).toEqual([
      'AI_PROVIDER',
      'OPENAI_API_KEY',
      'OPENAI_BASE_URL',
      'OPENAI_IMAGE_MODEL',
      'OPENAI_TEXT_MODEL',
    ]);
  });

  it('creates the local provider by default', () => {
    const p = createAiProvider(parseAiEnv({}));
    expect(p).toBeInstanceOf(LocalAiProvider);
    expect(p.name).toBe('local');
  });

  it('refuses openai without a key, naming the variable', () => {
    const config = parseAiEnv({ AI_PROVIDER: 'openai', OPENAI_API_KEY: '  ' });
    expect(() => createAiProvider(config)).toThrow(AiConfigError);
    expect(() => createAiProvider(config)).toThrow(/OPENAI_API_KEY/);
    expect(() => createAiProvider({ ...config, OPENAI_API_KEY: '   ' })).toThrow(/OPENAI_API_KEY/);
  });

  it('creates the openai provider with a key', () => {
    const p = createAiProvider(parseAiEnv({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-1' }));
    expect(p).toBeInstanceOf(OpenAiProvider);
    expect(p.name).toBe('openai');
  });

  it('rejects an unknown provider passed directly', () => {
    expect(() =>
      createAiProvider({ AI_PROVIDER: 'other' as 'local', OPENAI_TEXT_MODEL: 'a', OPENAI_IMAGE_MODEL: 'b' }),
    ).toThrow(AiConfigError);
  });
});
