import { useCallback, useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectToken } from '../auth/authSlice';
import { openRoomConnection, type RoomConnection } from './roomConnection';
import { connectFailed, roomEntered, roomLeft } from './roomsSlice';

/**
 * Holds the room's socket while the room view is on screen with a hero: entering starts loading,
 * leaving closes the socket and forgets the room. Returns the send function of the input.
 */
export function useRoomConnection(
  roomId: string,
  heroId: string | null,
  invite: string | null = null,
): { send: (text: string) => boolean } {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const connection = useRef<RoomConnection | null>(null);

  useEffect(() => {
    if (!token || !heroId || !roomId) return;
    dispatch(roomEntered({ roomId, heroId }));
    let current: RoomConnection;
    try {
      current = openRoomConnection({ token, heroId, roomId, invite, dispatch });
    } catch (error) {
      console.warn('The story server connection could not be opened.', error);
      dispatch(connectFailed(error instanceof Error ? error.message : String(error)));
      return;
    }
    connection.current = current;
    return () => {
      current.close();
      if (connection.current === current) connection.current = null;
      dispatch(roomLeft());
    };
  }, [dispatch, token, heroId, roomId, invite]);

  const send = useCallback((text: string) => connection.current?.send(text) ?? false, []);
  return { send };
}
