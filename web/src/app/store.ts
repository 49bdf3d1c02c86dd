import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { api } from './api';
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

const rootReducer = combineReducers({
  auth: authReducer,
  notifications: notificationsReducer,
  rooms: roomsReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

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
    effect: (_action, listenerApi) => {
      clearSession(storage);
      // Cached answers belong to the previous user.
      listenerApi.dispatch(api.util.resetApiState());
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
  return configureStore({
    reducer: rootReducer,
    preloadedState: {
      auth: session ? { token: session.token, user: session.user } : signedOutState,
      rooms: { ...initialRoomsState, selectedHero: loadSelectedHero(storage, session?.user.id) },
    },
    middleware: (getDefault) => getDefault().prepend(persistence.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
