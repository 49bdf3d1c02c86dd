import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Session, User } from './session';

export interface AuthState {
  token: string | null;
  user: User | null;
}

export const signedOutState: AuthState = { token: null, user: null };

const authSlice = createSlice({
  name: 'auth',
  initialState: signedOutState,
  reducers: {
    /** Login or register succeeded. */
    credentialsReceived(_state, action: PayloadAction<Session>) {
      return { token: action.payload.token, user: action.payload.user };
    },
    /** GET /api/user confirmed the token; keep the freshest name and email. */
    userRefreshed(state, action: PayloadAction<User>) {
      if (state.token) state.user = action.payload;
    },
    /** The user pressed Sign Out / Log Out. */
    signedOut() {
      return signedOutState;
    },
    /** The server rejected the token (401) or another tab signed out. */
    sessionEnded() {
      return signedOutState;
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    selectToken: (state) => state.token,
    selectIsAuthenticated: (state) => state.token !== null && state.user !== null,
  },
});

export const { credentialsReceived, userRefreshed, signedOut, sessionEnded } = authSlice.actions;
export const { selectUser, selectToken, selectIsAuthenticated } = authSlice.selectors;
export const authReducer = authSlice.reducer;
export default authSlice;
