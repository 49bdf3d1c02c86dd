import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { api } from './api';
import type { RoomsState } from '../features/rooms/roomsSlice';
import {
  authReducer,
  credentialsReceived,
  sessionEnded,
  signedOut,
  signedOutState,
  userRefreshed,
} from '../features/auth/authSlice';
import { clearSession, loadSession, saveSession, type KeyValueStorage } from '../features/auth/session';
import { notificationsReducer } from '../features/notifications/notificationsSlice';
import { heroSelected, selectedHeroRestored } from '../features/rooms/selectedHero';
import { clearSelectedHero, loadSelectedHero, saveSelectedHero } from '../features/rooms/selectedHeroStorage';

/** The slices that join the store when the code that needs them loads (see joinStore). */
interface LazySlices {
  api: ReturnType<typeof api.reducer>;
  rooms: RoomsState;
}

/**
 * The slices every page needs, then the lazy ones: the RTK Query slice (app/api.ts) joins when the
 * first feature that calls the server is imported, the rooms slice with the shared story screens. The
 * landing page talks to no server and shows no room, so neither is in its bundle.
 */
const rootReducer = combineSlices({
  auth: authReducer,
  notifications: notificationsReducer,
}).withLazyLoadedSlices<LazySlices>();

/** Middleware added after the store is made (the API's). */
const lateMiddleware = createDynamicMiddleware();

/** Tells the stores that a slice joined, so its state exists before a selector reads it. */
export const sliceJoined = createAction<string>('app/sliceJoined');

/** The reducer paths of the lazy slices joined so far. */
const joinedSlices = new Set<keyof LazySlices>();

// The stores made in this page (the app's one; tests make their own), for sliceJoined.
const stores = new Set<WeakRef<{ dispatch: (action: ReturnType<typeof sliceJoined>) => unknown }>>();

/** Adds a lazily loaded slice and its middleware to every store, now and to come. */
export function joinStore<Path extends keyof LazySlices>(
  slice: { reducerPath: Path; reducer: Reducer<LazySlices[Path]> },
  ...middleware: Middleware[]
): void {
  // The signature ties each path to its state; inject's overloads cannot follow a generic path.
  rootReducer.inject(slice as unknown as { reducerPath: 'rooms'; reducer: Reducer<RoomsState> });
  joinedSlices.add(slice.reducerPath);
  lateMiddleware.addMiddleware(...middleware);
  for (const ref of stores) {
    const store = ref.deref();
    if (store) store.dispatch(sliceJoined(slice.reducerPath));
    else stores.delete(ref);
  }
}

/** The state as the app reads it: a lazy slice is there whenever code that reads it is loaded. */
export type RootState = Omit<ReturnType<typeof rootReducer>, keyof LazySlices> & LazySlices;
const appReducer = rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>;

/**
 * Builds the store with the session restored from `storage`, and keeps storage in step with
 * the auth state (reducers stay pure; its middleware does the writing).
 */
export function createAppStore(storage: KeyValueStorage) {
  // The rooms slice starts from the hero this user took into shared stories last time.
  const restoreSelectedHero = (state: RootState, dispatch: (action: UnknownAction) => unknown) => {
    const hero = loadSelectedHero(storage, state.auth.user?.id);
    if (hero) dispatch(selectedHeroRestored(hero));
  };
  // A plain middleware rather than RTK's listener middleware: these writes need no effects API, and
  // the listener code would be in the JavaScript every page loads.
  const persistence: Middleware<object, RootState> = (storeApi) => (next) => (action) => {
    const result = next(action);
    const { token, user } = storeApi.getState().auth;
    if (credentialsReceived.match(action) || userRefreshed.match(action)) {
      if (token && user) saveSession(storage, { token, user });
    } else if (signedOut.match(action) || sessionEnded.match(action)) {
      clearSession(storage);
      // The API's cached answers are dropped by its own middleware (app/api.ts).
      clearSelectedHero(storage);
    } else if (heroSelected.match(action)) {
      if (user) saveSelectedHero(storage, user.id, action.payload);
    } else if (sliceJoined.match(action) && action.payload === 'rooms') {
      restoreSelectedHero(storeApi.getState(), storeApi.dispatch);
    }
    return result;
  };

  const session = loadSession(storage);
  const store = configureStore({
    reducer: appReducer,
    preloadedState: {
      auth: session ? { token: session.token, user: session.user } : signedOutState,
    },
    middleware: (getDefault) => getDefault().prepend(persistence).concat(lateMiddleware.middleware),
  });
  stores.add(new WeakRef(store));
  // A store made after the slice joined (tests make several) restores the hero at once.
  if (joinedSlices.has('rooms')) restoreSelectedHero(store.getState(), store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
