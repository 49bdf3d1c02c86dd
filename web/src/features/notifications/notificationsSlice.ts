/**
 * The toasts on screen. A plain reducer rather than a Redux Toolkit slice: it is in the store every
 * page loads, whose JavaScript stays free of Toolkit and Immer (see app/store.ts).
 */
import type { UnknownAction } from 'redux';
import { defineAction } from '../../app/actions';

export type NotificationType = 'error' | 'warning' | 'success' | 'info';

/** A notification, plus an id so several can be on screen at once. */
export interface Notification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  visible: boolean;
  autoClose: boolean;
  duration: number;
  dismissible: boolean;
}

export interface NotifyInput {
  type: NotificationType;
  title: string;
  message: string;
  autoClose?: boolean;
  duration?: number;
  dismissible?: boolean;
}

/** How long each kind stays, in milliseconds. */
export const NOTIFICATION_DURATIONS = {
  default: 5000,
  signOut: 3000,
  loginWelcome: 3000,
  paymentSuccessChapters: 6000,
  paymentSuccess: 4000,
  quotaError: 10000,
} as const;

/** Hidden toasts stay this long so their exit animation can play. */
export const EXIT_ANIMATION_MS = 300;

export type NotificationsState = Notification[];

let notificationCount = 0;

/** Shows a notification; the options left out take their defaults. */
export const notify = defineAction('notifications/notify', (input: NotifyInput): Notification => ({
  // Unique within the page, which is all the toasts need.
  id: `n${(notificationCount += 1)}-${Date.now().toString(36)}`,
  type: input.type,
  title: input.title,
  message: input.message,
  visible: true,
  autoClose: input.autoClose ?? true,
  duration: input.duration ?? NOTIFICATION_DURATIONS.default,
  dismissible: input.dismissible ?? true,
}));
/** Starts the exit: the toast stays in the list, invisible, until removed. */
export const hideNotification = defineAction<string>('notifications/hideNotification');
export const removeNotification = defineAction<string>('notifications/removeNotification');
export const clearNotifications = defineAction('notifications/clearNotifications');

export function notificationsReducer(
  state: NotificationsState = [],
  action: UnknownAction,
): NotificationsState {
  if (notify.match(action)) return [...state, action.payload];
  if (hideNotification.match(action)) {
    const id = action.payload;
    if (!state.some((n) => n.id === id && n.visible)) return state;
    return state.map((n) => (n.id === id ? { ...n, visible: false } : n));
  }
  if (removeNotification.match(action)) return state.filter((n) => n.id !== action.payload);
  if (clearNotifications.match(action)) return state.length ? [] : state;
  return state;
}

/** The AI-quota notification (10 s, dismissible), ready for the features that need it. */
export function quotaExceededNotification(serverMessage?: string): NotifyInput {
  return {
    type: 'error',
    title: 'OpenAI API Quota Exceeded',
    message:
      serverMessage?.trim() ||
      'The AI service is currently unavailable due to quota limits. Please try again later.',
    duration: NOTIFICATION_DURATIONS.quotaError,
    dismissible: true,
  };
}
