import { beforeAll, describe, expect, it } from '@jest/globals';
import * as local from './types';
import { ROOM_TEXT } from './roomRules';

/**
 * The contract is loaded by name at run time (Jest maps it to its sources): the web app does not
 * depend on the contracts package when it is type-checked and bundled.
 */
const CONTRACTS = '@starborn/contracts';
interface RoomsContract {
  RoomSocketEvents: Record<string, string>;
  RESERVED_SENDER_ID: string;
  DEFAULT_ROOM_TITLE: string;
  ROOM_MESSAGE_MAX_LENGTH: number;
  NARRATOR_EVERY_MESSAGES: number;
  ROOM_MESSAGES: Record<string, string>;
}
let contracts: RoomsContract;
beforeAll(async () => {
  contracts = (await import(CONTRACTS)) as RoomsContract;
});

describe('the web mirror of the rooms contract', () => {
  it('uses the same events, reserved ids, limits and default title', () => {
    expect(local.RoomSocketEvents).toEqual(contracts.RoomSocketEvents);
    expect(local.RESERVED_SENDER_ID).toBe(contracts.RESERVED_SENDER_ID);
    expect(local.DEFAULT_ROOM_TITLE).toBe(contracts.DEFAULT_ROOM_TITLE);
    expect(local.ROOM_MESSAGE_MAX_LENGTH).toBe(contracts.ROOM_MESSAGE_MAX_LENGTH);
    expect(local.NARRATOR_EVERY_MESSAGES).toBe(contracts.NARRATOR_EVERY_MESSAGES);
    expect(ROOM_TEXT.selectHeroFirst).toBe(contracts.ROOM_MESSAGES.selectHeroFirst);
    expect(ROOM_TEXT.premiumRequiredToCreate).toBe(contracts.ROOM_MESSAGES.premiumRequiredToCreate);
    expect(ROOM_TEXT.spectatorPlaceholder).toBe(contracts.ROOM_MESSAGES.spectatorCannotSend);
  });
});

describe('normalising server answers', () => {
  it('reads room summaries, defaulting the title, counts and who is inside', () => {
    const lyra = { id: 'h1', name: 'Lyra', avatar: '/a.webp', role: 'participant' };
    expect(
      local.normalizeRoomList([
        {
          id: 'r1',
          title: 'Quest',
          created: 'c',
          updated: 'u',
          participantCount: 2,
          spectatorCount: 1,
          heroes: [lyra, { id: 'h2', name: 'Pip', avatar: '', role: 'owner' }, { name: 'no id' }, 7],
        },
        { id: 'r2', created: 'c' },
        { title: 'no id' },
      ]),
    ).toEqual([
      {
        id: 'r1',
        title: 'Quest',
        created: 'c',
        updated: 'u',
        participantCount: 2,
        spectatorCount: 1,
        heroes: [lyra, { id: 'h2', name: 'Pip', avatar: null, role: 'spectator' }],
      },
      {
        id: 'r2',
        title: 'Shared Cosmic Adventure',
        created: 'c',
        updated: 'c',
        participantCount: 0,
        spectatorCount: 0,
        heroes: [],
      },
    ]);
    expect(local.normalizeRoomList({ rooms: [{ id: 'r3' }] })).toHaveLength(1);
    expect(local.normalizeRoomList(null)).toEqual([]);
  });

  it('reads a room detail', () => {
    expect(
      local.normalizeRoomDetail(
        {
          title: '',
          participants: [{ id: 'h', name: 'Orion', avatar: '', isPremium: true }, { name: 'no id' }],
        },
        'r1',
      ),
    ).toEqual({
      id: 'r1',
      title: 'Shared Cosmic Adventure',
      participants: [{ id: 'h', name: 'Orion', avatar: null, isPremium: true }],
    });
  });

  it('reads messages: the one reserved sender id is narrator or system (by kind), never a hero', () => {
    const base = { id: 'm', content: 'x', timestamp: 't' };
    const reserved = { id: 'system', name: 'Cosmic Narrator' };
    expect(local.normalizeChatMessage({ ...base, kind: 'narrator', sender: reserved })?.kind).toBe(
      'narrator',
    );
    expect(local.normalizeChatMessage({ ...base, kind: 'system', sender: reserved })?.kind).toBe('system');
    expect(local.normalizeChatMessage({ ...base, sender: reserved })?.kind).toBe('system');
    expect(local.normalizeChatMessage({ ...base, kind: 'hero', sender: reserved })?.kind).toBe('system');
    // 'narrator' is no longer a reserved id: without a kind it is an ordinary sender.
    expect(local.normalizeChatMessage({ ...base, sender: { id: 'narrator' } })?.kind).toBe('hero');
    expect(local.normalizeChatMessage({ ...base, sender: { id: 'abc' } })?.kind).toBe('hero');
    expect(local.normalizeChatMessage({ ...base, kind: 'system', sender: { id: 'abc' } })?.kind).toBe(
      'system',
    );
    expect(local.normalizeChatMessage({ content: 'no id' })).toBeNull();
  });

  it('reads room joined: anything but participant is a spectator', () => {
    expect(
      local.normalizeRoomJoined({ roomId: 'r', isPremium: true, role: 'owner', messages: [{}] }),
    ).toEqual({
      roomId: 'r',
      isPremium: true,
      role: 'spectator',
      messages: [],
      narratorTyping: false,
    });
    expect(local.normalizeRoomJoined({ roomId: 'r', narratorTyping: true })?.narratorTyping).toBe(true);
  });

  it('reads an error payload’s message', () => {
    expect(local.payloadMessage({ message: 'Room not found.' }, 'x')).toBe('Room not found.');
    expect(local.payloadMessage(new Error('timeout'), 'x')).toBe('timeout');
    expect(local.payloadMessage({}, 'fallback')).toBe('fallback');
  });
});
