/**
 * Shared story rooms as the web app reads them. Their shapes, event names and limits are the API's
 * own (libs/contracts, rooms.ts): the types are imported as types, the few constants are plain
 * values of that package (no server code comes with them).
 *
 * Socket payloads arrive untyped at run time, so the two the room view keeps (room joined, message)
 * still go through a reader here: it drops what carries no id and never lets the reserved sender
 * id pass for a hero.
 */
import { RESERVED_SENDER_ID } from '@starborn/contracts';
import type {
  ChatMessageDto,
  ChatMessageKind,
  HeroRemovedEvent,
  RoomDetailDto,
  RoomJoinedDto,
  RoomPresenceEvent,
  RoomPresentHeroDto,
  RoomRole,
  RoomSettingsChange,
  RoomSummaryDto,
  RoomUpdatedEvent,
} from '@starborn/contracts';

export {
  DEFAULT_ROOM_TITLE,
  NARRATOR_EVERY_MESSAGES,
  RESERVED_SENDER_ID,
  ROOM_MESSAGE_MAX_LENGTH,
  RoomSocketEvents,
} from '@starborn/contracts';
export type { ChatMessageKind, HeroRemovedEvent, RoomRole, RoomSettingsChange, RoomUpdatedEvent };
export type RoomPresentHero = RoomPresentHeroDto;
export type RoomSummary = RoomSummaryDto;
export type RoomDetail = RoomDetailDto;
export type ChatMessage = ChatMessageDto;
export type RoomJoined = RoomJoinedDto;

/** The room view follows new messages while the reader is within this distance of the bottom. */
export const AUTO_SCROLL_THRESHOLD_PX = 100;

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback = ''): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback;
const nullableStr = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The kind of a message: never 'hero' when the sender is the reserved id (a hero-looking kind from the
 * reserved id is not trusted); otherwise its own field, else 'system' for the reserved id.
 */
function kindOf(value: Loose, senderId: string): ChatMessageKind {
  if (senderId === RESERVED_SENDER_ID) return value.kind === 'narrator' ? 'narrator' : 'system';
  if (value.kind === 'narrator' || value.kind === 'system') return value.kind;
  return 'hero';
}

export function normalizeChatMessage(value: unknown): ChatMessageDto | null {
  if (!isObject(value)) return null;
  const id = str(value.id);
  if (!id) return null;
  const sender = isObject(value.sender) ? value.sender : {};
  const senderId = str(sender.id);
  return {
    id,
    content: str(value.content),
    timestamp: str(value.timestamp),
    kind: kindOf(value, senderId),
    sender: { id: senderId, name: str(sender.name), avatar: nullableStr(sender.avatar) },
  };
}

export function normalizeRoomJoined(value: unknown): RoomJoinedDto | null {
  if (!isObject(value)) return null;
  const messages = Array.isArray(value.messages) ? value.messages : [];
  return {
    roomId: str(value.roomId),
    isPremium: value.isPremium === true,
    role: value.role === 'participant' ? 'participant' : 'spectator',
    messages: messages.map(normalizeChatMessage).filter((m): m is ChatMessageDto => m !== null),
    narratorTyping: value.narratorTyping === true,
    closed: value.closed === true,
  };
}

/** `room_updated`: the host renamed, opened up or closed the room (null: not for any room). */
export function normalizeRoomUpdated(value: unknown): RoomUpdatedEvent | null {
  if (!isObject(value) || typeof value.roomId !== 'string') return null;
  return {
    roomId: value.roomId,
    title: str(value.title),
    inviteOnly: value.inviteOnly === true,
    closed: value.closed === true,
  };
}

/** `hero_removed`: the hero the host removed (null when the payload names none). */
export function normalizeHeroRemoved(value: unknown): HeroRemovedEvent | null {
  if (!isObject(value) || typeof value.roomId !== 'string' || typeof value.heroId !== 'string') return null;
  return { roomId: value.roomId, heroId: value.heroId };
}

/** The `message` of an error-like socket payload ({ message }), or the fallback. */
export function payloadMessage(payload: unknown, fallback: string): string {
  if (typeof payload === 'string' && payload.trim() !== '') return payload;
  if (isObject(payload) && typeof payload.message === 'string' && payload.message.trim() !== '') {
    return payload.message;
  }
  return fallback;
}

/** `room_presence`: who is connected to the room now (null: not for any room). */
export function normalizeRoomPresence(value: unknown): RoomPresenceEvent | null {
  if (!isObject(value) || typeof value.roomId !== 'string' || !Array.isArray(value.heroes)) return null;
  const heroes = value.heroes.filter(isObject).map((hero) => ({
    id: str(hero.id),
    name: str(hero.name),
    avatar: nullableStr(hero.avatar),
    role: hero.role === 'participant' ? ('participant' as const) : ('spectator' as const),
  }));
  return { roomId: value.roomId, heroes: heroes.filter((hero) => hero.id !== '') };
}
