import { useEffect, useRef, useState } from 'react';
import type { ServerToClientEvents } from '@starborn/contracts';
import { useAppSelector } from '../../app/hooks';
import { selectToken } from '../auth/authSlice';
import { acquireSocket, releaseSocket, type AppSocket } from './socketClient';

type ServerEvent = keyof ServerToClientEvents;

/** Listeners of server events by name, each typed with its event's payload. */
export type SocketListeners = { [E in ServerEvent]?: ServerToClientEvents[E] };

/**
 * Keeps the tab's socket open while the calling screen is mounted and the user is signed in, and
 * routes the named server events to `listeners` (always the latest ones). Returns whether the
 * socket is connected, so callers can poll faster while it is not.
 */
export function useSocket(listeners: SocketListeners, enabled = true): { connected: boolean } {
  const token = useAppSelector(selectToken);
  const [connected, setConnected] = useState(false);
  const latest = useRef(listeners);
  useEffect(() => {
    latest.current = listeners;
  });
  const eventNames = Object.keys(listeners).sort().join('|');

  useEffect(() => {
    if (!enabled || !token) return;
    let socket: AppSocket;
    try {
      socket = acquireSocket(token);
    } catch (error) {
      console.warn('Realtime connection unavailable; falling back to polling.', error);
      return;
    }
    const onConnect = () => setConnected(true);
    const onDisconnect = () => setConnected(false);
    const onConnectError = () => setConnected(false);
    const handlers = (eventNames.split('|').filter(Boolean) as ServerEvent[]).map((name) => {
      // One forwarder per event name, calling whatever listener is the latest; the payload is the
      // one the event map gives that name (the listeners are keyed by the same name).
      const forward = (payload: never) =>
        (latest.current[name] as ((payload: never) => void) | undefined)?.(payload);
      return [name, forward as ServerToClientEvents[typeof name]] as const;
    });

    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    for (const [name, handler] of handlers) socket.on(name, handler);
    setConnected(socket.connected);

    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      for (const [name, handler] of handlers) socket.off(name, handler);
      releaseSocket(socket);
      setConnected(false);
    };
  }, [enabled, token, eventNames]);

  return { connected };
}
