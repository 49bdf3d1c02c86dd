import { describe, expect, it } from '@jest/globals';
import {
  clearNotifications,
  hideNotification,
  NOTIFICATION_DURATIONS,
  notificationsReducer,
  notify,
  quotaExceededNotification,
  removeNotification,
} from './notificationsSlice';

describe('notifications', () => {
  it('adds a visible, auto-closing notification with the 5000 ms default', () => {
    const state = notificationsReducer([], notify({ type: 'info', title: 'Hello', message: 'World' }));
    expect(state).toHaveLength(1);
    expect(state[0]).toMatchObject({
      type: 'info',
      title: 'Hello',
      message: 'World',
      visible: true,
      autoClose: true,
      duration: 5000,
      dismissible: true,
    });
    expect(state[0].id).toEqual(expect.any(String));
  });

  it('keeps the published durations', () => {
    expect(NOTIFICATION_DURATIONS).toMatchObject({
      default: 5000,
      signOut: 3000,
      loginWelcome: 3000,
      quotaError: 10000,
    });
  });

  it('hides, then removes, one notification', () => {
    let state = notificationsReducer(
      [],
      notify({ type: 'success', title: 'A', message: 'a', duration: 3000 }),
    );
    state = notificationsReducer(
      state,
      notify({ type: 'error', title: 'B', message: 'b', autoClose: false }),
    );
    const [a, b] = state;
    expect(b.autoClose).toBe(false);
    state = notificationsReducer(state, hideNotification(a.id));
    expect(state.map((n) => n.visible)).toEqual([false, true]);
    state = notificationsReducer(state, removeNotification(a.id));
    expect(state.map((n) => n.title)).toEqual(['B']);
    expect(notificationsReducer(state, clearNotifications())).toEqual([]);
  });

  it('builds the quota notification', () => {
    expect(quotaExceededNotification()).toEqual({
      type: 'error',
      title: 'OpenAI API Quota Exceeded',
      message: 'The AI service is currently unavailable due to quota limits. Please try again later.',
      duration: 10000,
      dismissible: true,
    });
    expect(quotaExceededNotification('Quota hit').message).toBe('Quota hit');
  });
});
