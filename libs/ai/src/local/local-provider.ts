import type {
  AiProvider,
  ChapterIllustration,
  ChapterRequest,
  IllustrationRequest,
  GeneratedImage,
  HeroImageOptions,
  HeroProfile,
  NarrationRequest,
  WrittenChapter,
} from '../types.js';
import { ART_SIZE, renderHeroImages } from './art.js';
import { generateBackstoryMarkdown } from './backstory.js';
import { writeLocalChapter } from './chapter.js';
import { renderChapterIllustration } from './illustration.js';
import { writeLocalNarration } from './narrator.js';

export interface LocalAiProviderOptions {
  /**
   * Output size of the images in pixels (default 1024, the product's size). Smaller values are
   * meant only for fast tests; the artwork is the same, just rendered smaller.
   */
  imageSize?: number;
}

/**
 * The default provider: offline, no keys, deterministic per hero id. Images are seeded procedural
 * artwork (SVG composed here, rendered by sharp); the backstory and the storybook's chapters come
 * from seeded grammars, the shared rooms' narrator from a seeded composition that reads the conversation, a chapter's
 * illustration from the scene its text describes.
 */
export class LocalAiProvider implements AiProvider {
  readonly name = 'local';
  private readonly imageSize: number;

  constructor(options: LocalAiProviderOptions = {}) {
    const size = options.imageSize ?? ART_SIZE;
    if (!Number.isInteger(size) || size < 16 || size > 4096)
      throw new RangeError(`imageSize must be an integer from 16 to 4096, got ${size}`);
    this.imageSize = size;
  }

  async generateHeroImages(hero: HeroProfile, options: HeroImageOptions = {}): Promise<GeneratedImage[]> {
    return renderHeroImages(hero, { size: this.imageSize, variant: options.variant ?? 0 });
  }

  async generateBackstory(hero: HeroProfile): Promise<string> {
    return generateBackstoryMarkdown(hero);
  }

  async writeChapter(request: ChapterRequest): Promise<WrittenChapter> {
    return writeLocalChapter(request);
  }

  async narrate(request: NarrationRequest): Promise<string> {
    return writeLocalNarration(request);
  }

  async illustrateChapter(request: IllustrationRequest): Promise<ChapterIllustration> {
    return renderChapterIllustration(request);
  }
}
