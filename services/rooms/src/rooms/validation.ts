import {
  ErrorCodes,
  HERO_ID_PATTERN,
  isAcceptableText,
  MODERATION_MESSAGES,
  ROOM_MESSAGE_MAX_LENGTH,
  ROOM_MESSAGES,
  ServiceError,
  type RoomHeroRef,
  userTextProblem,
} from '@starborn/contracts';
import { isRefusedLanguage } from '@starborn/moderation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Titles longer than this are cut (the lobby shows one line). */
export const ROOM_TITLE_MAX_LENGTH = 120;
const NAME_MAX_LENGTH = 200;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

const badRequest = (message: string) => new ServiceError(400, ErrorCodes.BAD_REQUEST, message);
/** Text the content filter refuses; the message names the field, never the refused words. */
const notAllowed = (message: string) => new ServiceError(400, ErrorCodes.CONTENT_NOT_ALLOWED, message);
/** Text holding characters user text may not (controls, bidi overrides), as every service refuses it. */
const invalidText = (message: string) => new ServiceError(400, ErrorCodes.VALIDATION_FAILED, message);
export const roomNotFound = () => new ServiceError(404, ErrorCodes.NOT_FOUND, ROOM_MESSAGES.roomNotFound);

/** A room id as stored (lower case); anything that is not a UUID names no room. */
export function validRoomId(value: unknown): string {
  if (!isUuid(value)) throw roomNotFound();
  return value.toLowerCase();
}

/** The hero the gateway verified; only its shape is checked here. */
export function validHero(value: unknown): RoomHeroRef {
  const hero = value as Partial<RoomHeroRef> | null | undefined;
  if (!hero || typeof hero !== 'object') throw badRequest(ROOM_MESSAGES.selectHeroFirst);
  if (typeof hero.heroId !== 'string' || !HERO_ID_PATTERN.test(hero.heroId))
    throw badRequest(ROOM_MESSAGES.selectHeroFirst);
  if (!isUuid(hero.userId)) throw badRequest('A valid user id is required.');
  const name = typeof hero.name === 'string' ? hero.name.trim().slice(0, NAME_MAX_LENGTH) : '';
  return {
    userId: hero.userId.toLowerCase(),
    heroId: hero.heroId,
    name: name || 'Hero',
    avatar: typeof hero.avatar === 'string' && hero.avatar ? hero.avatar : null,
    isPremium: hero.isPremium === true,
  };
}

/** The trimmed text of a chat message, or the refusal the sender reads. */
export function validMessage(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw badRequest(ROOM_MESSAGES.messageEmpty);
  if (text.length > ROOM_MESSAGE_MAX_LENGTH) throw badRequest(ROOM_MESSAGES.messageTooLong);
  if (!isAcceptableText(text)) throw badRequest(ROOM_MESSAGES.messageInvalidText);
  // A chat line is one line: the chat box sends no line break.
  const problem = userTextProblem(text);
  if (problem) throw invalidText(problem);
  if (isRefusedLanguage(text)) throw notAllowed(MODERATION_MESSAGES.chatMessage);
  return text;
}

/** A title given at creation or rename, or null for the default. */
export function validTitle(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Checked before spaces are folded: a tab or line break in a title is a control character too.
  const problem = userTextProblem(value);
  if (problem) throw invalidText(problem);
  const title = value.replace(/\s+/g, ' ').trim().slice(0, ROOM_TITLE_MAX_LENGTH);
  if (title && isRefusedLanguage(title)) throw notAllowed(MODERATION_MESSAGES.roomTitle);
  return title || null;
}
