import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CheckIcon, CloseIcon, ErrorIcon, InfoIcon, WarningIcon } from '../../components/Icons';
import {
  EXIT_ANIMATION_MS,
  hideNotification,
  removeNotification,
  type Notification,
  type NotificationType,
} from './notificationsSlice';

const ICONS: Record<NotificationType, typeof InfoIcon> = {
  info: InfoIcon,
  success: CheckIcon,
  warning: WarningIcon,
  error: ErrorIcon,
};

function Toast({ notification }: { notification: Notification }) {
  const dispatch = useAppDispatch();
  const { id, type, title, message, visible, autoClose, duration, dismissible } = notification;

  // Auto-close after `duration`, then remove once the exit animation has played.
  useEffect(() => {
    if (!visible) {
      const timer = window.setTimeout(() => dispatch(removeNotification(id)), EXIT_ANIMATION_MS);
      return () => window.clearTimeout(timer);
    }
    if (!autoClose) return;
    const timer = window.setTimeout(() => dispatch(hideNotification(id)), duration);
    return () => window.clearTimeout(timer);
  }, [dispatch, id, visible, autoClose, duration]);

  const Icon = ICONS[type];
  return (
    <div
      className={`toast toast--${type}${visible ? '' : ' toast--leaving'}`}
      role={type === 'error' ? 'alert' : 'status'}
      data-notification-type={type}
    >
      <Icon className="toast__icon" />
      <div className="toast__body">
        <p className="toast__title">{title}</p>
        <p className="toast__message">{message}</p>
      </div>
      {dismissible && (
        <button
          type="button"
          className="toast__close"
          aria-label={`Dismiss notification: ${title}`}
          onClick={() => dispatch(hideNotification(id))}
        >
          <CloseIcon width={16} height={16} />
        </button>
      )}
    </div>
  );
}

/** Renders the notification queue in a polite live region, newest at the bottom. */
export function Toaster() {
  const notifications = useAppSelector((state) => state.notifications);
  return (
    <section className="toaster" aria-label="Notifications" aria-live="polite">
      {notifications.map((n) => (
        <Toast key={n.id} notification={n} />
      ))}
    </section>
  );
}
