import { ROOM_MESSAGES } from '@starborn/contracts';
import { assertHostOf, inviteMatches, joinAccess, newInviteToken, settingsChange } from './room-hosts.js';
import { ROOM_TITLE_MAX_LENGTH } from './validation.js';

const HOST_USER = '6f1d7e2a-3b4c-4d5e-8f90-a1b2c3d4e5f6';
const TOKEN = newInviteToken();
const open = { invite_only: false, invite_token: TOKEN, closed_at: null };
const inviteOnly = { ...open, invite_only: true };
const closed = { ...open, closed_at: new Date() };
const seated = { removed_at: null };
const removed = { removed_at: new Date() };

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as { status: number; message: string };
  }
  throw new Error('expected a refusal');
};

describe('newInviteToken', () => {
  it('is 32 URL-safe characters, different every time', () => {
    const tokens = new Set(Array.from({ length: 50 }, newInviteToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

describe('inviteMatches', () => {
  it('accepts the room token alone', () => {
    expect(inviteMatches(open, TOKEN)).toBe(true);
    expect(inviteMatches(open, `${TOKEN}x`)).toBe(false);
    expect(inviteMatches(open, newInviteToken())).toBe(false);
    for (const given of ['', undefined, null, 42, { token: TOKEN }])
      expect(inviteMatches(open, given)).toBe(false);
  });
});

describe('joinAccess', () => {
  it('lets anyone into an open public room', () => {
    expect(joinAccess(open, undefined, undefined)).toBe('join');
    expect(joinAccess(open, seated, undefined)).toBe('join');
  });

  it('lets into an invite-only room its heroes and holders of the current invite token only', () => {
    expect(joinAccess(inviteOnly, undefined, TOKEN)).toBe('join');
    expect(joinAccess(inviteOnly, seated, undefined)).toBe('join');
    expect(refusal(() => joinAccess(inviteOnly, undefined, undefined))).toMatchObject({
      status: 403,
      message: ROOM_MESSAGES.inviteRequired,
    });
    expect(refusal(() => joinAccess(inviteOnly, undefined, newInviteToken())).status).toBe(403);
  });

  it('never lets a removed hero back, invite or not, open or closed', () => {
    for (const room of [open, inviteOnly, closed]) {
      expect(refusal(() => joinAccess(room, removed, TOKEN))).toMatchObject({
        status: 403,
        message: ROOM_MESSAGES.removedFromRoom,
      });
    }
  });

  it("shows a closed room's history to its heroes, and refuses everyone else", () => {
    expect(joinAccess(closed, seated, undefined)).toBe('read');
    expect(refusal(() => joinAccess(closed, undefined, TOKEN))).toMatchObject({
      status: 403,
      message: ROOM_MESSAGES.roomClosed,
    });
  });
});

describe('assertHostOf', () => {
  const room = { host_user_id: HOST_USER, closed_at: null };

  it("accepts the host's owner (any spelling of the id)", () => {
    expect(() => assertHostOf(room, HOST_USER)).not.toThrow();
    expect(() => assertHostOf(room, HOST_USER.toUpperCase())).not.toThrow();
  });

  it('refuses anyone else (403), and a closed room to the host too (409)', () => {
    for (const userId of ['0f1d7e2a-3b4c-4d5e-8f90-a1b2c3d4e5f6', undefined, '']) {
      expect(refusal(() => assertHostOf(room, userId))).toMatchObject({
        status: 403,
        message: ROOM_MESSAGES.hostOnly,
      });
    }
    expect(refusal(() => assertHostOf({ ...room, closed_at: new Date() }, HOST_USER))).toMatchObject({
      status: 409,
      message: ROOM_MESSAGES.roomClosed,
    });
  });
});

describe('settingsChange', () => {
  it('renames through the title validation of creation (spaces folded, cut to the limit)', () => {
    expect(settingsChange({ title: '  The   Ember Road ' }, open)).toEqual({
      title: 'The Ember Road',
      inviteOnly: null,
      inviteToken: null,
    });
    expect(settingsChange({ title: 'x'.repeat(500) }, open).title).toHaveLength(ROOM_TITLE_MAX_LENGTH);
  });

  it('refuses an empty title and an empty change (400)', () => {
    expect(refusal(() => settingsChange({ title: '   ' }, open))).toMatchObject({
      status: 400,
      message: ROOM_MESSAGES.titleRequired,
    });
    expect(refusal(() => settingsChange({}, open))).toMatchObject({
      status: 400,
      message: ROOM_MESSAGES.nothingToChange,
    });
    expect(refusal(() => settingsChange({ inviteOnly: 'yes' as never }, open)).status).toBe(400);
    for (const title of ['Nul\u0000Road', 'Broken \ud800 Road']) {
      expect(refusal(() => settingsChange({ title }, open))).toMatchObject({
        status: 400,
        message: ROOM_MESSAGES.titleInvalidText,
      });
    }
  });

  it('gives a new invite token when the room becomes invite-only, or when asked to rotate it', () => {
    const made = settingsChange({ inviteOnly: true }, open);
    expect(made.inviteOnly).toBe(true);
    expect(made.inviteToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Already invite-only: the links shared stay valid unless rotated.
    expect(settingsChange({ inviteOnly: true }, inviteOnly).inviteToken).toBeNull();
    expect(settingsChange({ rotateInvite: true }, inviteOnly).inviteToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(settingsChange({ inviteOnly: false }, inviteOnly)).toEqual({
      title: null,
      inviteOnly: false,
      inviteToken: null,
    });
  });
});
