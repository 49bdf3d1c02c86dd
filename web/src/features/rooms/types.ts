/**
 * Shared story rooms as the web app reads them (spec §3 Room, Message, Room joined). These mirror
 * the rooms contract (libs/contracts, rooms.ts); contract.spec.ts fails when the two drift apart.
 * Server answers go through the normalise functions, so a missing field never breaks a screen.
 */

export const DEFAULT_ROOM_TITLE = 'Shared Cosmic Adventure';
/** The one reserved sender id of narrator and system messages (never a hero id); `kind` tells them apart. */
export const RESERVED_SENDER_ID = 'system';
export const ROOM_MESSAGE_MAX_LENGTH = 1000;
/** Spec §9: the narrator answers every third user message. */
export const NARRATOR_EVERY_MESSAGES = 3;
/** Spec §9 */
export const AUTO_SCROLL_THRESHOLD_PX = 100;

export const RoomSocketEvents = {
  authenticate: 'authenticate',
  authenticated: 'authenticated',
  authenticationError: 'authentication_error',
  joinRoom: 'join_room',
  roomJoined: 'room_joined',
  sendMessage: 'send_message',
  message: 'message',
  narratorTyping: 'narrator_typing',
  /** The narrator stopped writing without a line (it failed again while already silent). */
  narratorIdle: 'narrator_idle',
  error: 'error',
} as const;

export type RoomRole = 'participant' | 'spectator';
export type ChatMessageKind = 'hero' | 'narrator' | 'system';

/** A hero connected to a room now, as a lobby row shows it. */
export interface RoomPresentHero {
  id: string;
  name: string;
  avatar: string | null;
  role: RoomRole;
}

export interface RoomSummary {
  id: string;
  title: string;
  created: string;
  updated: string;
  participantCount: number;
  spectatorCount: number;
  /** Who is inside now, participants first (possibly fewer than the counts). */
  heroes: RoomPresentHero[];
}

export interface RoomParticipant {
  id: string;
  name: string;
  avatar: string | null;
  isPremium: boolean;
}

export interface RoomDetail {
  id: string;
  title: string;
  participants: RoomParticipant[];
}

export interface ChatMessage {
  id: string;
  content: string;
  timestamp: string;
  kind: ChatMessageKind;
  sender: { id: string; name: string; avatar: string | null };
}

export interface RoomJoined {
  roomId: string;
  isPremium: boolean;
  role: RoomRole;
  messages: ChatMessage[];
  /** The narrator is writing right now (the server says so on joining). */
  narratorTyping: boolean;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback = ''): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback;
const count = (v: unknown): number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;
const nullableStr = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const titleOf = (v: unknown): string => (typeof v === 'string' && v.trim() !== '' ? v : DEFAULT_ROOM_TITLE);

export function normalizeRoomSummary(value: unknown): RoomSummary | null {
  if (!isObject(value)) return null;
  const id = str(value.id) || str(value.roomId);
  if (!id) return null;
  return {
    id,
    title: titleOf(value.title),
    created: str(value.created),
    updated: str(value.updated) || str(value.created),
    participantCount: count(value.participantCount),
    spectatorCount: count(value.spectatorCount),
    heroes: Array.isArray(value.heroes) ? value.heroes.flatMap(presentHero) : [],
  };
}

function presentHero(value: unknown): RoomPresentHero[] {
  if (!isObject(value)) return [];
  const id = str(value.id);
  if (!id) return [];
  const role = value.role === 'participant' ? 'participant' : 'spectator';
  return [{ id, name: str(value.name), avatar: nullableStr(value.avatar), role }];
}

/** GET /api/shared-story answers a list; `{ rooms }` is accepted too. */
export function normalizeRoomList(value: unknown): RoomSummary[] {
  const list = Array.isArray(value) ? value : isObject(value) ? value.rooms : undefined;
  if (!Array.isArray(list)) return [];
  return list.map(normalizeRoomSummary).filter((room): room is RoomSummary => room !== null);
}

export function normalizeRoomDetail(value: unknown, roomId: string): RoomDetail {
  const body = isObject(value) ? value : {};
  const participants = Array.isArray(body.participants) ? body.participants : [];
  return {
    id: str(body.id) || roomId,
    title: titleOf(body.title),
    participants: participants.filter(isObject).flatMap((p) => {
      const id = str(p.id);
      if (!id) return [];
      return [{ id, name: str(p.name), avatar: nullableStr(p.avatar), isPremium: p.isPremium === true }];
    }),
  };
}

/**
 * The kind of a message: never 'hero' when the sender is the reserved id (a hero-looking kind from the
 * reserved id is not trusted); otherwise its own field, else 'system' for the reserved id.
 */
function kindOf(value: Loose, senderId: string): ChatMessageKind {
  if (senderId === RESERVED_SENDER_ID) return value.kind === 'narrator' ? 'narrator' : 'system';
  if (value.kind === 'narrator' || value.kind === 'system') return value.kind;
  return 'hero';
}

export function normalizeChatMessage(value: unknown): ChatMessage | null {
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

export function normalizeRoomJoined(value: unknown): RoomJoined | null {
  if (!isObject(value)) return null;
  const messages = Array.isArray(value.messages) ? value.messages : [];
  return {
    roomId: str(value.roomId),
    isPremium: value.isPremium === true,
    role: value.role === 'participant' ? 'participant' : 'spectator',
    messages: messages.map(normalizeChatMessage).filter((m): m is ChatMessage => m !== null),
    narratorTyping: value.narratorTyping === true,
  };
}

/** The `message` of an error-like socket payload ({ message }), or the fallback. */
export function payloadMessage(payload: unknown, fallback: string): string {
  if (typeof payload === 'string' && payload.trim() !== '') return payload;
  if (isObject(payload) && typeof payload.message === 'string' && payload.message.trim() !== '') {
    return payload.message;
  }
  return fallback;
}
