import { api } from '../../app/api';
import { credentialsReceived, userRefreshed } from '../auth/authSlice';
import { toSession, toUser } from '../auth/authApi';
import type { Session, User } from '../auth/session';

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** The account page's calls: rename, change the password, sign out everywhere. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PATCH /api/user: the stored user takes the new name, so the header shows it at once. */
    updateDisplayName: build.mutation<User, { name: string }>({
      query: (body) => ({ url: '/user', method: 'PATCH', body }),
      transformResponse: toUser,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userRefreshed(data));
      },
    }),
    /**
     * POST /api/user/password: every other session ends; this browser keeps going with the fresh
     * token the answer carries (its old one is signed out with the rest).
     */
    changePassword: build.mutation<Session, ChangePasswordRequest>({
      query: (body) => ({ url: '/user/password', method: 'POST', body }),
      transformResponse: toSession,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(credentialsReceived(data));
      },
    }),
    /** POST /api/auth/logout-all: every token of the user issued until now stops working, this one too. */
    signOutEverywhere: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout-all', method: 'POST' }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useUpdateDisplayNameMutation, useChangePasswordMutation, useSignOutEverywhereMutation } =
  accountApi;
