export {
  type ImageAngle,
  IMAGE_ANGLES,
  type HeroProfile,
  type GeneratedImage,
  type HeroImageOptions,
  type AiProvider,
  type ChapterRequest,
  type PreviousChapter,
  type WrittenChapter,
  type NarrationHero,
  type NarrationLine,
  type NarrationRequest,
  type IllustrationRequest,
  type ChapterIllustration,
} from './types.js';
export {
  type StoryPlan,
  type StoryState,
  type ArcStage,
  ARC_STAGES,
  type CastMember,
  type PlannedPlace,
  type PlannedChapter,
  type PlannedScene,
  type Landscape,
  type PlanTimeOfDay,
  type PlanWeather,
  type SceneAction,
  type SceneKind,
} from './story-plan.js';
export {
  planStory,
  revisePlan,
  sceneOfChapter,
  type PlanOptions,
  type RevisionOptions,
} from './local/story/plan.js';
export { shingles, jaccard, meanPairwise, wordsOf, openingSentence } from './variety/text.js';
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
export { emblemSvg } from './local/emblems.js';
export {
  composeHeroArt,
  composeHeroArts,
  describeHeroShot,
  renderHeroImages,
  ART_SIZE,
  type RenderOptions,
} from './local/art.js';
export { dHash, hamming, meanHammingDistance } from './variety/image.js';
export { generateBackstoryMarkdown, countWords, MIN_WORDS, MAX_WORDS } from './local/backstory.js';
export {
  imagePrompt,
  backstoryUserPrompt,
  BACKSTORY_SYSTEM_PROMPT,
  chapterUserPrompt,
  CHAPTER_SYSTEM_PROMPT,
  NARRATOR_SYSTEM_PROMPT,
  NARRATOR_PROMPT_LINES,
  NARRATOR_PROMPT_EARLIER_LINES,
  narratorUserPrompt,
} from './prompts.js';
export {
  CHAPTER_MIN_WORDS,
  CHAPTER_MAX_WORDS,
  SUMMARY_MIN_SENTENCES,
  SUMMARY_MAX_SENTENCES,
  SCENE_BREAK,
  chapterHeading,
  sentencesOf,
} from './chapter-format.js';
export { writeLocalChapter } from './local/chapter.js';
export { readChapterAnswer, type ChapterAnswer } from './openai/chapter-answer.js';
export { writeLocalNarration, NARRATION_MIN_SENTENCES, NARRATION_MAX_SENTENCES } from './local/narrator.js';
export {
  sceneOf,
  describeScene,
  type Scene as NarrationScene,
  type Holding as NarrationHolding,
} from './local/narrator/scene.js';
export {
  understandLine,
  prepareUnderstanding as prepareLocalNarrator,
  type Action as NarrationAction,
  type Question as NarrationQuestion,
  type Thing as NarrationThing,
} from './local/narrator/understand.js';
export { escapeMarkdown, escapeQuotedNames } from './markdown-escape.js';
export {
  composeChapterIllustration,
  renderChapterIllustration,
  type DrawnScene,
  type DrawnCompanion,
  ILLUSTRATION_WIDTH,
  ILLUSTRATION_HEIGHT,
} from './local/illustration.js';
export { readChapterScene, type ChapterScene } from './local/chapter-scene.js';
export { illustrationPrompt, keySentences } from './illustration-prompt.js';
