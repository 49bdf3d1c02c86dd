/**
 * The shared story socket (spec §7): its own socket.io connection per open room (the tab's shared
 * socket, features/realtime, is the second socket that listens for api_error). On every connect the
 * hero authenticates and joins the room again, so a reconnection restores the seat; every server
 * event becomes a rooms slice action.
 */
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import type { Dispatch } from '@reduxjs/toolkit';
import { socketOptions } from '../realtime/socketClient';
import { messageToSend, ROOM_TEXT } from './roomRules';
import {
  authenticated,
  authenticationFailed,
  connectFailed,
  messageReceived,
  messageSent,
  narratorTypingStarted,
  narratorTypingStopped,
  roomJoined,
  socketConnected,
  socketDisconnected,
  socketErrorReceived,
} from './roomsSlice';
import { normalizeChatMessage, normalizeRoomJoined, payloadMessage, RoomSocketEvents } from './types';

/** The part of a socket.io client socket this module uses (a fake one in tests). */
export interface RoomSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, payload: unknown): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
}

export type CreateRoomSocket = (options: Partial<ManagerOptions & SocketOptions>) => RoomSocket;

/** Spec §7: same origin, path /socket.io, credentials, reconnection, 20 s timeout, websocket then polling. */
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
  dispatch: Dispatch;
  createSocket?: CreateRoomSocket;
}

const defaultCreateSocket: CreateRoomSocket = (options) => io(options) as unknown as RoomSocket;

export function openRoomConnection({
  token,
  heroId,
  roomId,
  dispatch,
  createSocket = defaultCreateSocket,
}: OpenRoomOptions): RoomConnection {
  const socket = createSocket(roomSocketOptions(token));
  let closed = false;
  const on = (event: string, listener: (payload: unknown) => void) =>
    socket.on(event, ((payload: unknown) => {
      if (!closed) listener(payload);
    }) as (...args: never[]) => void);

  on('connect', () => {
    dispatch(socketConnected());
    socket.emit(RoomSocketEvents.authenticate, { token, heroId });
  });
  on(RoomSocketEvents.authenticated, () => {
    dispatch(authenticated());
    socket.emit(RoomSocketEvents.joinRoom, { roomId });
  });
  on(RoomSocketEvents.authenticationError, (payload) => {
    dispatch(authenticationFailed(payloadMessage(payload, ROOM_TEXT.authenticationFailed)));
  });
  on(RoomSocketEvents.roomJoined, (payload) => {
    const joined = normalizeRoomJoined(payload);
    // The rooms service spells ids in lower case; the address may not.
    if (!joined || (joined.roomId && joined.roomId.toLowerCase() !== roomId.toLowerCase())) return;
    dispatch(roomJoined({ ...joined, roomId }));
  });
  on(RoomSocketEvents.message, (payload) => {
    const message = normalizeChatMessage(payload);
    if (message) dispatch(messageReceived(message));
  });
  const target = (payload: unknown) => {
    const roomId = (payload as { roomId?: unknown } | null)?.roomId;
    return { roomId: typeof roomId === 'string' ? roomId : undefined };
  };
  on(RoomSocketEvents.narratorTyping, (payload) => dispatch(narratorTypingStarted(target(payload))));
  on(RoomSocketEvents.narratorIdle, (payload) => dispatch(narratorTypingStopped(target(payload))));
  on(RoomSocketEvents.error, (payload) => {
    dispatch(socketErrorReceived(payloadMessage(payload, ROOM_TEXT.socketError)));
  });
  on('connect_error', (error) => {
    dispatch(connectFailed(payloadMessage(error, 'unknown error')));
  });
  on('disconnect', () => {
    dispatch(socketDisconnected());
  });

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
