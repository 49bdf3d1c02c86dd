import { ROOM_MESSAGE_MAX_LENGTH, ROOM_MESSAGES } from '@starborn/contracts';
import { checkHeroId, checkMessage, isRoomId, payloadOf } from './room-input.js';

describe('room input', () => {
  it('trims messages and refuses empty or too long ones', () => {
    expect(checkMessage('  hello  ')).toEqual({ ok: true, value: 'hello' });
    expect(checkMessage('x'.repeat(ROOM_MESSAGE_MAX_LENGTH))).toMatchObject({ ok: true });
    expect(checkMessage(` ${'x'.repeat(ROOM_MESSAGE_MAX_LENGTH)} `)).toMatchObject({ ok: true });
    for (const empty of ['', '   \n\t', undefined, null, 42, { text: 'hi' }]) {
      expect(checkMessage(empty)).toEqual({ ok: false, message: ROOM_MESSAGES.messageEmpty });
    }
    expect(checkMessage('x'.repeat(ROOM_MESSAGE_MAX_LENGTH + 1))).toEqual({
      ok: false,
      message: ROOM_MESSAGES.messageTooLong,
    });
  });

  it('asks for a hero first, and treats a malformed id as no hero of the user', () => {
    const heroId = 'a'.repeat(32);
    expect(checkHeroId(heroId)).toEqual({ ok: true, value: heroId });
    for (const missing of [undefined, '', '  ', 7]) {
      expect(checkHeroId(missing)).toEqual({ ok: false, message: ROOM_MESSAGES.selectHeroFirst });
    }
    expect(checkHeroId('not-a-hero')).toEqual({ ok: false, message: ROOM_MESSAGES.heroNotFound });
  });

  it('accepts UUID room ids only', () => {
    expect(isRoomId('97949631-fa8b-44b3-903f-a78d53f13526')).toBe(true);
    expect(isRoomId('97949631-FA8B-44B3-903F-A78D53F13526')).toBe(true);
    for (const bad of ['', 'room', '97949631-fa8b-44b3-903f', 42, undefined, '../x']) {
      expect(isRoomId(bad)).toBe(false);
    }
  });

  it('reads any payload as an object', () => {
    expect(payloadOf({ roomId: 'x' })).toEqual({ roomId: 'x' });
    for (const odd of [undefined, null, 'text', 3, ['a']]) expect(payloadOf(odd)).toEqual({});
  });
});
