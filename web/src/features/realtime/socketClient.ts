/**
 * One socket.io connection per signed-in tab, shared by every screen that listens (credentials
 * sent, reconnection on, 20 s timeout, websocket then polling). Screens acquire it and
 * release it; the last release disconnects. A connection that cannot be made only means no
 * realtime notices: screens keep working by polling.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@starborn/contracts';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/** A socket typed by the contracts' event map: what the server sends, and what the browser may send. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const SOCKET_TIMEOUT_MS = 20_000;

export function socketOptions(token: string): Partial<ManagerOptions & SocketOptions> {
  return {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket', 'polling'],
    withCredentials: true,
    reconnection: true,
    timeout: SOCKET_TIMEOUT_MS,
  };
}

interface SharedSocket {
  socket: AppSocket;
  token: string;
  users: number;
  closeTimer?: ReturnType<typeof setTimeout>;
}

/** Moving from one screen to the next releases and re-acquires; the socket survives the gap. */
export const RELEASE_GRACE_MS = 2_000;

let shared: SharedSocket | null = null;

/** The tab's socket for `token`, connecting it on first use. A new token replaces the old socket. */
export function acquireSocket(token: string): AppSocket {
  if (shared && shared.token !== token) {
    shared.socket.disconnect();
    shared = null;
  }
  if (!shared) shared = { socket: io(socketOptions(token)) as AppSocket, token, users: 0 };
  clearTimeout(shared.closeTimer);
  shared.users += 1;
  return shared.socket;
}

export function releaseSocket(socket: AppSocket): void {
  if (!shared || shared.socket !== socket) {
    socket.disconnect();
    return;
  }
  shared.users -= 1;
  if (shared.users > 0) return;
  const closing = shared;
  closing.closeTimer = setTimeout(() => {
    if (shared !== closing || closing.users > 0) return;
    closing.socket.disconnect();
    shared = null;
  }, RELEASE_GRACE_MS);
}
