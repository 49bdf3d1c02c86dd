/**
 * The heroes' realtime notices: `hero_status` moves a waiting screen on the moment generation ends,
 * and `api_error` with errorType 'quota_exceeded' shows the quota notification.
 */
import { SocketEvents, type HeroStatusEvent } from '@starborn/contracts';
import { useAppDispatch } from '../../app/hooks';
import { useSocket } from '../realtime/useSocket';
import { showQuotaExceeded } from './quotaNotice';
import { quotaEventMessage } from './realtimeEvents';

export function useHeroRealtime(onHeroStatus?: (notice: HeroStatusEvent) => void): { connected: boolean } {
  const dispatch = useAppDispatch();
  return useSocket({
    [SocketEvents.heroStatus]: (notice) => onHeroStatus?.(notice),
    [SocketEvents.apiError]: (event) => {
      const message = quotaEventMessage(event);
      if (message) dispatch(showQuotaExceeded(message));
    },
  });
}
