import { beforeEach, describe, expect, it } from '@jest/globals';
import {
  clearSession,
  greetingName,
  loadSession,
  parseStoredUser,
  parseUser,
  profileLabel,
  saveSession,
  type KeyValueStorage,
} from './session';

class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const user = { id: 'u-1', name: 'Lyra', email: 'lyra@starborn.test' };

describe('parseUser', () => {
  it('accepts a complete user and normalises a numeric id', () => {
    expect(parseUser(user)).toEqual(user);
    expect(parseUser({ ...user, id: 42, extra: true })).toEqual({ ...user, id: '42' });
    expect(parseUser({ ...user, name: '' })).toEqual({ ...user, name: '' });
  });

  it.each([
    ['null', null],
    ['an array', [user]],
    ['a string', 'user'],
    ['no id', { name: 'Lyra', email: 'lyra@starborn.test' }],
    ['no email', { id: 'u-1', name: 'Lyra' }],
    ['no name', { id: 'u-1', email: 'lyra@starborn.test' }],
    ['an empty id', { ...user, id: '' }],
  ])('rejects %s', (_label, value) => {
    expect(parseUser(value)).toBeNull();
  });

  it('rejects bad JSON', () => {
    expect(parseStoredUser('{not json')).toBeNull();
    expect(parseStoredUser(JSON.stringify(user))).toEqual(user);
  });
});

describe('loadSession', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it('is signed out when nothing is stored', () => {
    expect(loadSession(storage)).toBeNull();
  });

  it('restores a stored token and user', () => {
    saveSession(storage, { token: 'tok', user });
    expect(storage.getItem('authToken')).toBe('tok');
    expect(JSON.parse(storage.getItem('user')!)).toEqual(user);
    expect(loadSession(storage)).toEqual({ token: 'tok', user });
  });

  it.each(['{not json', '{"name":"Lyra"}', '"text"', 'null'])(
    'clears both keys when the stored user is %s',
    (raw) => {
      storage.setItem('authToken', 'tok');
      storage.setItem('user', raw);
      expect(loadSession(storage)).toBeNull();
      expect(storage.items.size).toBe(0);
    },
  );

  it('clears a half session', () => {
    storage.setItem('authToken', 'tok');
    expect(loadSession(storage)).toBeNull();
    expect(storage.items.size).toBe(0);
    storage.setItem('user', JSON.stringify(user));
    expect(loadSession(storage)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('treats unusable storage as signed out', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadSession(broken)).toBeNull();
    expect(() => saveSession(broken, { token: 't', user })).not.toThrow();
    expect(() => clearSession(broken)).not.toThrow();
  });
});

describe('display names', () => {
  it('falls back to Profile for the header link and Hero for greetings', () => {
    expect(profileLabel(user)).toBe('Lyra');
    expect(profileLabel({ name: '  ' })).toBe('Profile');
    expect(profileLabel(null)).toBe('Profile');
    expect(greetingName(user)).toBe('Lyra');
    expect(greetingName({ name: '' })).toBe('Hero');
    expect(greetingName(undefined)).toBe('Hero');
  });
});
