import { describe, expect, it } from '@jest/globals';
import { createAppStore } from './store';
import { memoryStorage } from '../features/auth/memoryStorage';
import { SELECTED_HERO_KEY } from '../features/rooms/selectedHeroStorage';

// This file imports the rooms slice only inside the test below, so the stores made before that
// meet the slice as the app's store does: after the page loaded, when a shared story screen opens.
describe('the rooms slice joins the store when the room code loads', () => {
  const user = { id: 'user-1', name: 'Lyra', email: 'lyra@starborn.test' };
  const hero = { heroId: 'h1', name: 'Orion', avatar: null, paymentStatus: 'paid' };
  const remembered = (userId: string) => JSON.stringify({ userId, hero });

  it('is absent until then; on joining it starts from the hero this user chose last time', async () => {
    const signedIn = createAppStore(
      memoryStorage({
        authToken: 'tok',
        user: JSON.stringify(user),
        [SELECTED_HERO_KEY]: remembered('user-1'),
      }),
    );
    const otherUser = createAppStore(
      memoryStorage({
        authToken: 'tok',
        user: JSON.stringify(user),
        [SELECTED_HERO_KEY]: remembered('user-2'),
      }),
    );
    const signedOut = createAppStore(memoryStorage({ [SELECTED_HERO_KEY]: remembered('user-1') }));
    expect(Object.keys(signedIn.getState()).sort()).toEqual(['auth', 'notifications']);

    const { initialRoomsState, roomEntered, selectRoomView, selectSelectedHero } =
      await import('../features/rooms/roomsSlice');

    expect(signedIn.getState().rooms).toEqual({ ...initialRoomsState, selectedHero: hero });
    expect(selectSelectedHero(signedIn.getState())).toEqual(hero);
    expect(otherUser.getState().rooms).toEqual(initialRoomsState);
    expect(signedOut.getState().rooms).toEqual(initialRoomsState);

    // The joined slice works as any other: its actions reach it, and later stores have it from the start.
    signedIn.dispatch(roomEntered({ roomId: 'room-1', heroId: 'h1' }));
    expect(selectRoomView(signedIn.getState())).toMatchObject({ roomId: 'room-1', status: 'loading' });
    const later = createAppStore(
      memoryStorage({
        authToken: 'tok',
        user: JSON.stringify(user),
        [SELECTED_HERO_KEY]: remembered('user-1'),
      }),
    );
    expect(later.getState().rooms.selectedHero).toEqual(hero);
  });
});
