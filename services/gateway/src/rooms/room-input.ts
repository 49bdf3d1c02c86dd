import {
  HERO_ID_PATTERN,
  isAcceptableText,
  ROOM_MESSAGE_MAX_LENGTH,
  ROOM_MESSAGES,
} from '@starborn/contracts';

/**
 * Checks of what a browser sends about shared story rooms, before anything is asked of a service.
 * Pure functions: each answers the value to use, or the product's message to show.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Room ids are UUIDs (the rooms service's); anything else names no room. */
const ROOM_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isRoomId = (value: unknown): value is string =>
  typeof value === 'string' && ROOM_ID_PATTERN.test(value);

/** A socket event's payload as an object (browsers may send anything, or nothing). */
export function payloadOf(payload: unknown): Record<string, unknown> {
  return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
    ? (payload as Record<string, unknown>)
    : {};
}

/** A chat message: trimmed, not empty, at most ROOM_MESSAGE_MAX_LENGTH characters. */
export function checkMessage(raw: unknown): Checked<string> {
  const message = typeof raw === 'string' ? raw.trim() : '';
  if (!message) return { ok: false, message: ROOM_MESSAGES.messageEmpty };
  if (message.length > ROOM_MESSAGE_MAX_LENGTH) return { ok: false, message: ROOM_MESSAGES.messageTooLong };
  if (!isAcceptableText(message)) return { ok: false, message: ROOM_MESSAGES.messageInvalidText };
  return { ok: true, value: message };
}

/** The hero a socket speaks as: required, and shaped like a hero id (else no such hero of the user). */
export function checkHeroId(raw: unknown): Checked<string> {
  if (typeof raw !== 'string' || !raw.trim()) return { ok: false, message: ROOM_MESSAGES.selectHeroFirst };
  const heroId = raw.trim();
  if (!HERO_ID_PATTERN.test(heroId)) return { ok: false, message: ROOM_MESSAGES.heroNotFound };
  return { ok: true, value: heroId };
}
