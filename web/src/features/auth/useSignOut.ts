import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { revokeSession } from './revokeSession';
import { selectToken, selectUser, signedOut } from './authSlice';
import { greetingName } from './session';
import { NOTIFICATION_DURATIONS, notify } from '../notifications/notificationsSlice';

/**
 * Sign-out: the server ends the token's session, and the app clears it, goes to / and says goodbye for
 * 3 s. The local sign-out never waits for the server (offline, slow): the call only has to leave.
 * `{ revoke: false }` when the server has already ended the session (sign out everywhere); `notice`
 * replaces the goodbye (a deleted account).
 */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const token = useAppSelector(selectToken);

  return useCallback(
    async ({
      revoke = true,
      notice,
    }: { revoke?: boolean; notice?: { title: string; message: string } } = {}) => {
      const name = greetingName(user);
      if (token && revoke) void revokeSession(token);
      // Leave the (possibly guarded) page in the same render as the sign-out (the router's updates
      // are not transitions, see main.tsx), so the old page's guard never sees the signed-out state
      // and bounces us to /login.
      void navigate('/');
      dispatch(signedOut());
      dispatch(
        notify({
          type: 'info',
          title: notice?.title ?? 'Logged Out',
          message: notice?.message ?? `Goodbye, ${name}. Your cosmic journey awaits your return!`,
          duration: NOTIFICATION_DURATIONS.signOut,
        }),
      );
    },
    [dispatch, navigate, user, token],
  );
}
