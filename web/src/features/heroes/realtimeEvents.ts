/** How the heroes' realtime events are read. Pure. */
import { QUOTA_EXCEEDED_MESSAGE } from '@starborn/contracts';

/** What the quota notice says when the api_error event brings no words of its own. */
export const QUOTA_EVENT_DEFAULT_MESSAGE = QUOTA_EXCEEDED_MESSAGE;

/** The quota message of an api_error event, or null for other errors. */
export function quotaEventMessage(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { errorType, message } = payload as Record<string, unknown>;
  if (errorType !== 'quota_exceeded') return null;
  return typeof message === 'string' && message.trim() !== '' ? message : QUOTA_EVENT_DEFAULT_MESSAGE;
}
