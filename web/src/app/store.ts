import {
  applyMiddleware,
  combineReducers,
  compose,
  legacy_createStore as createStore,
  type Middleware,
  type Reducer,
  type Store,
  type UnknownAction,
} from 'redux';
import { thunk, type ThunkDispatch } from 'redux-thunk';
import { defineAction } from './actions';
import {
  authReducer,
  credentialsReceived,
  sessionEnded,
  signedOut,
  signedOutState,
  userRefreshed,
  type AuthState,
} from '../features/auth/authSlice';
import { clearSession, loadSession, saveSession, type KeyValueStorage } from '../features/auth/session';
import { notificationsReducer, type NotificationsState } from '../features/notifications/notificationsSlice';
import { heroSelected, selectedHeroRestored } from '../features/rooms/selectedHero';
import { clearSelectedHero, loadSelectedHero, saveSelectedHero } from '../features/rooms/selectedHeroStorage';

/*
 * The store every page loads is plain Redux, not Redux Toolkit's configureStore: a module lives in
 * one chunk only, so any Toolkit import here would put Toolkit and Immer (about 8 kB gzip) into the
 * landing page's JavaScript. The lazy features (RTK Query in app/api.ts, the rooms and wizard
 * slices...) keep Redux Toolkit and join this store through joinStore.
 */

/**
 * The slices that join the store when the code that needs them loads (see joinStore). Each module that
 * joins one adds its state here (`declare module` in app/api.ts and features/rooms/roomsSlice.ts), so
 * the store imports none of them: they import the store.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazySlices {}

/** The slices every page needs. */
interface EagerSlices {
  auth: AuthState;
  notifications: NotificationsState;
}

/** The state as the app reads it: a lazy slice is there whenever code that reads it is loaded. */
export type RootState = EagerSlices & LazySlices;

/**
 * The slices every page needs, then the lazy ones: the RTK Query slice (app/api.ts) joins when the
 * first feature that calls the server is imported, the rooms slice with the shared story screens. The
 * landing page talks to no server and shows no room, so neither is in its bundle.
 */
const reducers: { [Path in keyof RootState]?: Reducer<RootState[Path]> } = {
  auth: authReducer,
  notifications: notificationsReducer,
};

/** The state is typed with every lazy slice: code that reads one has loaded it, so it has joined. */
type AppReducer = Reducer<RootState, UnknownAction, Partial<RootState>>;
const combineJoined = () => combineReducers(reducers) as unknown as AppReducer;
let rootReducer = combineJoined();

/** Middleware added after the stores are made (the API's), run in the order it joined. */
const lateMiddleware: Middleware[] = [];

/**
 * Runs the late middleware in every store. Each is set up once per store (RTK Query keeps its
 * per-store state in that closure); the chain is rebuilt when one joins.
 */
const dynamicMiddleware: Middleware = (storeApi) => {
  const applied: ReturnType<Middleware>[] = [];
  return (next) => {
    let chain = next;
    return (action) => {
      if (applied.length < lateMiddleware.length) {
        for (const middleware of lateMiddleware.slice(applied.length)) applied.push(middleware(storeApi));
        chain = applied.reduceRight((inner, middleware) => middleware(inner), next);
      }
      return chain(action);
    };
  };
};

/** Tells the stores that a slice joined, so its state exists before a selector reads it. */
export const sliceJoined = defineAction<string>('app/sliceJoined');

/** The reducer paths of the lazy slices joined so far. */
const joinedSlices = new Set<keyof LazySlices>();

// The stores made in this page (the app's one; tests make their own), for sliceJoined.
const stores = new Set<WeakRef<AppStore>>();

/** Adds a lazily loaded slice and its middleware to every store, now and to come. */
export function joinStore<Path extends keyof LazySlices>(
  slice: { reducerPath: Path; reducer: Reducer<LazySlices[Path]> },
  ...middleware: Middleware[]
): void {
  (reducers as Record<string, Reducer>)[slice.reducerPath] = slice.reducer;
  rootReducer = combineJoined();
  joinedSlices.add(slice.reducerPath);
  for (const m of middleware) if (!lateMiddleware.includes(m)) lateMiddleware.push(m);
  for (const ref of stores) {
    const store = ref.deref();
    if (!store) {
      stores.delete(ref);
      continue;
    }
    // Replacing the reducer gives the new slice its initial state.
    store.replaceReducer(rootReducer);
    store.dispatch(sliceJoined(slice.reducerPath));
  }
}

export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction>;
export type AppStore = Omit<Store<RootState, UnknownAction>, 'dispatch'> & { dispatch: AppDispatch };

/** Redux DevTools, when the browser has the extension (as configureStore did). */
const composeEnhancers: typeof compose =
  (typeof window !== 'undefined' &&
    (window as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: typeof compose })
      .__REDUX_DEVTOOLS_EXTENSION_COMPOSE__) ||
  compose;

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
  const store: AppStore = createStore(
    rootReducer,
    { auth: session ? { token: session.token, user: session.user } : signedOutState },
    composeEnhancers(applyMiddleware(persistence, thunk, dynamicMiddleware)),
  );
  stores.add(new WeakRef(store));
  // A store made after the slice joined (tests make several) restores the hero at once.
  if (joinedSlices.has('rooms')) restoreSelectedHero(store.getState(), store.dispatch);
  return store;
}
