import {
  CHAPTER_PACK_COUNT_INVALID,
  CHAPTER_PACK_SIZE,
  ErrorCodes,
  HERO_ID_PATTERN,
  PREMIUM_STORY_CHAPTERS,
  ServiceError,
} from '@starborn/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const MESSAGES = {
  heroId: 'The hero id must be 32 lowercase hexadecimal characters.',
  storyBookId: 'The storybook id must be a UUID.',
  userId: 'A valid user id is required.',
} as const;

const badRequest = (message: string) => new ServiceError(400, ErrorCodes.BAD_REQUEST, message);

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
export const isHeroId = (value: unknown): value is string =>
  typeof value === 'string' && HERO_ID_PATTERN.test(value);

/** An event's chapter reference: a storybook id, a chapter number of a story and an attempt from 1. */
export function isChapterRef(
  event: { storyBookId?: unknown; chapterNumber?: unknown; attempt?: unknown } | null,
): boolean {
  return (
    !!event &&
    isUuid(event.storyBookId) &&
    Number.isInteger(event.chapterNumber) &&
    (event.chapterNumber as number) >= 1 &&
    (event.chapterNumber as number) <= PREMIUM_STORY_CHAPTERS &&
    Number.isInteger(event.attempt) &&
    (event.attempt as number) >= 1
  );
}

export function validUserId(value: unknown): string {
  if (!isUuid(value)) throw badRequest(MESSAGES.userId);
  return value.toLowerCase();
}

export function validHeroId(value: unknown): string {
  if (!isHeroId(value)) throw badRequest(MESSAGES.heroId);
  return value;
}

export function validStoryBookId(value: unknown): string {
  if (!isUuid(value)) throw badRequest(MESSAGES.storyBookId);
  return value.toLowerCase();
}

/** Chapters are bought in packs: the count must be exactly one pack (a number, not "3"). */
export function validPackCount(value: unknown): number {
  if (value !== CHAPTER_PACK_SIZE) throw badRequest(CHAPTER_PACK_COUNT_INVALID);
  return value;
}
