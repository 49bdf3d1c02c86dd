import type { HeroStatus } from './heroes.js';
import {
  RoomSocketEvents,
  type ChatMessageDto,
  type HeroRemovedEvent,
  type RoomJoinedDto,
  type RoomPresenceEvent,
  type RoomUpdatedEvent,
} from './rooms.js';

/** Names shared by the gateway's socket.io server and the services that push through it. */
export const SocketRooms = {
  user: (userId: string) => `user:${userId}`,
} as const;

export const SocketEvents = {
  heroStatus: 'hero_status',
  apiError: 'api_error',
} as const;

export interface HeroStatusEvent {
  heroId: string;
  status: 'pending' | 'generating' | 'complete' | 'error';
  /** Present when the change is an art recreation: the version now ready or failed. */
  artVersion?: number;
}

export interface ApiErrorEvent {
  errorType: 'quota_exceeded';
  message: string;
}

/** Redis key of the AI-quota flag: set when the provider reports an exhausted quota, for 15 minutes. */
export const aiQuotaKey = (prefix: string) => `${prefix}:ai:quota-exceeded`;
export const AI_QUOTA_FLAG_SECONDS = 15 * 60;
export const QUOTA_EXCEEDED_MESSAGE = 'OpenAI API quota exceeded. Please try again later or contact support.';

/** Redis pub/sub channel on which hero status changes are announced to gateway instances. */
export const heroStatusChannel = (prefix: string) => `${prefix}:hero-status`;

/**
 * The Redis key (channel prefix) of socket.io's pub/sub: every gateway instance's adapter and the rooms
 * service's @socket.io/redis-emitter use this one, so a story room spans every gateway instance.
 */
export const socketIoRedisKey = (prefix: string) => `${prefix}:socket.io`;

/**
 * A hero's status change as the heroes service announces it on `heroStatusChannel` (Redis pub/sub, JSON).
 * Every gateway instance hears it: it wakes a waiting generate request and becomes the owner's
 * `hero_status` socket event (with `api_error` when the AI quota ran out).
 */
export interface HeroStatusNotice {
  heroId: string;
  userId: string;
  status: HeroStatus;
  quotaExceeded?: boolean;
  /** Set when the change is an art recreation: the version that is now ready or failed. */
  artVersion?: number;
}

/** The socket `authenticated` event: the hero a story-room socket now speaks as. */
export interface RoomAuthenticatedEvent {
  heroId: string;
  isPremium: boolean;
}

/** A refusal shown to the user (`authentication_error`, `error`). */
export interface SocketMessageEvent {
  message: string;
}

/** `narrator_typing` and `narrator_idle`: the room whose narrator started or stopped writing. */
export interface NarratorActivityEvent {
  roomId: string;
}

/** The story-room socket events a browser sends. Their payloads are untrusted: the gateway checks them. */
export interface RoomAuthenticatePayload {
  token: string;
  heroId: string;
}
export interface JoinRoomPayload {
  roomId: string;
  /** The token of an invite link (`?invite=`), for an invite-only room. */
  invite?: string;
}
export interface SendMessagePayload {
  message: string;
}

/**
 * Every socket.io event the browser sends, with its payload: socket.io's `ListenEvents` on the server
 * (`Server<ClientToServerEvents, ServerToClientEvents>`) and `EmitEvents` on the client.
 */
export interface ClientToServerEvents {
  [RoomSocketEvents.authenticate]: (payload: RoomAuthenticatePayload) => void;
  [RoomSocketEvents.joinRoom]: (payload: JoinRoomPayload) => void;
  [RoomSocketEvents.sendMessage]: (payload: SendMessagePayload) => void;
}

/** Every socket.io event the server sends (the gateway, or the rooms service through Redis), with its payload. */
export interface ServerToClientEvents {
  [SocketEvents.heroStatus]: (event: HeroStatusEvent) => void;
  [SocketEvents.apiError]: (event: ApiErrorEvent) => void;
  [RoomSocketEvents.authenticated]: (event: RoomAuthenticatedEvent) => void;
  [RoomSocketEvents.authenticationError]: (event: SocketMessageEvent) => void;
  [RoomSocketEvents.roomJoined]: (event: RoomJoinedDto) => void;
  [RoomSocketEvents.message]: (message: ChatMessageDto) => void;
  [RoomSocketEvents.narratorTyping]: (event: NarratorActivityEvent) => void;
  [RoomSocketEvents.narratorIdle]: (event: NarratorActivityEvent) => void;
  [RoomSocketEvents.roomUpdated]: (event: RoomUpdatedEvent) => void;
  [RoomSocketEvents.heroRemoved]: (event: HeroRemovedEvent) => void;
  [RoomSocketEvents.presence]: (event: RoomPresenceEvent) => void;
  [RoomSocketEvents.error]: (event: SocketMessageEvent) => void;
}
