import { api } from '../../app/api';
import { credentialsReceived, userRefreshed } from './authSlice';
import { parseUser, type Session, type User } from './session';

export interface LoginRequest {
  email: string;
  password: string;
}

export interface RegisterRequest {
  name: string;
  email: string;
  password: string;
}

/** Accepts only answers that carry a token and a usable user; anything else is a failed call. */
export function toSession(response: unknown): Session {
  const r = (response ?? {}) as { token?: unknown; user?: unknown };
  const user = parseUser(r.user);
  if (typeof r.token !== 'string' || r.token === '' || !user) {
    throw new Error('The server answered without a session.');
  }
  return { token: r.token, user };
}

/** Accepts only a usable user. */
export function toUser(response: unknown): User {
  const user = parseUser(response);
  if (!user) throw new Error('The server answered without a user.');
  return user;
}

/** Signing in and registering both store the session they answer. */
async function storeSession(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: {
    dispatch: (action: ReturnType<typeof credentialsReceived>) => unknown;
    queryFulfilled: Promise<{ data: Session }>;
  },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(credentialsReceived(data));
  } catch {
    // The page shows the error; the session is unchanged.
  }
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Session, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      transformResponse: toSession,
      onQueryStarted: storeSession,
    }),
    register: build.mutation<Session, RegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      transformResponse: toSession,
      onQueryStarted: storeSession,
    }),
    /** Validates the stored token on start-up (GET /api/user; a 401 signs out). */
    getCurrentUser: build.query<User, void>({
      query: () => '/user',
      transformResponse: toUser,
      providesTags: ['User'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userRefreshed(data));
        } catch {
          // 401 is handled by the base query; other failures keep the stored session (offline, 503).
        }
      },
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useGetCurrentUserQuery } = authApi;
