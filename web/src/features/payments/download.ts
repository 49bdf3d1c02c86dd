/**
 * Downloads behind the token: the hero's assets (GET /api/heroes/{id}/download), the storybook's
 * export (GET /api/heroes/{id}/storybook/export), their error messages, and the saving of the file.
 */
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { asApiError, type ApiError } from '../../app/apiErrors';

export const DOWNLOAD_MESSAGES = {
  forbidden: 'You do not have permission to download this hero or payment is required.',
  notFound: 'Hero not found.',
  failed: 'Failed to download the file. Please try again later.',
} as const;

export function downloadFileName(heroId: string): string {
  return `hero_${heroId}_assets.zip`;
}

/** The formats the storybook is exported in. */
export const BOOK_FORMATS = ['epub', 'pdf'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];

/** The book's name when the answer does not give one (the server names it after the hero). */
export function bookFileName(heroId: string, format: BookFormat): string {
  return `hero_${heroId}_storybook.${format}`;
}

/**
 * The file name a `Content-Disposition: attachment` header gives (`filename*=UTF-8''…` before
 * `filename="…"`), or null. Only the last path segment is kept: a name never chooses a folder.
 */
export function attachmentFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = null;
    }
  }
  name ??=
    /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1] ?? null;
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
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

/** The base query an endpoint's queryFn is handed (the app's: token, time-out, ApiError). */
export type ApiCall = (
  args: FetchArgs,
) => { data?: unknown; error?: unknown } | PromiseLike<{ data?: unknown; error?: unknown }>;

/**
 * GETs `url` with the app's base query and saves the answer right away, so the blob never enters the
 * store: under the name the server gives it, or `fallbackName`. Answers the file name, or the error
 * with the message `messageOf` gives it (a hero download's by default).
 */
export async function saveDownload(
  call: ApiCall,
  url: string,
  fallbackName: string,
  messageOf: (error: ApiError) => string = downloadErrorMessage,
): Promise<{ data: string } | { error: ApiError }> {
  let fileName = fallbackName;
  const result = await call({
    url,
    responseHandler: (response) => {
      if (!response.ok) return response.text();
      fileName = attachmentFileName(response.headers.get('content-disposition')) ?? fallbackName;
      return response.blob();
    },
  });
  if (result.error) {
    const error = result.error as ApiError;
    return { error: { ...error, message: messageOf(error) } };
  }
  saveBlob(result.data as Blob, fileName);
  return { data: fileName };
}
