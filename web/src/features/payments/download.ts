/**
 * Downloads behind the token: the hero's assets (GET /api/heroes/{id}/download), the storybook's
 * export (GET /api/heroes/{id}/storybook/export), their error messages, and the saving of the file.
 */
import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { BookPreparingDto } from '@starborn/contracts';
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

/** The pause asked by a 202 when its body names none or an unreasonable one. */
const DEFAULT_PREPARING_MS = 3_000;
/** How long a download keeps asking while its book is being prepared, before it gives up. */
export const PREPARING_GIVE_UP_MS = 120_000;

/** How long to wait before asking again, from a 202's body: bounded, whatever the body says. */
export function preparingDelay(body: unknown): number {
  const asked = (body as Partial<BookPreparingDto> | null)?.retryAfterMs;
  if (typeof asked !== 'number' || !Number.isFinite(asked) || asked <= 0) return DEFAULT_PREPARING_MS;
  return Math.min(Math.max(asked, 500), 30_000);
}

const pause = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * GETs `url` with the app's base query until it answers the file: a 202 (the server is still
 * rendering the book) is asked again after its `retryAfterMs`, for up to PREPARING_GIVE_UP_MS, while
 * the caller's button says the book is being prepared. Answers the blob and its name (the one the
 * server gives, or `fallbackName`), or the error with the message `messageOf` gives it.
 */
export async function fetchDownload(
  call: ApiCall,
  url: string,
  fallbackName: string,
  messageOf: (error: ApiError) => string = downloadErrorMessage,
  wait: (ms: number) => Promise<void> = pause,
): Promise<{ data: { blob: Blob; fileName: string } } | { error: ApiError }> {
  let waited = 0;
  for (;;) {
    let fileName = fallbackName;
    let preparing = false;
    const result = await call({
      url,
      responseHandler: (response) => {
        if (response.status === 202) {
          preparing = true;
          return response.json();
        }
        if (!response.ok) return response.text();
        fileName = attachmentFileName(response.headers.get('content-disposition')) ?? fallbackName;
        return response.blob();
      },
    });
    if (result.error) {
      const error = result.error as ApiError;
      return { error: { ...error, message: messageOf(error) } };
    }
    if (!preparing) return { data: { blob: result.data as Blob, fileName } };
    const delay = preparingDelay(result.data);
    if (waited + delay > PREPARING_GIVE_UP_MS) {
      const error: ApiError = { kind: 'http', status: 202, message: DOWNLOAD_MESSAGES.failed };
      return { error: { ...error, message: messageOf(error) } };
    }
    await wait(delay);
    waited += delay;
  }
}

/**
 * GETs `url` (see fetchDownload: a book still being prepared is waited for) and saves the answer right
 * away, so the blob never enters the store. Answers the file name, or the error.
 */
export async function saveDownload(
  call: ApiCall,
  url: string,
  fallbackName: string,
  messageOf: (error: ApiError) => string = downloadErrorMessage,
): Promise<{ data: string } | { error: ApiError }> {
  const result = await fetchDownload(call, url, fallbackName, messageOf);
  if ('error' in result) return result;
  saveBlob(result.data.blob, result.data.fileName);
  return { data: result.data.fileName };
}
