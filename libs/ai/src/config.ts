import { z } from 'zod';
import { AiConfigError } from './errors.js';
import { LocalAiProvider } from './local/local-provider.js';
import { OpenAiProvider } from './openai/openai-provider.js';
import type { AiProvider } from './types.js';

export interface AiConfig {
  AI_PROVIDER: 'local' | 'openai';
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_TEXT_MODEL: string;
  OPENAI_IMAGE_MODEL: string;
}

/** Empty environment variables (`OPENAI_API_KEY=`) count as unset. */
const optionalString = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().min(1).optional(),
);

/** The AI part of a service's environment, with defaults. Merge its `.shape` into a service schema. */
export const aiEnvSchema = z.object({
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url().optional(),
  ),
  OPENAI_TEXT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
});

/** Parses the AI variables from an environment (default `process.env`); throws AiConfigError when invalid. */
export function parseAiEnv(env: Record<string, string | undefined> = process.env): AiConfig {
  const parsed = aiEnvSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new AiConfigError(`Invalid AI configuration: ${details}`);
  }
  // Drop unset optional keys so `'OPENAI_API_KEY' in config` means it was given.
  return Object.fromEntries(
    Object.entries(parsed.data).filter(([, v]) => v !== undefined),
  ) as unknown as AiConfig;
}

/** The provider chosen by the configuration. AI_PROVIDER=openai without OPENAI_API_KEY throws AiConfigError. */
export function createAiProvider(config: AiConfig): AiProvider {
  switch (config.AI_PROVIDER) {
    case 'local':
      return new LocalAiProvider();
    case 'openai': {
      const apiKey = config.OPENAI_API_KEY?.trim();
      if (!apiKey) {
        throw new AiConfigError(
          'AI_PROVIDER=openai requires OPENAI_API_KEY; set it, or use AI_PROVIDER=local (offline, no key).',
        );
      }
      if (!config.OPENAI_TEXT_MODEL || !config.OPENAI_IMAGE_MODEL) {
        throw new AiConfigError('AI_PROVIDER=openai requires OPENAI_TEXT_MODEL and OPENAI_IMAGE_MODEL.');
      }
      return new OpenAiProvider({
        apiKey,
        ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}),
        textModel: config.OPENAI_TEXT_MODEL,
        imageModel: config.OPENAI_IMAGE_MODEL,
      });
    }
    default:
      throw new AiConfigError(
        `Unknown AI_PROVIDER '${String((config as { AI_PROVIDER: unknown }).AI_PROVIDER)}'; use 'local' or 'openai'.`,
      );
  }
}
