import { describe, expect, it } from '@jest/globals';
import {
  canSendMessages,
  chooseHero,
  connectErrorMessage,
  createRoomErrorMessage,
  createRoomRefusal,
  formatLastActivity,
  formatMessageTime,
  formatRoomDate,
  formatSystemMessage,
  groupMessages,
  heroCountLabel,
  presentHeroIds,
  timeAgo,
  heroIsPremiumInRoom,
  isNearBottom,
  messageToSend,
  narratorTypesAfterSend,
  roleBadgeLabel,
  roleNote,
  roomInviteUrl,
  shouldAutoScroll,
  withMessage,
} from './roomRules';
import type { ChatMessage, ChatMessageKind } from './types';

let next = 0;
function msg(kind: ChatMessageKind, senderId = 'hero-a', at = '2025-03-05T14:00:00.000Z'): ChatMessage {
  next += 1;
  return {
    id: `m${next}`,
    content: `message ${next}`,
    timestamp: at,
    kind,
    sender: { id: senderId, name: senderId, avatar: null },
  };
}

describe('narrator typing indicator after sending (after every third user message)', () => {
  it('comes on when the user messages plus the one sent make a multiple of 3', () => {
    expect(narratorTypesAfterSend([])).toBe(false);
    expect(narratorTypesAfterSend([msg('hero')])).toBe(false);
    expect(narratorTypesAfterSend([msg('hero'), msg('hero', 'hero-b')])).toBe(true);
    expect(narratorTypesAfterSend([msg('hero'), msg('hero'), msg('hero')])).toBe(false);
    expect(narratorTypesAfterSend(Array.from({ length: 5 }, () => msg('hero')))).toBe(true);
  });

  it('does not count narrator or system lines', () => {
    const history = [
      msg('narrator', 'narrator'),
      msg('system', 'system'),
      msg('hero'),
      msg('system', 'system'),
    ];
    expect(narratorTypesAfterSend(history)).toBe(false);
    expect(narratorTypesAfterSend([...history, msg('narrator', 'narrator'), msg('hero')])).toBe(true);
  });
});

describe('auto-scroll (100 px)', () => {
  it('is near the bottom within 100 px', () => {
    expect(isNearBottom({ scrollTop: 900, scrollHeight: 1400, clientHeight: 400 })).toBe(true); // 100 px
    expect(isNearBottom({ scrollTop: 899, scrollHeight: 1400, clientHeight: 400 })).toBe(false); // 101 px
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 400 })).toBe(true); // no overflow
  });

  it('scrolls for a reader near the bottom, or for a message of the reserved sender (narrator or system) wherever the reader is', () => {
    expect(shouldAutoScroll(true, msg('hero'))).toBe(true);
    expect(shouldAutoScroll(true, msg('narrator', 'narrator'))).toBe(true);
    expect(shouldAutoScroll(false, msg('hero'))).toBe(false);
    expect(shouldAutoScroll(false, msg('narrator', 'narrator'))).toBe(true);
    expect(shouldAutoScroll(false, msg('system', 'system'))).toBe(true);
    expect(shouldAutoScroll(true, undefined)).toBe(false);
  });
});

describe('message grouping', () => {
  it('groups consecutive messages of one sender within 5 minutes; system lines stand alone', () => {
    const a1 = msg('hero', 'a', '2025-03-05T14:00:00Z');
    const a2 = msg('hero', 'a', '2025-03-05T14:04:00Z');
    const a3 = msg('hero', 'a', '2025-03-05T14:10:00Z'); // 6 minutes later: a new group
    const b1 = msg('hero', 'b', '2025-03-05T14:10:30Z');
    const s1 = msg('system', 'system', '2025-03-05T14:11:00Z');
    const s2 = msg('system', 'system', '2025-03-05T14:11:01Z');
    const n1 = msg('narrator', 'narrator', '2025-03-05T14:12:00Z');
    const n2 = msg('narrator', 'narrator', '2025-03-05T14:12:30Z');
    const groups = groupMessages([a1, a2, a3, b1, s1, s2, n1, n2]);
    expect(groups.map((g) => g.messages.map((m) => m.id))).toEqual([
      [a1.id, a2.id],
      [a3.id],
      [b1.id],
      [s1.id],
      [s2.id],
      [n1.id, n2.id],
    ]);
    expect(groups.map((g) => g.kind)).toEqual(['hero', 'hero', 'hero', 'system', 'system', 'narrator']);
    expect(groups[0]!.key).toBe(a1.id);
  });

  it('adds a message once', () => {
    const a = msg('hero');
    expect(withMessage([a], a)).toEqual([a]);
    expect(withMessage([a], { ...a, id: 'other' })).toHaveLength(2);
  });
});

describe('formatting', () => {
  it('formats times and dates, and leaves unreadable ones empty', () => {
    expect(formatMessageTime('2025-03-05T14:07:00Z', 'en-GB', 'UTC')).toBe('14:07');
    expect(formatMessageTime('not a date')).toBe('');
    expect(formatRoomDate('2025-03-05T14:07:00Z', 'en-US', 'UTC')).toBe('Mar 5, 2025');
    expect(formatRoomDate('')).toBe('');
    const now = new Date('2025-03-05T20:00:00Z');
    expect(formatLastActivity('2025-03-05T14:07:00Z', now, 'en-GB', 'UTC')).toBe('14:07');
    expect(formatLastActivity('2025-03-04T14:07:00Z', now, 'en-US', 'UTC')).toMatch(
      /^Mar 4, 2025, 0?2:07\sPM$/,
    );
  });

  it('formats system messages as plain text with emphasised names', () => {
    expect(formatSystemMessage('**Orion Vale** joined the story.')).toEqual([
      { text: 'Orion Vale', strong: true },
      { text: ' joined the story.', strong: false },
    ]);
    expect(formatSystemMessage('<b>no html</b> here')).toEqual([
      { text: '<b>no html</b> here', strong: false },
    ]);
    expect(formatSystemMessage('')).toEqual([]);
  });

  it('words of the room view', () => {
    expect(roleBadgeLabel('participant')).toBe('Participating Hero');
    expect(roleBadgeLabel('spectator')).toBe('Spectating Hero');
    expect(roleNote('participant')).toBe('Your hero can actively shape this cosmic journey');
    expect(roleNote('spectator')).toBe('Your hero is watching the adventure unfold');
    expect(heroCountLabel(1)).toBe('1 hero here now');
    expect(heroCountLabel(3)).toBe('3 heroes here now');
    expect(roomInviteUrl('https://starborn.test/', 'r1')).toBe('https://starborn.test/shared-story/r1');
    // An invite-only room's link carries its invite token.
    expect(roomInviteUrl('https://starborn.test', 'r1', 'a-b_c')).toBe(
      'https://starborn.test/shared-story/r1?invite=a-b_c',
    );
  });
});

describe('errors', () => {
  it('names the connection failure with its reason', () => {
    expect(connectErrorMessage('xhr poll error')).toBe(
      'Failed to connect to the story server: xhr poll error',
    );
  });

  it("shows the server's error field on a failed create, else 'Failed to create room.'", () => {
    const serverSaid = {
      kind: 'http',
      status: 403,
      serverMessage: 'Only premium heroes can create shared story rooms',
      message: 'Only premium heroes can create shared story rooms',
    };
    expect(createRoomErrorMessage(serverSaid)).toBe('Only premium heroes can create shared story rooms');
    expect(createRoomErrorMessage({ kind: 'http', status: 500, message: 'Something went wrong.' })).toBe(
      'Failed to create room.',
    );
    expect(createRoomErrorMessage({ kind: 'network', message: 'Network error.' })).toBe(
      'Failed to create room.',
    );
    expect(createRoomErrorMessage(new Error('boom'))).toBe('Failed to create room.');
  });
});

describe('permissions', () => {
  it('creating needs a hero, and a premium one', () => {
    expect(createRoomRefusal(null)).toBe('Please select a hero first');
    expect(createRoomRefusal({ isPremium: false })).toBe('Only premium heroes can create shared story rooms');
    expect(createRoomRefusal({ isPremium: true })).toBeNull();
  });

  it('sending needs a premium participant', () => {
    expect(canSendMessages(true, 'participant')).toBe(true);
    expect(canSendMessages(false, 'participant')).toBe(false);
    expect(canSendMessages(true, 'spectator')).toBe(false);
    expect(canSendMessages(true, null)).toBe(false);
  });

  it('a send is ignored without a connection or with blank text; text is trimmed', () => {
    expect(messageToSend('  onward!  ', true)).toBe('onward!');
    expect(messageToSend('   ', true)).toBeNull();
    expect(messageToSend('onward', false)).toBeNull();
  });

  it('premium in a room: the joined event, else the fetched hero, else the stored status', () => {
    const paid = { paymentStatus: 'paid' };
    const unpaid = { paymentStatus: 'unpaid' };
    expect(heroIsPremiumInRoom(false, paid, paid)).toBe(false);
    expect(heroIsPremiumInRoom(true, unpaid, unpaid)).toBe(true);
    expect(heroIsPremiumInRoom(null, unpaid, paid)).toBe(false);
    expect(heroIsPremiumInRoom(null, undefined, paid)).toBe(true);
    expect(heroIsPremiumInRoom(null, undefined, null)).toBe(false);
  });
});

describe('which hero enters the shared story', () => {
  const free = { heroId: 'free', paymentStatus: 'unpaid' };
  const paidA = { heroId: 'paid-a', paymentStatus: 'paid' };
  const paidB = { heroId: 'paid-b', paymentStatus: 'paid' };

  it('?heroId= first, and only one of the user’s own heroes', () => {
    expect(chooseHero([free, paidA], 'free', 'paid-a')).toBe(free);
    expect(chooseHero([free, paidA], 'someone-else', 'paid-a')).toBeNull();
  });

  it('then the remembered hero, then the first premium hero, then the first hero', () => {
    expect(chooseHero([free, paidA, paidB], null, 'paid-b')).toBe(paidB);
    expect(chooseHero([free, paidA, paidB], null, 'gone')).toBe(paidA);
    expect(chooseHero([free, paidA], null, null)).toBe(paidA);
    expect(chooseHero([free], null, null)).toBe(free);
    expect(chooseHero([], null, null)).toBeNull();
  });
});

describe('presence', () => {
  it("counts the server's word, with the own hero in it only while connected", () => {
    const present = [{ id: 'a' }, { id: 'b' }];
    expect([...presentHeroIds(present, { heroId: 'c', connected: true })].sort()).toEqual(['a', 'b', 'c']);
    expect([...presentHeroIds(present, { heroId: 'a', connected: false })]).toEqual(['b']);
    expect([...presentHeroIds(null, { heroId: 'a', connected: true })]).toEqual(['a']);
  });

  it('says how long ago in words', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(timeAgo('2026-05-01T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-05-01T11:59:00Z', now)).toBe('1 minute ago');
    expect(timeAgo('2026-05-01T11:53:00Z', now)).toBe('7 minutes ago');
    expect(timeAgo('2026-05-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-04-29T12:00:00Z', now)).toBe('2 days ago');
  });
});
