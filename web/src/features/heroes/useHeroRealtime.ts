/**
 * The heroes' realtime notices (spec §7): `hero_status` moves a waiting screen on the moment
 * generation ends, and `api_error` with errorType 'quota_exceeded' shows the spec §8 notification.
 */
import { useAppDispatch } from '../../app/hooks';
import { useSocket } from '../realtime/useSocket';
import { showQuotaExceeded } from './quotaNotice';
import {
  API_ERROR_EVENT,
  HERO_STATUS_EVENT,
  parseHeroStatusNotice,
  quotaEventMessage,
  type HeroStatusNotice,
} from './realtimeEvents';

export function useHeroRealtime(onHeroStatus?: (notice: HeroStatusNotice) => void): { connected: boolean } {
  const dispatch = useAppDispatch();
  return useSocket({
    [HERO_STATUS_EVENT]: (payload) => {
      const notice = parseHeroStatusNotice(payload);
      if (notice) onHeroStatus?.(notice);
    },
    [API_ERROR_EVENT]: (payload) => {
      const message = quotaEventMessage(payload);
      if (message) dispatch(showQuotaExceeded(message));
    },
  });
}
