import { describe, expect, it } from '@jest/globals';
import { memoryStorage } from '../auth/memoryStorage';
import {
  forgetRoomReturn,
  heroReadyForRoom,
  rememberRoomReturn,
  ROOM_RETURN_KEY,
  roomPathWithHero,
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

  it('reads nothing from a damaged entry', () => {
    const storage = memoryStorage();
    for (const raw of ['{', '"room"', JSON.stringify({ userId: 'user-1', roomId: 4 })]) {
      storage.data[ROOM_RETURN_KEY] = raw;
      expect(roomToReturnTo(storage, 'user-1')).toBeNull();
    }
  });

  it('leads into the room with the new hero, once the hero is made', () => {
    expect(roomPathWithHero('a b', 'h1')).toBe('/shared-story/a%20b?heroId=h1');
    expect(heroReadyForRoom({ status: 'complete' })).toBe(true);
    expect(heroReadyForRoom({ status: 'generating' })).toBe(false);
    expect(heroReadyForRoom(undefined)).toBe(false);
  });
});
