import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  createListenerMiddleware,
  isAnyOf,
  type Middleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { api } from './api';
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
import { heroSelected, initialRoomsState, roomsReducer } from '../features/rooms/roomsSlice';
import { clearSelectedHero, loadSelectedHero, saveSelectedHero } from '../features/rooms/selectedHeroStorage';

type ApiState = ReturnType<typeof api.reducer>;

/**
 * The client's own slices, and the RTK Query slice (app/api.ts) once it is loaded: the landing page
 * talks to no server, so the query code is not in its bundle; the API module joins the store when the
 * first feature that calls the server is imported (see joinStore).
 */
const rootReducer = combineSlices({
  auth: authReducer,
  notifications: notificationsReducer,
  rooms: roomsReducer,
}).withLazyLoadedSlices<{ api: ApiState }>();

/** Middleware added after the store is made (the API's). */
const lateMiddleware = createDynamicMiddleware();

/** Tells the stores that a slice joined, so its state exists before a selector reads it. */
export const sliceJoined = createAction<string>('app/sliceJoined');

// The stores made in this page (the app's one; tests make their own), for sliceJoined.
const stores = new Set<WeakRef<{ dispatch: (action: ReturnType<typeof sliceJoined>) => unknown }>>();

/** Adds a lazily loaded slice and its middleware to every store, now and to come. */
export function joinStore(
  slice: { reducerPath: string; reducer: Reducer },
  ...middleware: Middleware[]
): void {
  rootReducer.inject({
    reducerPath: slice.reducerPath as 'api',
    reducer: slice.reducer as Reducer<ApiState>,
  });
  lateMiddleware.addMiddleware(...middleware);
  for (const ref of stores) {
    const store = ref.deref();
    if (store) store.dispatch(sliceJoined(slice.reducerPath));
    else stores.delete(ref);
  }
}

/** The state as the app reads it: the API slice is there whenever code that reads it is loaded. */
export type RootState = Omit<ReturnType<typeof rootReducer>, 'api'> & { api: ApiState };
const appReducer = rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>;

/**
 * Builds the store with the session restored from `storage`, and keeps storage in step with
 * the auth state (reducers stay pure; this listener does the writing).
 */
export function createAppStore(storage: KeyValueStorage) {
  const persistence = createListenerMiddleware();
  persistence.startListening({
    matcher: isAnyOf(credentialsReceived, userRefreshed),
    effect: (_action, listenerApi) => {
      const { token, user } = (listenerApi.getState() as RootState).auth;
      if (token && user) saveSession(storage, { token, user });
    },
  });
  persistence.startListening({
    matcher: isAnyOf(signedOut, sessionEnded),
    effect: () => {
      clearSession(storage);
      // The API's cached answers are dropped by its own middleware (app/api.ts).
      clearSelectedHero(storage);
    },
  });
  persistence.startListening({
    actionCreator: heroSelected,
    effect: (action, listenerApi) => {
      const userId = (listenerApi.getState() as RootState).auth.user?.id;
      if (userId) saveSelectedHero(storage, userId, action.payload);
    },
  });

  const session = loadSession(storage);
  const store = configureStore({
    reducer: appReducer,
    preloadedState: {
      auth: session ? { token: session.token, user: session.user } : signedOutState,
      rooms: { ...initialRoomsState, selectedHero: loadSelectedHero(storage, session?.user.id) },
    },
    middleware: (getDefault) =>
      getDefault().prepend(persistence.middleware).concat(lateMiddleware.middleware),
  });
  stores.add(new WeakRef(store));
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
