/** The heroes' realtime events (spec §7) and how their payloads are read. Pure. */
import type { HeroStatus } from './types';

export const HERO_STATUS_EVENT = 'hero_status';
export const API_ERROR_EVENT = 'api_error';
export const QUOTA_EVENT_DEFAULT_MESSAGE =
  'OpenAI API quota exceeded. Please try again later or contact support.';

export interface HeroStatusNotice {
  heroId: string;
  status: HeroStatus;
}

export function parseHeroStatusNotice(payload: unknown): HeroStatusNotice | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { heroId, status } = payload as Record<string, unknown>;
  if (typeof heroId !== 'string' || typeof status !== 'string') return null;
  if (!['pending', 'generating', 'complete', 'error'].includes(status)) return null;
  return { heroId, status: status as HeroStatus };
}

/** The quota message of an api_error event, or null for other errors. */
export function quotaEventMessage(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { errorType, message } = payload as Record<string, unknown>;
  if (errorType !== 'quota_exceeded') return null;
  return typeof message === 'string' && message.trim() !== '' ? message : QUOTA_EVENT_DEFAULT_MESSAGE;
}
