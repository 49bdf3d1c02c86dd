import { describe, expect, it } from '@jest/globals';
import { createAppStore } from '../../app/store';
import { signedOut } from '../auth/authSlice';
import { memoryStorage } from '../auth/memoryStorage';
import {
  authenticated,
  authenticationFailed,
  connectFailed,
  heroSelected,
  initialRoomsState,
  messageReceived,
  messageSent,
  narratorTypingGuessLapsed,
  narratorTypingStarted,
  narratorTypingStopped,
  heroRemoved,
  noticeDismissed,
  presenceReceived,
  roomEntered,
  roomJoined,
  roomUpdated,
  roomLeft,
  roomsReducer,
  socketConnected,
  socketDisconnected,
  socketErrorReceived,
  type RoomsState,
} from './roomsSlice';
import { SELECTED_HERO_KEY } from './selectedHeroStorage';
import type { ChatMessage, ChatMessageKind } from './types';

let next = 0;
function msg(kind: ChatMessageKind, at = '2025-03-05T14:00:00.000Z'): ChatMessage {
  next += 1;
  const senderId = kind === 'hero' ? 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' : kind;
  return {
    id: `m${next}`,
    content: `line ${next}`,
    timestamp: at,
    kind,
    sender: { id: senderId, name: 'Orion', avatar: null },
  };
}

function run(...actions: Parameters<typeof roomsReducer>[1][]): RoomsState {
  return actions.reduce(roomsReducer, initialRoomsState);
}

const entered = roomEntered({ roomId: 'room-1', heroId: 'hero-1' });
const joinedAs = (role: 'participant' | 'spectator', messages: ChatMessage[] = []) =>
  roomJoined({
    roomId: 'room-1',
    isPremium: role === 'participant',
    role,
    messages,
    narratorTyping: false,
    closed: false,
  });

describe('rooms slice: loading, joined, error (Room page)', () => {
  it('entering a room starts loading, disconnected', () => {
    const { room } = run(entered);
    expect(room).toMatchObject({
      roomId: 'room-1',
      heroId: 'hero-1',
      status: 'loading',
      connection: 'disconnected',
    });
  });

  it('connect, authenticate, join as participant with the history', () => {
    const history = [msg('narrator'), msg('hero')];
    const { room } = run(entered, socketConnected(), authenticated(), joinedAs('participant', history));
    expect(room).toMatchObject({
      status: 'joined',
      connection: 'connected',
      authenticated: true,
      role: 'participant',
      isPremium: true,
    });
    expect(room.messages).toEqual(history);
  });

  it('a spectator joins with isPremium false', () => {
    const { room } = run(entered, socketConnected(), joinedAs('spectator'));
    expect(room.role).toBe('spectator');
    expect(room.isPremium).toBe(false);
  });

  it("a failed connection ends loading with 'Failed to connect to the story server: {reason}'", () => {
    const { room } = run(entered, connectFailed('xhr poll error'));
    expect(room.status).toBe('error');
    expect(room.error).toBe('Failed to connect to the story server: xhr poll error');
  });

  it('after joining, a lost connection is a notice and the state turns disconnected', () => {
    const state = run(
      entered,
      socketConnected(),
      joinedAs('participant'),
      socketDisconnected(),
      connectFailed('timeout'),
    );
    expect(state.room.status).toBe('joined');
    expect(state.room.connection).toBe('disconnected');
    expect(state.room.notice).toBe('Failed to connect to the story server: timeout');
    // Reconnecting clears it.
    expect(roomsReducer(state, socketConnected()).room).toMatchObject({
      connection: 'connected',
      notice: null,
    });
  });

  it("authentication errors show the server's message on the error screen", () => {
    const { room } = run(
      entered,
      socketConnected(),
      authenticationFailed('Authentication failed. Please sign in again.'),
    );
    expect(room).toMatchObject({ status: 'error', error: 'Authentication failed. Please sign in again.' });
  });

  it('socket errors: the error screen before joining, a dismissible notice after', () => {
    expect(run(entered, socketConnected(), socketErrorReceived('Room not found.')).room).toMatchObject({
      status: 'error',
      error: 'Room not found.',
    });
    const state = run(
      entered,
      socketConnected(),
      joinedAs('spectator'),
      socketErrorReceived('Only premium heroes can send messages'),
    );
    expect(state.room).toMatchObject({ status: 'joined', notice: 'Only premium heroes can send messages' });
    expect(roomsReducer(state, noticeDismissed()).room.notice).toBeNull();
  });

  it('leaving forgets the room; signing out forgets the hero too', () => {
    const state = run(
      heroSelected({ heroId: 'h', name: 'Orion', avatar: null, paymentStatus: 'paid' }),
      entered,
    );
    expect(roomsReducer(state, roomLeft()).room).toEqual(initialRoomsState.room);
    expect(roomsReducer(state, roomLeft()).selectedHero?.heroId).toBe('h');
    expect(roomsReducer(state, signedOut())).toEqual(initialRoomsState);
  });
});

describe('rooms slice: messages and the narrator typing indicator', () => {
  it('appends messages once', () => {
    const m = msg('hero');
    const { room } = run(entered, joinedAs('participant'), messageReceived(m), messageReceived(m));
    expect(room.messages).toEqual([m]);
  });

  it('a rejoin merges the history with messages seen since, in time order', () => {
    const a = msg('hero', '2025-03-05T14:00:00Z');
    const b = msg('hero', '2025-03-05T14:01:00Z');
    const c = msg('narrator', '2025-03-05T14:02:00Z');
    const { room } = run(
      entered,
      joinedAs('participant', [a]),
      messageReceived(c),
      joinedAs('participant', [a, b]),
    );
    expect(room.messages.map((m) => m.id)).toEqual([a.id, b.id, c.id]);
  });

  it("narrator_typing turns it on; other heroes' lines and joins leave it up; the narrator's line turns it off", () => {
    let state = run(entered, joinedAs('participant'), narratorTypingStarted({ roomId: 'ROOM-1' }));
    expect(state.room.narratorTyping).toBe(true);
    state = roomsReducer(state, messageReceived(msg('hero'))); // someone else speaks meanwhile
    state = roomsReducer(state, messageReceived(msg('system'))); // someone joins
    state = roomsReducer(state, messageSent());
    state = roomsReducer(
      state,
      messageReceived({ ...msg('hero'), sender: { id: 'hero-1', name: 'Me', avatar: null } }),
    );
    expect(state.room.narratorTyping).toBe(true);
    state = roomsReducer(state, messageReceived(msg('narrator')));
    expect(state.room.narratorTyping).toBe(false);
  });

  it('narrator_idle turns it off without a line', () => {
    let state = run(entered, joinedAs('participant'), narratorTypingStarted({ roomId: 'room-1' }));
    state = roomsReducer(state, narratorTypingStopped({ roomId: 'room-2' }));
    expect(state.room.narratorTyping).toBe(true);
    state = roomsReducer(state, narratorTypingStopped({ roomId: 'room-1' }));
    expect(state.room.narratorTyping).toBe(false);
  });

  it('follows the room joined event: a hero arriving while the narrator writes sees it', () => {
    const joined = roomJoined({
      roomId: 'room-1',
      isPremium: false,
      role: 'spectator',
      messages: [],
      narratorTyping: true,
      closed: false,
    });
    expect(run(entered, joined).room.narratorTyping).toBe(true);
  });

  it('ignores narrator_typing for another room', () => {
    const { room } = run(entered, joinedAs('participant'), narratorTypingStarted({ roomId: 'room-2' }));
    expect(room.narratorTyping).toBe(false);
  });

  it("sending the third user message turns it on before the server's signal", () => {
    let state = run(entered, joinedAs('participant', [msg('narrator'), msg('system')]));
    state = roomsReducer(state, messageSent());
    expect(state.room.narratorTyping).toBe(false); // 1st
    state = roomsReducer(state, messageReceived(msg('hero')));
    state = roomsReducer(state, messageSent());
    expect(state.room.narratorTyping).toBe(false); // 2nd
    state = roomsReducer(state, messageReceived(msg('hero')));
    state = roomsReducer(state, messageSent());
    expect(state.room.narratorTyping).toBe(true); // 3rd
    expect(state.room.narratorTypingGuessed).toBe(true);
  });

  it("a guess stands through the own echo, falls to another hero's line or lapses, and the server's word confirms it", () => {
    const guessed = () => run(entered, joinedAs('participant', [msg('hero'), msg('hero')]), messageSent());
    const own = { ...msg('hero'), sender: { id: 'hero-1', name: 'Me', avatar: null } };
    expect(roomsReducer(guessed(), messageReceived(own)).room.narratorTyping).toBe(true);
    expect(roomsReducer(guessed(), messageReceived(msg('hero'))).room.narratorTyping).toBe(false);
    expect(roomsReducer(guessed(), narratorTypingGuessLapsed()).room.narratorTyping).toBe(false);
    const confirmed = roomsReducer(guessed(), narratorTypingStarted({ roomId: 'room-1' }));
    expect(confirmed.room.narratorTypingGuessed).toBe(false);
    expect(roomsReducer(confirmed, narratorTypingGuessLapsed()).room.narratorTyping).toBe(true);
    expect(roomsReducer(confirmed, messageReceived(msg('hero'))).room.narratorTyping).toBe(true);
  });
});

describe('the selected hero is remembered per user', () => {
  const session = {
    authToken: 'tok',
    user: JSON.stringify({ id: 'user-1', name: 'Lyra', email: 'lyra@starborn.test' }),
  };
  const hero = { heroId: 'h1', name: 'Orion', avatar: null, paymentStatus: 'paid' };

  it('is saved on selection and restored for the same user only; sign-out clears it', () => {
    const storage = memoryStorage(session);
    const store = createAppStore(storage);
    store.dispatch(heroSelected(hero));
    expect(JSON.parse(storage.data[SELECTED_HERO_KEY]!)).toEqual({ userId: 'user-1', hero });

    expect(createAppStore(storage).getState().rooms.selectedHero).toEqual(hero);
    const other = memoryStorage({
      ...session,
      user: JSON.stringify({ id: 'user-2', name: 'Vega', email: 'vega@starborn.test' }),
      [SELECTED_HERO_KEY]: storage.data[SELECTED_HERO_KEY]!,
    });
    expect(createAppStore(other).getState().rooms.selectedHero).toBeNull();

    store.dispatch(signedOut());
    expect(storage.data[SELECTED_HERO_KEY]).toBeUndefined();
    expect(store.getState().rooms.selectedHero).toBeNull();
  });
});

describe('rooms slice: what the host does', () => {
  it('a room joined closed, or closed while on screen, is read-only and stops the indicator', () => {
    const closedJoin = roomJoined({
      roomId: 'room-1',
      isPremium: true,
      role: 'participant',
      messages: [],
      narratorTyping: false,
      closed: true,
    });
    expect(run(entered, closedJoin).room.closed).toBe(true);
    const typing = run(entered, joinedAs('participant'), narratorTypingStarted({ roomId: 'room-1' }));
    const { room } = [roomUpdated({ roomId: 'ROOM-1', closed: true })].reduce(roomsReducer, typing);
    expect(room).toMatchObject({ closed: true, narratorTyping: false, hostChanges: 1 });
  });

  it('a rename is counted (the page reads the room again) but closes nothing; other rooms are ignored', () => {
    const renamed = run(entered, joinedAs('participant'), roomUpdated({ roomId: 'room-1', closed: false }));
    expect(renamed.room).toMatchObject({ closed: false, hostChanges: 1 });
    const elsewhere = run(entered, joinedAs('participant'), roomUpdated({ roomId: 'room-2', closed: true }));
    expect(elsewhere.room).toMatchObject({ closed: false, hostChanges: 0 });
  });

  it("only this hero's removal takes it out of the room; another's changes the list", () => {
    const other = run(entered, joinedAs('participant'), heroRemoved({ roomId: 'room-1', heroId: 'hero-2' }));
    expect(other.room).toMatchObject({ removed: false, hostChanges: 1 });
    const own = run(entered, joinedAs('participant'), heroRemoved({ roomId: 'room-1', heroId: 'hero-1' }));
    expect(own.room.removed).toBe(true);
  });
});

describe('rooms slice: presence', () => {
  const hero = (id: string) => ({ id, name: id, avatar: null, role: 'participant' as const });

  it("keeps the server's word on who is connected, for this room only, and forgets it with the room", () => {
    const state = run(
      entered,
      joinedAs('participant'),
      presenceReceived({ roomId: 'ROOM-1', heroes: [hero('hero-1'), hero('hero-2')] }),
    );
    expect(state.room.present?.map((h) => h.id)).toEqual(['hero-1', 'hero-2']);
    const elsewhere = [presenceReceived({ roomId: 'room-2', heroes: [] })].reduce(roomsReducer, state);
    expect(elsewhere.room.present).toHaveLength(2);
    // A leave line in the transcript changes nothing of it: presence is not read from messages.
    const left = { ...msg('system'), content: 'hero-2 left the story' };
    expect([messageReceived(left)].reduce(roomsReducer, state).room.present).toHaveLength(2);
    expect([roomLeft(), entered].reduce(roomsReducer, state).room.present).toBeNull();
  });
});
