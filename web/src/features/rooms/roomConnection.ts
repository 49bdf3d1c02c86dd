/**
 * The shared story socket: its own socket.io connection per open room (the tab's shared
 * socket, features/realtime, is the second socket that listens for api_error). On every connect the
 * hero authenticates and joins the room again, so a reconnection restores the seat; every server
 * event becomes a rooms slice action.
 */
import type { Dispatch } from '@reduxjs/toolkit';
import type { ClientToServerEvents, ServerToClientEvents } from '@starborn/contracts';
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { socketOptions, type AppSocket } from '../realtime/socketClient';
import { messageToSend, ROOM_TEXT } from './roomRules';
import {
  authenticated,
  authenticationFailed,
  connectFailed,
  heroRemoved,
  messageReceived,
  messageSent,
  narratorTypingStarted,
  narratorTypingStopped,
  presenceReceived,
  roomJoined,
  roomUpdated,
  socketConnected,
  socketDisconnected,
  socketErrorReceived,
} from './roomsSlice';
import {
  normalizeChatMessage,
  normalizeHeroRemoved,
  normalizeRoomJoined,
  normalizeRoomPresence,
  normalizeRoomUpdated,
  payloadMessage,
  RoomSocketEvents,
} from './types';

type ServerEvent = keyof ServerToClientEvents;
type ClientEvent = keyof ClientToServerEvents;

/**
 * The part of a socket.io client socket this module uses (a fake one in tests), typed by the
 * contracts' event map: each server event's listener gets its payload type, each emit takes its.
 */
export interface RoomSocket {
  readonly connected: boolean;
  on<E extends ServerEvent>(event: E, listener: ServerToClientEvents[E]): unknown;
  on(event: 'connect' | 'disconnect', listener: () => void): unknown;
  on(event: 'connect_error', listener: (error: Error) => void): unknown;
  emit<E extends ClientEvent>(event: E, ...payload: Parameters<ClientToServerEvents[E]>): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
}

export type CreateRoomSocket = (options: Partial<ManagerOptions & SocketOptions>) => RoomSocket;

/** Same origin, path /socket.io, credentials, reconnection, 20 s timeout, websocket then polling. */
export function roomSocketOptions(token: string): Partial<ManagerOptions & SocketOptions> {
  // A connection of its own: leaving the room closes it without touching the tab's shared socket.
  return { ...socketOptions(token), forceNew: true };
}

export interface RoomConnection {
  /** Sends the trimmed text; false when it was ignored (no connection, blank text). */
  send(text: string): boolean;
  close(): void;
}

export interface OpenRoomOptions {
  token: string;
  heroId: string;
  roomId: string;
  /** The invite link's token, for an invite-only room. */
  invite?: string | null;
  dispatch: Dispatch;
  createSocket?: CreateRoomSocket;
}

const defaultCreateSocket: CreateRoomSocket = (options) => io(options) as AppSocket;

export function openRoomConnection({
  token,
  heroId,
  roomId,
  invite,
  dispatch,
  createSocket = defaultCreateSocket,
}: OpenRoomOptions): RoomConnection {
  const socket = createSocket(roomSocketOptions(token));
  let closed = false;
  /** A listener that stays silent once the connection is closed (late events of a left room). */
  const live =
    <A extends unknown[]>(listener: (...args: A) => void) =>
    (...args: A) => {
      if (!closed) listener(...args);
    };

  socket.on(
    'connect',
    live(() => {
      dispatch(socketConnected());
      socket.emit(RoomSocketEvents.authenticate, { token, heroId });
    }),
  );
  socket.on(
    RoomSocketEvents.authenticated,
    live(() => {
      dispatch(authenticated());
      socket.emit(RoomSocketEvents.joinRoom, invite ? { roomId, invite } : { roomId });
    }),
  );
  socket.on(
    RoomSocketEvents.authenticationError,
    live((payload) => {
      dispatch(authenticationFailed(payloadMessage(payload, ROOM_TEXT.authenticationFailed)));
    }),
  );
  socket.on(
    RoomSocketEvents.roomJoined,
    live((payload) => {
      const joined = normalizeRoomJoined(payload);
      // The rooms service spells ids in lower case; the address may not.
      if (!joined || (joined.roomId && joined.roomId.toLowerCase() !== roomId.toLowerCase())) return;
      dispatch(roomJoined({ ...joined, roomId }));
    }),
  );
  socket.on(
    RoomSocketEvents.message,
    live((payload) => {
      const message = normalizeChatMessage(payload);
      if (message) dispatch(messageReceived(message));
    }),
  );
  const target = (payload: unknown) => {
    const roomId = (payload as { roomId?: unknown } | null)?.roomId;
    return { roomId: typeof roomId === 'string' ? roomId : undefined };
  };
  socket.on(
    RoomSocketEvents.narratorTyping,
    live((payload) => dispatch(narratorTypingStarted(target(payload)))),
  );
  socket.on(
    RoomSocketEvents.narratorIdle,
    live((payload) => dispatch(narratorTypingStopped(target(payload)))),
  );
  socket.on(
    RoomSocketEvents.roomUpdated,
    live((payload) => {
      const update = normalizeRoomUpdated(payload);
      if (update) dispatch(roomUpdated(update));
    }),
  );
  socket.on(
    RoomSocketEvents.heroRemoved,
    live((payload) => {
      const removal = normalizeHeroRemoved(payload);
      if (removal) dispatch(heroRemoved(removal));
    }),
  );
  socket.on(
    RoomSocketEvents.presence,
    live((payload) => {
      const presence = normalizeRoomPresence(payload);
      if (presence) dispatch(presenceReceived(presence));
    }),
  );
  socket.on(
    RoomSocketEvents.error,
    live((payload) => {
      dispatch(socketErrorReceived(payloadMessage(payload, ROOM_TEXT.socketError)));
    }),
  );
  socket.on(
    'connect_error',
    live((error) => {
      dispatch(connectFailed(payloadMessage(error, 'unknown error')));
    }),
  );
  socket.on(
    'disconnect',
    live(() => {
      dispatch(socketDisconnected());
    }),
  );

  return {
    send(text) {
      const message = messageToSend(text, !closed && socket.connected);
      if (message === null) return false;
      // The typing rule counts the messages before this one, so it runs before the echo can arrive.
      dispatch(messageSent());
      socket.emit(RoomSocketEvents.sendMessage, { message });
      return true;
    },
    close() {
      if (closed) return;
      closed = true;
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
