/** The account's data export (GET /api/user/export): its file name and what the user reads when it fails. */
import type { ApiError } from '../../app/apiErrors';
import { DOWNLOAD_MESSAGES } from '../payments/download';

export const DATA_EXPORT_URL = '/user/export';

export const DATA_EXPORT_MESSAGES = {
  tooMany: 'You have downloaded your data several times in the last hour. Please try again later.',
  failed: DOWNLOAD_MESSAGES.failed,
} as const;

/** The name the server gives the zip, for a browser that does not pass it on: the day in UTC. */
export function dataExportFileName(now: Date): string {
  return `starborn-data-${now.toISOString().slice(0, 10)}.zip`;
}

export function dataExportErrorMessage(error: ApiError): string {
  if (error.status === 429) return DATA_EXPORT_MESSAGES.tooMany;
  // A time-out or a lost connection has its own words; anything else is a failed download.
  if (error.kind === 'timeout' || error.kind === 'network') return error.message;
  return DATA_EXPORT_MESSAGES.failed;
}
