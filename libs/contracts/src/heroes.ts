/** Heroes as the API shows them, and the messages of the heroes service. */
export type HeroStatus = 'pending' | 'generating' | 'complete' | 'error';
export type PaymentStatus = 'unpaid' | 'paid';
export const IMAGE_ANGLES = ['front', 'profile', 'action'] as const;
export type ImageAngle = (typeof IMAGE_ANGLES)[number];

/** Client-made hero ids: a random GUID without dashes. */
export const HERO_ID_PATTERN = /^[0-9a-f]{32}$/;
export const HERO_NAME_MAX_LENGTH = 60;
/** What an unpaid owner reads of the backstory, before the ellipsis. */
export const BACKSTORY_PREVIEW_LENGTH = 300;
export const NON_PREMIUM_LIMIT_ERROR = 'You already have a non-premium hero';
export const NON_PREMIUM_LIMIT_MESSAGE =
  'You can only have one non-premium hero at a time. Please upgrade your existing hero to premium before creating a new one.';

export interface WesternZodiacDto {
  sign: string;
  dateRange: string;
  element: string;
  traits: string[];
  strengths: string[];
  weaknesses: string[];
}

export interface ChineseZodiacDto {
  sign: string;
  element: string;
  years: number[];
  traits: string[];
  compatibility: string[];
}

export interface HeroImageDto {
  /** A signed /media URL; ends in .png, and the same URL with .webp serves the WebP rendering. */
  url: string;
  /**
   * The widths the picture is also served at as AVIF and WebP: the same URL with `.png` replaced by
   * `.w<width>.avif` or `.w<width>.webp`. Absent from servers that predate them.
   */
  widths?: number[];
  angle: ImageAngle;
  prompt: string;
  /** A blurred, watermarked preview shown in place of an image the viewer has not unlocked. */
  locked: boolean;
}

export interface HeroDto {
  id: string;
  heroId: string;
  name: string;
  heroName: string;
  birthdate: string;
  westernZodiac: WesternZodiacDto;
  chineseZodiac: ChineseZodiacDto;
  zodiacInfo: { western: WesternZodiacDto; chinese: ChineseZodiacDto };
  images: HeroImageDto[];
  backstory: string;
  /** True when the backstory was cut for an unpaid viewer. */
  backstoryTruncated: boolean;
  status: HeroStatus;
  paymentStatus: PaymentStatus;
  nftId: string | null;
  createdAt: string;
  updatedAt: string;
  /** The art version shown (0 the first art, 1…3 a recreation); `images` are that version's. */
  artVersion?: number;
  /** How many recreations of the art the owner may still ask for (0 for a hero that is not premium). */
  artRecreationsLeft?: number;
}

/** A premium hero's art can be made anew this many times (versions 1…3; version 0 is the first art). */
export const ART_RECREATIONS_MAX = 3;

/** 'generating' while the job runs; 'failed' does not use up a recreation (the next one retries it). */
export type ArtVersionStatus = 'generating' | 'ready' | 'failed';

/** One version of a hero's art, as its owner's gallery shows it. */
export interface ArtVersionDto {
  version: number;
  status: ArtVersionStatus;
  createdAt: string;
  /** The version's three images, in the shape of the hero answer's (empty until ready). */
  images: HeroImageDto[];
  /** True for the version the hero page, share card and book show. */
  current: boolean;
}

export interface ArtVersionsDto {
  versions: ArtVersionDto[];
  recreationsLeft: number;
}

export interface HeroArtQuery {
  userId: string;
  heroId: string;
}

export interface ChooseArtCommand {
  userId: string;
  heroId: string;
  version: number;
}

export interface CreateHeroCommand {
  userId: string;
  heroId: string;
  heroName: string;
  birthdate: string;
}

export interface HeroQuery {
  userId: string;
  heroId: string;
  /** Render as the unpaid preview whatever the payment status ('preview-' ids). */
  preview?: boolean;
}

export interface ListHeroesQuery {
  userId: string;
}

export interface GenerateHeroCommand {
  userId: string;
  heroId: string;
}

/** What the generation workers need to know of a hero. */
export interface HeroProfileDto {
  heroId: string;
  name: string;
  birthdate: string;
  western: WesternZodiacDto;
  chinese: ChineseZodiacDto;
  /** The hero's backstory once generated (the storybook's plan draws on it); absent before. */
  backstory?: string;
}

export interface GeneratedImageRef {
  angle: ImageAngle;
  prompt: string;
  /** Storage keys without extension; each exists as .png and .webp. */
  fullKey: string;
  previewKey: string;
}

export interface HeroGeneratedEvent {
  heroId: string;
  attempt: number;
  images: GeneratedImageRef[];
  /** Empty for a recreation (variant > 0): a recreation makes images only and the backstory stays. */
  backstory: string;
  provider: string;
  /** The art version made: absent or 0 for the first generation, 1…3 for a recreation. */
  variant?: number;
}

export interface HeroGenerationFailedEvent {
  heroId: string;
  attempt: number;
  reason: string;
  quotaExceeded: boolean;
  /** As in HeroGeneratedEvent. */
  variant?: number;
}

/** Which files of a hero a viewer may read (media access is decided by the heroes service). */
export interface MediaAccessQuery {
  userId: string | null;
  heroId: string;
}
