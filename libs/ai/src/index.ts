export {
  type ImageAngle,
  IMAGE_ANGLES,
  type HeroProfile,
  type GeneratedImage,
  type AiProvider,
} from './types.js';
export { AiQuotaExceededError, AiProviderError, AiConfigError } from './errors.js';
export { type AiConfig, aiEnvSchema, parseAiEnv, createAiProvider } from './config.js';
export { LocalAiProvider, type LocalAiProviderOptions } from './local/local-provider.js';
export { OpenAiProvider, type OpenAiProviderOptions, mapOpenAiError } from './openai/openai-provider.js';
export { toWebp } from './webp.js';
export {
  type Constellation,
  type ConstellationStar,
  type ProjectedConstellation,
  CONSTELLATIONS,
  constellationFor,
  projectConstellation,
} from './local/constellations.js';
export { EMBLEM_ANIMALS, emblemSvg } from './local/emblems.js';
export {
  composeHeroArt,
  composeHeroArts,
  renderHeroImages,
  ART_SIZE,
  type RenderOptions,
} from './local/art.js';
export { generateBackstoryMarkdown, countWords, MIN_WORDS, MAX_WORDS } from './local/backstory.js';
export { imagePrompt, backstoryUserPrompt, BACKSTORY_SYSTEM_PROMPT } from './prompts.js';
