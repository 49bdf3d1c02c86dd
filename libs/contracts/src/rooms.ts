/** Shared story rooms: the lobby, a room's messages and who is in it, and the messages around them. */

export const DEFAULT_ROOM_TITLE = 'Shared Cosmic Adventure';
/**
 * A room is active (listed in the lobby) while a hero is connected to it, or while a hero wrote in it
 * (or, before anyone wrote, it was created) within this window: joins, leaves and the narrator do not
 * keep an empty room listed.
 */
export const ROOM_IDLE_AFTER_MS = 10 * 60 * 1000;
/**
 * A hero whose last socket left the room is announced as gone ("left the story") only once it has
 * stayed away this long: a reload or a dropped connection that comes back in time writes nothing.
 */
export const ROOM_LEAVE_GRACE_MS = 60 * 1000;
/** How many connected heroes a lobby row names (the live counts cover the rest). */
export const ROOM_ROW_HEROES_LIMIT = 12;
/** How many of the latest messages a joining hero receives. */
export const ROOM_HISTORY_LIMIT = 100;
export const ROOM_MESSAGE_MAX_LENGTH = 1000;
/** The narrator answers after every third non-system message of a room. */
export const NARRATOR_EVERY_MESSAGES = 3;
/**
 * Once the room is told the narrator is writing (`narrator_typing`), its line is held back until at
 * least this long afterwards, so everyone sees the indicator for a readable moment before the reply.
 */
export const NARRATOR_MIN_TYPING_MS = 1_500;
/**
 * The one reserved sender id of the API contract: the narrator's and the room's own lines carry it
 * (told apart by `kind`). Never a hero id (those are 32 hex characters).
 */
export const RESERVED_SENDER_ID = 'system';

export const ROOM_MESSAGES = {
  selectHeroFirst: 'Please select a hero first',
  premiumRequiredToCreate: 'Only premium heroes can create shared story rooms',
  spectatorCannotSend: 'Only premium heroes can send messages',
  roomNotFound: 'Room not found.',
  messageEmpty: 'Please enter a message.',
  messageTooLong: `Messages can be at most ${ROOM_MESSAGE_MAX_LENGTH} characters.`,
  messageInvalidText: 'Messages may not contain NUL characters or broken Unicode.',
  rateLimited: 'You are sending messages too quickly. Please wait a moment.',
  notAuthenticated: 'Please authenticate before joining a room.',
  notInRoom: 'Please join a room before sending messages.',
  heroNotFound: 'Hero not found.',
  invalidToken: 'Authentication failed. Please sign in again.',
  hostOnly: "Only the room's host can change it.",
  roomClosed: 'This room is closed.',
  removedFromRoom: 'You were removed from this room.',
  inviteRequired: 'This room is invite-only. Ask its host for an invite link.',
  titleRequired: 'Please enter a title.',
  titleInvalidText: 'Titles may not contain NUL characters or broken Unicode.',
  heroNotInRoom: 'That hero is not in this room.',
  hostCannotBeRemoved: 'The host cannot be removed from the room.',
  nothingToChange: 'Give a new title, inviteOnly or rotateInvite.',
  joinRateLimited: 'You are joining rooms too quickly. Please wait a moment and try again.',
  signedOut: 'You were signed out. Please sign in again.',
} as const;

export type RoomRole = 'participant' | 'spectator';
export type ChatMessageKind = 'hero' | 'narrator' | 'system';

/** A room as the rooms service lists it; the gateway adds the live counts. */
export interface RoomListItem {
  id: string;
  title: string;
  created: string;
  updated: string;
  /** The room's last hero message, or null when no hero has written yet. */
  lastMessageAt: string | null;
  /** The hero hosting the room. */
  host: RoomHostHeroDto;
}

/** The host hero as the lobby shows it. */
export interface RoomHostHeroDto {
  id: string;
  name: string;
  avatar: string | null;
}

/** `rooms.list-active`: the rooms with a hero connected now stay listed however quiet they are. */
export interface ListActiveRoomsQuery {
  connectedRoomIds?: string[];
}

/** A hero connected to a room now, as the lobby shows it. */
export interface RoomPresentHeroDto {
  id: string;
  name: string;
  /** The hero's first image (a signed media URL), or null. */
  avatar: string | null;
  role: RoomRole;
}

/** The lobby's row: counts are heroes connected to the room now, across gateway instances. */
export interface RoomSummaryDto {
  id: string;
  title: string;
  created: string;
  updated: string;
  /** The room's last hero message, or null when no hero has written yet. */
  lastMessageAt: string | null;
  host: RoomHostHeroDto;
  participantCount: number;
  spectatorCount: number;
  /** Who is inside now: participants first, at most ROOM_ROW_HEROES_LIMIT (the counts are complete). */
  heroes: RoomPresentHeroDto[];
}

export interface RoomParticipantDto {
  id: string;
  name: string;
  /** The hero's first image (a signed media URL), or null. */
  avatar: string | null;
  isPremium: boolean;
}

export interface RoomDetailDto {
  id: string;
  title: string;
  participants: RoomParticipantDto[];
  /** The hero that created the room: it alone (through its owner) changes the room. */
  hostHeroId: string;
  /** Out of the lobby; only holders of the invite link (and heroes already in it) join. */
  inviteOnly: boolean;
  /** Closed by its host: out of the lobby, read-only history for the heroes that were in it. */
  closed: boolean;
  /** The secret of the invite link (`?invite=`), given to the host's owner alone. */
  inviteToken?: string;
}

/** The body of `PATCH /api/shared-story/{roomId}`: what the host changes (at least one). */
export interface RoomSettingsChange {
  title?: string;
  inviteOnly?: boolean;
  /** A new invite token: links shared before stop working. */
  rotateInvite?: boolean;
}

/** The host's owner changes the room (the gateway passes the signed-in user). */
export interface UpdateRoomCommand extends RoomSettingsChange {
  roomId: string;
  userId: string;
}

export interface RemoveRoomHeroCommand {
  roomId: string;
  userId: string;
  heroId: string;
}

export interface CloseRoomCommand {
  roomId: string;
  userId: string;
}

export interface ChatMessageDto {
  id: string;
  content: string;
  timestamp: string;
  /** 'narrator' and 'system' lines both have `sender.id` RESERVED_SENDER_ID. */
  kind: ChatMessageKind;
  sender: { id: string; name: string; avatar: string | null };
}

/** The socket `room_joined` event. */
export interface RoomJoinedDto {
  roomId: string;
  isPremium: boolean;
  role: RoomRole;
  messages: ChatMessageDto[];
  /** The narrator is writing its next line right now (the joining client shows the indicator). */
  narratorTyping: boolean;
  /** The room is closed: the history is shown read-only. */
  closed: boolean;
}

/** `room_updated`: the host changed the room (title, invite-only) or closed it. */
export interface RoomUpdatedEvent {
  roomId: string;
  title: string;
  inviteOnly: boolean;
  closed: boolean;
}

/**
 * `room_presence`: who is connected to the room now (across gateway instances), sent to the room
 * whenever a hero's socket comes in or goes. Live state, never stored in the transcript.
 */
export interface RoomPresenceEvent {
  roomId: string;
  heroes: RoomPresentHeroDto[];
}

/** `hero_removed`: the host removed a hero; its sockets are disconnected right after. */
export interface HeroRemovedEvent {
  roomId: string;
  heroId: string;
}

/** A hero as the gateway verified it for a socket (owner checked through heroes). */
export interface RoomHeroRef {
  userId: string;
  heroId: string;
  name: string;
  avatar: string | null;
  isPremium: boolean;
}

/** The gateway verified the creator's hero (owner, premium) through heroes before asking. */
export interface CreateRoomCommand {
  creator: RoomHeroRef;
  title?: string;
}

export interface RoomQuery {
  roomId: string;
  /** The asking user: the host's owner also gets the invite token. */
  userId?: string;
  /**
   * The invite link's token: an invite-only room's detail is shown only to its members (the host's
   * owner, people with a hero in it) and to holders of its current invite token; 404 for anyone else.
   */
  inviteToken?: string;
}

export interface JoinRoomCommand {
  roomId: string;
  hero: RoomHeroRef;
  /** The invite link's token; needed for an invite-only room the hero is not in yet. */
  inviteToken?: string;
}

export interface LeaveRoomCommand {
  roomId: string;
  hero: RoomHeroRef;
}

export interface SendRoomMessageCommand {
  roomId: string;
  hero: RoomHeroRef;
  message: string;
}

/** Job: write the narrator's next line for a room (`intro` for a new room's opening). */
export interface NarratorJob {
  roomId: string;
  /** The id of the message that triggered it (or 'intro'); part of the deterministic job id. */
  triggerId: string;
  intro: boolean;
}

/**
 * What the narrator writer needs: the room's heroes, its recent conversation (a window long enough to
 * read the scene from), and the narrator's own earlier lines in the room, which it must not repeat.
 */
export interface NarratorContext {
  roomId: string;
  title: string;
  intro: boolean;
  heroes: {
    name: string;
    westernSign: string;
    westernElement: string;
    chineseSign: string;
    chineseElement: string;
  }[];
  recent: { kind: ChatMessageKind; senderName: string; content: string }[];
  /** The narrator's lines in the room so far, oldest first (the latest of them when there are very many). */
  earlierNarration: string[];
}

export interface NarratorRepliedEvent {
  roomId: string;
  triggerId: string;
  content: string;
  provider: string;
}

export interface NarratorFailedEvent {
  roomId: string;
  triggerId: string;
  reason: string;
  quotaExceeded: boolean;
}

/** Socket.io room (gateway-side) of a shared story room; the rooms service emits to it through Redis. */
export const storyRoomChannel = (roomId: string) => `story:${roomId}`;
/** The sockets of one hero in one story room (on any gateway instance): removing the hero drops them. */
export const storyRoomHeroChannel = (roomId: string, heroId: string) => `story:${roomId}:hero:${heroId}`;
/** The sockets of one person (any of their heroes) in one story room: removing the person drops them. */
export const storyRoomUserChannel = (roomId: string, userId: string) => `story:${roomId}:user:${userId}`;

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
  roomUpdated: 'room_updated',
  heroRemoved: 'hero_removed',
  /** Who is connected to the room now (RoomPresenceEvent). */
  presence: 'room_presence',
  error: 'error',
} as const;
