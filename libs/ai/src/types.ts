/** The three camera angles of a hero's images, in the order providers return them. */
export type ImageAngle = 'front' | 'profile' | 'action';

export const IMAGE_ANGLES: readonly ImageAngle[] = Object.freeze(['front', 'profile', 'action'] as const);

import type { PlannedScene, StoryPlan } from './story-plan.js';

/** What a provider needs to know about a hero (its id, name, westernZodiac and chineseZodiac). */
export interface HeroProfile {
  /** 32 hex characters; the seed of everything the local provider makes. */
  heroId: string;
  name: string;
  western: {
    /** e.g. 'Aries' */
    sign: string;
    dateRange: string;
    /** 'Fire' | 'Earth' | 'Air' | 'Water' */
    element: string;
    traits: string[];
    strengths: string[];
    weaknesses: string[];
  };
  chinese: {
    /** e.g. 'Sheep/Goat' */
    sign: string;
    /** e.g. 'Yang Wood' */
    element: string;
    years: number[];
    traits: string[];
    compatibility: string[];
  };
}

export interface HeroImageOptions {
  /** 0 for the hero's first art, 1… for each recreation (default 0). */
  variant?: number;
}

export interface GeneratedImage {
  angle: ImageAngle;
  /** What the image shows, worded like an image-model prompt. */
  prompt: string;
  /** A 1024×1024 PNG. */
  png: Buffer;
}

/** What the writer of chapter n knows about chapter n − 1. */
export interface PreviousChapter {
  chapterNumber: number;
  title: string;
  /** Two to four sentences written for the next chapter's writer. */
  summary: string;
}

/** One chapter of a hero's storybook to write (see the StoryBook and Chapter contracts). */
export interface ChapterRequest {
  hero: HeroProfile;
  /** 1 … chaptersTotalCount. */
  chapterNumber: number;
  /** The story's length; chapter `chaptersTotalCount` brings the story to a close. */
  chaptersTotalCount: number;
  /** Null for chapter 1. */
  previousChapter: PreviousChapter | null;
  /**
   * Every chapter written before this one, oldest first (the last is `previousChapter`). Absent in
   * requests made before plans existed: then `[previousChapter]` when there is one.
   */
  previousChapters?: PreviousChapter[];
  /** The book's story plan, already revised for this chapter (see story-plan.ts). */
  plan?: StoryPlan;
}

export interface WrittenChapter {
  /** The chapter's title, without "Chapter N:". */
  title: string;
  /** 600–1,200 words of prose, starting with the heading `# Chapter N: Title`. */
  markdown: string;
  /** Two to four sentences for the writer of the next chapter. */
  summary: string;
}

export interface AiProvider {
  /** 'local' | 'openai' */
  readonly name: string;
  /**
   * Exactly three images: front, profile, action (in that order). `variant` 0 is the hero's first art;
   * each recreation asks for the next variant, which must look different (another pose, setting, light).
   */
  generateHeroImages(hero: HeroProfile, options?: HeroImageOptions): Promise<GeneratedImage[]>;
  /** A markdown backstory of roughly 500–900 words. */
  generateBackstory(hero: HeroProfile): Promise<string>;
  /** One chapter of the hero's storybook, continuing from the previous chapter's summary. */
  writeChapter(request: ChapterRequest): Promise<WrittenChapter>;
  /**
   * The narrator's next line in a shared story room: two to five sentences of plain prose in the voice of a
   * cosmic storyteller, weaving in the heroes' names, signs and elements and what was just said (for an
   * intro, opening the room's story).
   */
  narrate(request: NarrationRequest): Promise<string>;
  /**
   * The illustration of one written chapter: a landscape picture of the chapter's setting and moment
   * with the hero in it (the hero as its portraits show it), and words describing it.
   */
  illustrateChapter(request: IllustrationRequest): Promise<ChapterIllustration>;
}

/** One written chapter to illustrate. */
export interface IllustrationRequest {
  hero: HeroProfile;
  chapterNumber: number;
  title: string;
  /** The chapter's markdown, as written. */
  markdown: string;
  /** The chapter's scene from the story plan; without it the scene is read from the text. */
  scene?: PlannedScene;
  /** What each member of the story's cast is ('a red fox', 'a ferrywoman'), so the picture can draw the scene's companions. */
  cast?: { name: string; kind: string }[];
}

export interface ChapterIllustration {
  /** A landscape PNG of `width` × `height` pixels. */
  png: Buffer;
  width: number;
  height: number;
  /** What the picture shows, in words (its alt text). */
  alt: string;
}

/** A hero of a shared story room as the narrator knows it; a sign or element may be '' when unknown. */
export interface NarrationHero {
  name: string;
  westernSign: string;
  westernElement: string;
  chineseSign: string;
  /** e.g. 'Yang Wood' */
  chineseElement: string;
}

/** One line of the room's conversation, oldest first. */
export interface NarrationLine {
  kind: 'hero' | 'narrator' | 'system';
  senderName: string;
  content: string;
}

/** What the narrator of a shared story room answers (the room's NarratorContext plus what asked). */
export interface NarrationRequest {
  roomId: string;
  /** The message that asked for this line (or 'intro'): with the room id, the local narrator's seed. */
  triggerId: string;
  title: string;
  /** True for a new room's opening. */
  intro: boolean;
  heroes: NarrationHero[];
  recent: NarrationLine[];
  /**
   * The narrator's earlier lines in the room, oldest first (those in `recent` may be among them): what it
   * must not say again.
   */
  earlierNarration?: string[];
}
