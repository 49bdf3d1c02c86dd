/**
 * The signed-in user and their token. A plain reducer rather than a Redux Toolkit slice: it is in
 * the store every page loads, whose JavaScript stays free of Toolkit and Immer (see app/store.ts).
 */
import type { UnknownAction } from 'redux';
import { defineAction } from '../../app/actions';
import type { Session, User } from './session';

export interface AuthState {
  token: string | null;
  user: User | null;
}

export const signedOutState: AuthState = { token: null, user: null };

/** Login or register succeeded. */
export const credentialsReceived = defineAction<Session>('auth/credentialsReceived');
/** GET /api/user confirmed the token; keep the freshest name and email. */
export const userRefreshed = defineAction<User>('auth/userRefreshed');
/** The user pressed Sign Out / Log Out. */
export const signedOut = defineAction('auth/signedOut');
/** The server rejected the token (401) or another tab signed out. */
export const sessionEnded = defineAction('auth/sessionEnded');

export function authReducer(state: AuthState = signedOutState, action: UnknownAction): AuthState {
  if (credentialsReceived.match(action)) {
    return { token: action.payload.token, user: action.payload.user };
  }
  if (userRefreshed.match(action)) {
    return state.token ? { ...state, user: action.payload } : state;
  }
  if (signedOut.match(action) || sessionEnded.match(action)) return signedOutState;
  return state;
}

interface WithAuth {
  auth: AuthState;
}

export const selectUser = (state: WithAuth) => state.auth.user;
export const selectToken = (state: WithAuth) => state.auth.token;
export const selectIsAuthenticated = (state: WithAuth) =>
  state.auth.token !== null && state.auth.user !== null;
