import { describe, expect, it } from '@jest/globals';
import * as local from './types';

describe('reading socket payloads', () => {
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
      closed: false,
    });
    expect(local.normalizeRoomJoined({ roomId: 'r', narratorTyping: true })?.narratorTyping).toBe(true);
    expect(local.normalizeRoomJoined({ roomId: 'r', closed: true })?.closed).toBe(true);
  });

  it("reads the host's events, and drops what names no room or hero", () => {
    expect(local.normalizeRoomUpdated({ roomId: 'r', title: 'T', inviteOnly: true, closed: 1 })).toEqual({
      roomId: 'r',
      title: 'T',
      inviteOnly: true,
      closed: false,
    });
    expect(local.normalizeRoomUpdated({ title: 'T' })).toBeNull();
    expect(local.normalizeHeroRemoved({ roomId: 'r', heroId: 'h' })).toEqual({ roomId: 'r', heroId: 'h' });
    expect(local.normalizeHeroRemoved({ roomId: 'r' })).toBeNull();
    expect(local.normalizeHeroRemoved('r')).toBeNull();
  });

  it('reads an error payload’s message', () => {
    expect(local.payloadMessage({ message: 'Room not found.' }, 'x')).toBe('Room not found.');
    expect(local.payloadMessage(new Error('timeout'), 'x')).toBe('timeout');
    expect(local.payloadMessage({}, 'fallback')).toBe('fallback');
  });
});
