import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

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

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: [] as NotificationsState,
  reducers: {
    notify: {
      reducer(state, action: PayloadAction<Notification>) {
        state.push(action.payload);
      },
      prepare(input: NotifyInput) {
        return {
          payload: {
            id: nanoid(),
            type: input.type,
            title: input.title,
            message: input.message,
            visible: true,
            autoClose: input.autoClose ?? true,
            duration: input.duration ?? NOTIFICATION_DURATIONS.default,
            dismissible: input.dismissible ?? true,
          },
        };
      },
    },
    /** Starts the exit: the toast stays in the list, invisible, until removed. */
    hideNotification(state, action: PayloadAction<string>) {
      const n = state.find((item) => item.id === action.payload);
      if (n) n.visible = false;
    },
    removeNotification(state, action: PayloadAction<string>) {
      return state.filter((item) => item.id !== action.payload);
    },
    clearNotifications() {
      return [];
    },
  },
});

export const { notify, hideNotification, removeNotification, clearNotifications } =
  notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;

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
