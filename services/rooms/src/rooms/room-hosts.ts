import {
  ErrorCodes,
  isAcceptableText,
  ROOM_MESSAGES,
  ServiceError,
  type RoomSettingsChange,
} from '@starborn/contracts';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ParticipantRow, RoomRow } from './room.queries.js';
import { validTitle } from './validation.js';

/**
 * What a room's host may do and who may come in: pure rules over the stored room and participant rows,
 * so the service only loads, decides and stores.
 */

/** An invite token: 192 random bits, URL-safe (32 characters). */
export const newInviteToken = (): string => randomBytes(24).toString('base64url');

const forbidden = (message: string) => new ServiceError(403, ErrorCodes.FORBIDDEN, message);
const badRequest = (message: string) => new ServiceError(400, ErrorCodes.BAD_REQUEST, message);
export const roomClosed = () => new ServiceError(409, ErrorCodes.CONFLICT, ROOM_MESSAGES.roomClosed);

type RoomAccess = Pick<RoomRow, 'invite_only' | 'invite_token' | 'closed_at'>;

/** The token of a link matches the room's (compared in constant time). */
export function inviteMatches(room: Pick<RoomRow, 'invite_token'>, given: unknown): boolean {
  if (typeof given !== 'string' || !given) return false;
  const expected = Buffer.from(room.invite_token);
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * How a hero comes into a room: 'join' (takes a seat), 'read' (a closed room's history, for heroes that
 * were in it), or a refusal. A removed person never comes back, with any of their heroes, invite or not;
 * an invite-only room lets in the heroes already in it and holders of its current invite token.
 */
export function joinAccess(
  room: RoomAccess,
  participant: Pick<ParticipantRow, 'removed_at'> | undefined,
  inviteToken: unknown,
  personRemoved = false,
): 'join' | 'read' {
  if (participant?.removed_at || personRemoved) throw forbidden(ROOM_MESSAGES.removedFromRoom);
  if (room.closed_at) {
    if (participant) return 'read';
    throw forbidden(ROOM_MESSAGES.roomClosed);
  }
  if (room.invite_only && !participant && !inviteMatches(room, inviteToken))
    throw forbidden(ROOM_MESSAGES.inviteRequired);
  return 'join';
}

/**
 * Whether `userId` may see the room's detail: anyone for a public room; for an invite-only one its
 * members (the host's owner, a person with a hero in it) and holders of its current invite token, never
 * a removed person. Everyone else is told the room does not exist.
 */
export function canSeeDetail(
  room: Pick<RoomRow, 'invite_only' | 'invite_token' | 'host_user_id'>,
  viewer: { userId: unknown; inRoom: boolean; removed: boolean; inviteToken: unknown },
): boolean {
  if (!room.invite_only) return true;
  if (typeof viewer.userId === 'string' && viewer.userId.toLowerCase() === room.host_user_id) return true;
  if (viewer.removed) return false;
  return viewer.inRoom || inviteMatches(room, viewer.inviteToken);
}

/** Only the user owning the host hero changes the room, and only while it is open. */
export function assertHostOf(room: Pick<RoomRow, 'host_user_id' | 'closed_at'>, userId: unknown): void {
  if (typeof userId !== 'string' || userId.toLowerCase() !== room.host_user_id)
    throw forbidden(ROOM_MESSAGES.hostOnly);
  if (room.closed_at) throw roomClosed();
}

/**
 * The host's change as the room stores it: a title through the same validation as at creation (an empty
 * one is refused rather than replaced by a default), invite-only on or off, and a new invite token when
 * asked for or when the room becomes invite-only (so links shared before it was public do not leak in).
 */
export function settingsChange(
  change: RoomSettingsChange,
  room: Pick<RoomRow, 'invite_only'>,
): { title: string | null; inviteOnly: boolean | null; inviteToken: string | null } {
  const { title: rawTitle, inviteOnly, rotateInvite } = change ?? {};
  if (rawTitle === undefined && inviteOnly === undefined && rotateInvite === undefined)
    throw badRequest(ROOM_MESSAGES.nothingToChange);
  let title: string | null = null;
  if (rawTitle !== undefined) {
    // PostgreSQL stores no NUL character: refused here rather than failing the statement.
    if (typeof rawTitle === 'string' && !isAcceptableText(rawTitle))
      throw badRequest(ROOM_MESSAGES.titleInvalidText);
    title = validTitle(rawTitle);
    if (title === null) throw badRequest(ROOM_MESSAGES.titleRequired);
  }
  if (inviteOnly !== undefined && typeof inviteOnly !== 'boolean')
    throw badRequest('inviteOnly must be true or false.');
  if (rotateInvite !== undefined && typeof rotateInvite !== 'boolean')
    throw badRequest('rotateInvite must be true or false.');
  const becomesInviteOnly = inviteOnly === true && !room.invite_only;
  return {
    title,
    inviteOnly: inviteOnly ?? null,
    inviteToken: rotateInvite === true || becomesInviteOnly ? newInviteToken() : null,
  };
}
