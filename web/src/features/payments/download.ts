/** Hero assets download (GET /api/heroes/{id}/download and its error messages). */
import { asApiError } from '../../app/apiErrors';

export const DOWNLOAD_MESSAGES = {
  forbidden: 'You do not have permission to download this hero or payment is required.',
  notFound: 'Hero not found.',
  failed: 'Failed to download the file. Please try again later.',
} as const;

export function downloadFileName(heroId: string): string {
  return `hero_${heroId}_assets.zip`;
}

export function downloadErrorMessage(error: unknown): string {
  const e = asApiError(error);
  if (e?.status === 403) return DOWNLOAD_MESSAGES.forbidden;
  if (e?.status === 404) return DOWNLOAD_MESSAGES.notFound;
  return DOWNLOAD_MESSAGES.failed;
}

/** Saves a blob through an object URL and a temporary <a download>. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
