import type { ClientToServerEvents, RoomHeroRef, RoomRole, ServerToClientEvents } from '@starborn/contracts';
import type { Server, Socket } from 'socket.io';
import type { SessionClaims } from '../auth/session-store.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';

/**
 * What a socket carries (socket.data). The Redis adapter hands it to every gateway instance that asks
 * who is in a room (fetchSockets), so the lobby's counts come from here.
 */
export interface StorySocketData {
  user?: AuthenticatedUser;
  /** The id of the token the socket signed in with: signing that token out disconnects the socket. */
  tokenId?: string;
  /** That token's session, checked again before every room action (it may have ended since). */
  session?: SessionClaims;
  /** The hero the socket speaks as, verified as the user's own through heroes. */
  hero?: RoomHeroRef;
  /** The shared story room the socket is in (one at a time), and its role there. */
  roomId?: string;
  role?: RoomRole;
}

/** Gateway instances send each other nothing of their own through the adapter. */
export type NoServerSideEvents = Record<string, never>;

/**
 * The gateway's socket.io server, typed by the event map in libs/contracts: what browsers may send,
 * what the server sends them (with payloads), and what each socket carries.
 */
export type GatewayServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  NoServerSideEvents,
  StorySocketData
>;
export type GatewaySocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  NoServerSideEvents,
  StorySocketData
>;
