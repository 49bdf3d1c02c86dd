import { describe, expect, it } from '@jest/globals';
import { createAppStore } from '../../app/store';
import { authApi } from './authApi';
import {
  credentialsReceived,
  selectIsAuthenticated,
  selectUser,
  sessionEnded,
  signedOut,
  userRefreshed,
} from './authSlice';
import type { KeyValueStorage } from './session';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const storage: KeyValueStorage = {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
  return { storage, items };
}

const user = { id: 'u-1', name: 'Lyra', email: 'lyra@starborn.test' };

describe('auth state and its storage', () => {
  it('starts signed out with empty storage', () => {
    const { storage } = memoryStorage();
    const store = createAppStore(storage);
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });

  it('restores the stored session on creation', () => {
    const { storage } = memoryStorage({ authToken: 'tok', user: JSON.stringify(user) });
    const store = createAppStore(storage);
    expect(store.getState().auth).toEqual({ token: 'tok', user });
    expect(selectIsAuthenticated(store.getState())).toBe(true);
  });

  it('clears both keys when the stored user is corrupt', () => {
    const { storage, items } = memoryStorage({ authToken: 'tok', user: '{oops' });
    const store = createAppStore(storage);
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    expect(items.size).toBe(0);
  });

  it('writes login to storage and clears it on sign-out', () => {
    const { storage, items } = memoryStorage();
    const store = createAppStore(storage);
    store.dispatch(credentialsReceived({ token: 'tok', user }));
    expect(items.get('authToken')).toBe('tok');
    expect(JSON.parse(items.get('user')!)).toEqual(user);

    store.dispatch(userRefreshed({ ...user, name: 'Lyra Starweaver' }));
    expect(selectUser(store.getState())?.name).toBe('Lyra Starweaver');
    expect(JSON.parse(items.get('user')!).name).toBe('Lyra Starweaver');

    store.dispatch(signedOut());
    expect(store.getState().auth).toEqual({ token: null, user: null });
    expect(items.size).toBe(0);
  });

  it('clears storage when the server ends the session', () => {
    const { storage, items } = memoryStorage({ authToken: 'tok', user: JSON.stringify(user) });
    const store = createAppStore(storage);
    store.dispatch(sessionEnded());
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    expect(items.size).toBe(0);
  });

  it('ignores a user refresh after sign-out', () => {
    const { storage, items } = memoryStorage();
    const store = createAppStore(storage);
    store.dispatch(userRefreshed(user));
    expect(store.getState().auth.user).toBeNull();
    expect(items.size).toBe(0);
  });

  it.each([
    ['signing out', signedOut()],
    ['the server ending the session', sessionEnded()],
  ])('drops the cached API answers on %s', (_name, action) => {
    const { storage } = memoryStorage({ authToken: 'tok', user: JSON.stringify(user) });
    const store = createAppStore(storage);
    const cachedUser = () => authApi.endpoints.getCurrentUser.select()(store.getState()).data;
    store.dispatch(
      authApi.util.upsertQueryEntries([{ endpointName: 'getCurrentUser', arg: undefined, value: user }]),
    );
    expect(cachedUser()).toEqual(user);

    store.dispatch(action);
    expect(cachedUser()).toBeUndefined();
  });
});
