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
