import { describe, expect, it } from '@jest/globals';
import { memoryStorage } from '../auth/memoryStorage';
import {
  forgetRoomReturn,
  heroReadyForRoom,
  rememberRoomReturn,
  ROOM_RETURN_KEY,
  roomPathWithHero,
  roomReturnOf,
  roomToReturnTo,
} from './roomReturn';

describe('the room to return to after making a hero', () => {
  it('is remembered for its user only, and forgotten', () => {
    const storage = memoryStorage();
    rememberRoomReturn(storage, 'user-1', 'room-9');
    expect(roomToReturnTo(storage, 'user-1')).toBe('room-9');
    expect(roomToReturnTo(storage, 'user-2')).toBeNull();
    expect(roomToReturnTo(storage, null)).toBeNull();
    forgetRoomReturn(storage);
    expect(roomToReturnTo(storage, 'user-1')).toBeNull();
  });

  it('keeps the invite token with the room', () => {
    const storage = memoryStorage();
    rememberRoomReturn(storage, 'user-1', 'room-9', 'tok_EN-1');
    expect(roomReturnOf(storage, 'user-1')).toEqual({ roomId: 'room-9', invite: 'tok_EN-1' });
    expect(roomReturnOf(storage, 'user-2')).toBeNull();
    rememberRoomReturn(storage, 'user-1', 'room-9');
    expect(roomReturnOf(storage, 'user-1')).toEqual({ roomId: 'room-9', invite: null });
    storage.data[ROOM_RETURN_KEY] = JSON.stringify({ userId: 'user-1', roomId: 'room-9', invite: 7 });
    expect(roomReturnOf(storage, 'user-1')).toEqual({ roomId: 'room-9', invite: null });
  });

  it('reads nothing from a damaged entry', () => {
    const storage = memoryStorage();
    for (const raw of ['{', '"room"', JSON.stringify({ userId: 'user-1', roomId: 4 })]) {
      storage.data[ROOM_RETURN_KEY] = raw;
      expect(roomToReturnTo(storage, 'user-1')).toBeNull();
    }
  });

  it('leads into the room with the new hero, once the hero is made', () => {
    expect(roomPathWithHero('a b', 'h1')).toBe('/shared-story/a%20b?heroId=h1');
    expect(roomPathWithHero('r', 'h1', null)).toBe('/shared-story/r?heroId=h1');
    expect(roomPathWithHero('r', 'h1', 'a+b')).toBe('/shared-story/r?heroId=h1&invite=a%2Bb');
    expect(heroReadyForRoom({ status: 'complete' })).toBe(true);
    expect(heroReadyForRoom({ status: 'generating' })).toBe(false);
    expect(heroReadyForRoom(undefined)).toBe(false);
  });
});
