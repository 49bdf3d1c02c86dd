import { describe, expect, it } from '@jest/globals';
import type { UnknownAction } from '@reduxjs/toolkit';
import { socketOptions } from '../realtime/socketClient';
import { openRoomConnection, roomSocketOptions, type RoomSocket } from './roomConnection';
import { initialRoomsState, roomEntered, roomsReducer, type RoomsState } from './roomsSlice';

/** A socket.io client stand-in: records emits, lets the test fire server events. */
class FakeSocket implements RoomSocket {
  connected = false;
  emitted: Array<[string, unknown]> = [];
  disconnected = false;
  private listeners = new Map<string, Array<(payload: unknown) => void>>();
  on(event: string, listener: (...args: never[]) => void) {
    const list = this.listeners.get(event) ?? [];
    list.push(listener as (payload: unknown) => void);
    this.listeners.set(event, list);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  fire(event: string, payload?: unknown) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }
}

function setup(invite?: string) {
  const socket = new FakeSocket();
  let state: RoomsState = roomsReducer(
    initialRoomsState,
    roomEntered({ roomId: 'room-1', heroId: 'hero-1' }),
  );
  const options: unknown[] = [];
  const dispatch = ((action: UnknownAction) => {
    state = roomsReducer(state, action);
    return action;
  }) as never;
  const connection = openRoomConnection({
    token: 'tok',
    heroId: 'hero-1',
    roomId: 'room-1',
    invite,
    dispatch,
    createSocket: (opts) => {
      options.push(opts);
      return socket;
    },
  });
  return { socket, connection, options, state: () => state };
}

const message = (id: string, kind = 'hero') => ({
  id,
  content: `line ${id}`,
  timestamp: '2025-03-05T14:00:00Z',
  kind,
  sender: { id: kind === 'hero' ? 'hero-1' : kind, name: 'Orion', avatar: null },
});

describe('room socket', () => {
  // The shared options themselves are checked in socketClient.spec.ts.
  it('uses a socket of its own: the shared socket options, with forceNew', () => {
    expect(roomSocketOptions('tok')).toEqual({ ...socketOptions('tok'), forceNew: true });
    expect(setup().options).toEqual([roomSocketOptions('tok')]);
  });

  it('authenticates on connect, joins once authenticated, and reaches joined', () => {
    const { socket, state } = setup();
    socket.fire('connect');
    expect(socket.emitted).toEqual([['authenticate', { token: 'tok', heroId: 'hero-1' }]]);
    expect(state().room.connection).toBe('connected');
    socket.fire('authenticated', { heroId: 'hero-1', isPremium: true });
    expect(socket.emitted.at(-1)).toEqual(['join_room', { roomId: 'room-1' }]);
    socket.fire('room_joined', {
      roomId: 'room-1',
      isPremium: true,
      role: 'participant',
      messages: [message('a')],
    });
    expect(state().room).toMatchObject({ status: 'joined', role: 'participant', isPremium: true });
    expect(state().room.messages.map((m) => m.id)).toEqual(['a']);
  });

  it("joins with the invite link's token when there is one", () => {
    const { socket } = setup('tok3n');
    socket.fire('connect');
    socket.fire('authenticated', { heroId: 'hero-1', isPremium: true });
    expect(socket.emitted.at(-1)).toEqual(['join_room', { roomId: 'room-1', invite: 'tok3n' }]);
  });

  it("routes the host's changes: room updated, and this hero removed", () => {
    const { socket, state } = setup();
    socket.fire('connect');
    socket.fire('room_joined', { roomId: 'room-1', isPremium: true, role: 'participant', messages: [] });
    socket.fire('room_updated', { roomId: 'room-1', title: 'New', inviteOnly: false, closed: true });
    expect(state().room).toMatchObject({ closed: true, hostChanges: 1 });
    socket.fire('hero_removed', { roomId: 'room-1' }); // names no hero: ignored
    expect(state().room.hostChanges).toBe(1);
    socket.fire('hero_removed', { roomId: 'room-1', heroId: 'hero-1' });
    expect(state().room.removed).toBe(true);
  });

  it('a reconnection authenticates and joins again', () => {
    const { socket } = setup();
    socket.fire('connect');
    socket.fire('authenticated', {});
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    socket.fire('authenticated', {});
    expect(socket.emitted.map(([event]) => event)).toEqual([
      'authenticate',
      'join_room',
      'authenticate',
      'join_room',
    ]);
  });

  it('routes messages, narrator typing, socket and authentication errors, and connection failures', () => {
    const { socket, state } = setup();
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(state().room).toMatchObject({
      status: 'error',
      error: 'Failed to connect to the story server: xhr poll error',
    });
    socket.fire('connect');
    socket.fire('authenticated', {});
    socket.fire('room_joined', { roomId: 'room-1', isPremium: false, role: 'spectator', messages: [] });
    expect(state().room.status).toBe('joined');
    socket.fire('narrator_typing', { roomId: 'room-1' });
    expect(state().room.narratorTyping).toBe(true);
    socket.fire('message', message('n1', 'narrator'));
    expect(state().room.narratorTyping).toBe(false);
    expect(state().room.messages.at(-1)?.kind).toBe('narrator');
    socket.fire('narrator_typing', { roomId: 'room-1' });
    socket.fire('narrator_idle', { roomId: 'room-1' });
    expect(state().room.narratorTyping).toBe(false);
    socket.fire('error', { message: 'Only premium heroes can send messages' });
    expect(state().room.notice).toBe('Only premium heroes can send messages');
    socket.fire('authentication_error', { message: 'This hero is not yours.' });
    expect(state().room).toMatchObject({ status: 'error', error: 'This hero is not yours.' });
  });

  it('ignores a room_joined of another room', () => {
    const { socket, state } = setup();
    socket.fire('connect');
    socket.fire('room_joined', { roomId: 'room-2', isPremium: true, role: 'participant', messages: [] });
    expect(state().room.status).toBe('loading');
  });

  it('sends trimmed text only while connected; the third message starts the typing indicator', () => {
    const { socket, connection, state } = setup();
    expect(connection.send('hello')).toBe(false);
    socket.fire('connect');
    socket.fire('room_joined', {
      roomId: 'room-1',
      isPremium: true,
      role: 'participant',
      messages: [message('a'), message('b')],
    });
    expect(connection.send('   ')).toBe(false);
    expect(connection.send('  The third step  ')).toBe(true);
    expect(socket.emitted.at(-1)).toEqual(['send_message', { message: 'The third step' }]);
    expect(state().room.narratorTyping).toBe(true);
  });

  it('closing disconnects and stops listening', () => {
    const { socket, connection, state } = setup();
    connection.close();
    expect(socket.disconnected).toBe(true);
    socket.fire('connect');
    expect(state().room.connection).toBe('disconnected');
    expect(connection.send('late')).toBe(false);
  });

  it('speaks the contracts’ event map: a payload of the wrong shape or an unknown event does not compile', () => {
    const socket: RoomSocket = new FakeSocket();
    socket.emit('send_message', { message: 'hello' });
    // @ts-expect-error send_message takes { message }, not the bare text
    socket.emit('send_message', 'hello');
    // @ts-expect-error join_room needs the room id
    socket.emit('join_room', {});
    // @ts-expect-error the server sends no such event
    socket.on('room_created', () => undefined);
    const seen: string[] = [];
    socket.on('room_joined', (joined) => seen.push(joined.roomId));
    (socket as FakeSocket).fire('room_joined', { roomId: 'room-1' });
    expect(seen).toEqual(['room-1']);
    expect((socket as FakeSocket).emitted.map(([event]) => event)).toEqual([
      'send_message',
      'send_message',
      'join_room',
    ]);
  });
});
