import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUser, signedOut } from './authSlice';
import { greetingName } from './session';
import { NOTIFICATION_DURATIONS, notify } from '../notifications/notificationsSlice';

/** Sign-out of spec §4: clear the session, go to /, say goodbye for 3 s. */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);

  return useCallback(async () => {
    const name = greetingName(user);
    // Leave the (possibly guarded) page first and render home synchronously, so the old
    // page's guard never sees the signed-out state and bounces us to /login.
    await navigate('/', { flushSync: true });
    dispatch(signedOut());
    dispatch(
      notify({
        type: 'info',
        title: 'Logged Out',
        message: `Goodbye, ${name}. Your cosmic journey awaits your return!`,
        duration: NOTIFICATION_DURATIONS.signOut,
      }),
    );
  }, [dispatch, navigate, user]);
}
