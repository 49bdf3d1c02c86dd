import type { AppDispatch, RootState } from '../../app/store';
import { notify, quotaExceededNotification } from '../notifications/notificationsSlice';

const QUOTA_TITLE = quotaExceededNotification().title;

/**
 * Shows the 'OpenAI API Quota Exceeded' notification (dismissible, 10 s) unless one is
 * already on screen: the realtime api_error event and a refused call often arrive together.
 */
export function showQuotaExceeded(serverMessage?: string) {
  return (dispatch: AppDispatch, getState: () => RootState): void => {
    const onScreen = getState().notifications.some((n) => n.visible && n.title === QUOTA_TITLE);
    if (!onScreen) dispatch(notify(quotaExceededNotification(serverMessage)));
  };
}
