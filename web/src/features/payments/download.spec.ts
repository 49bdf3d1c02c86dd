import { describe, expect, it } from '@jest/globals';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import {
  attachmentFileName,
  bookFileName,
  downloadErrorMessage,
  downloadFileName,
  fetchDownload,
  preparingDelay,
  PREPARING_GIVE_UP_MS,
} from './download';

/** A base query answering the given responses in turn, through the caller's responseHandler. */
function answering(...responses: (() => Response)[]) {
  const calls: string[] = [];
  const call = async (args: FetchArgs) => {
    calls.push(args.url);
    const response = responses[Math.min(calls.length - 1, responses.length - 1)]!();
    const handler = args.responseHandler as (response: Response) => Promise<unknown>;
    return { data: await handler(response) };
  };
  return { call, calls };
}

const preparing = (retryAfterMs: unknown) => () =>
  new Response(JSON.stringify({ status: 'preparing', retryAfterMs }), {
    status: 202,
    headers: { 'content-type': 'application/json' },
  });
const book = () =>
  new Response('%PDF-1.7', {
    status: 200,
    headers: { 'content-disposition': 'attachment; filename="orion-storybook.pdf"' },
  });

describe('hero assets download', () => {
  it('saves as hero_{id}_assets.zip', () => {
    expect(downloadFileName('0123abcd')).toBe('hero_0123abcd_assets.zip');
  });

  it('saves the storybook as hero_{id}_storybook.{epub|pdf}', () => {
    expect(bookFileName('0123abcd', 'epub')).toBe('hero_0123abcd_storybook.epub');
    expect(bookFileName('0123abcd', 'pdf')).toBe('hero_0123abcd_storybook.pdf');
  });

  it('takes the name the server gives, never a folder, and nothing from a header without one', () => {
    expect(attachmentFileName('attachment; filename="orion-vale-storybook.epub"')).toBe(
      'orion-vale-storybook.epub',
    );
    expect(
      attachmentFileName('attachment; filename="x.pdf"; filename*=UTF-8\'\'%C3%A9toile-storybook.pdf'),
    ).toBe('étoile-storybook.pdf');
    expect(attachmentFileName('attachment; filename=plain.zip')).toBe('plain.zip');
    expect(attachmentFileName('attachment; filename="../../evil/name.pdf"')).toBe('name.pdf');
    expect(attachmentFileName("attachment; filename*=UTF-8''%E0%A4%A")).toBeNull();
    expect(attachmentFileName('attachment')).toBeNull();
    expect(attachmentFileName(null)).toBeNull();
  });

  it('uses the download error messages', () => {
    const http = (status: number) => ({ kind: 'http', status, message: 'x' });
    expect(downloadErrorMessage(http(403))).toBe(
      'You do not have permission to download this hero or payment is required.',
    );
    expect(downloadErrorMessage(http(404))).toBe('Hero not found.');
    expect(downloadErrorMessage(http(500))).toBe('Failed to download the file. Please try again later.');
    expect(downloadErrorMessage({ kind: 'network', message: 'x' })).toBe(
      'Failed to download the file. Please try again later.',
    );
  });

  it('asks again after retryAfterMs while the book is being prepared (202), then saves it', async () => {
    const { call, calls } = answering(preparing(1_500), preparing(2_000), book);
    const waits: number[] = [];
    const result = await fetchDownload(
      call,
      '/heroes/h/storybook/export?format=pdf',
      'fallback.pdf',
      undefined,
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(waits).toEqual([1_500, 2_000]);
    expect(calls).toHaveLength(3);
    expect('data' in result && result.data.fileName).toBe('orion-storybook.pdf');
    expect('data' in result && (await result.data.blob.text())).toBe('%PDF-1.7');
  });

  it('bounds the pause a 202 asks for, and gives up with the download message after a while', async () => {
    expect(preparingDelay({ retryAfterMs: 10 })).toBe(500);
    expect(preparingDelay({ retryAfterMs: 3_600_000 })).toBe(30_000);
    expect(preparingDelay({})).toBe(3_000);
    expect(preparingDelay(null)).toBe(3_000);

    const { call, calls } = answering(preparing(30_000));
    const result = await fetchDownload(call, '/heroes/h/download', 'x.zip', undefined, async () => undefined);
    expect(calls).toHaveLength(PREPARING_GIVE_UP_MS / 30_000 + 1);
    expect('error' in result && result.error.message).toBe(
      'Failed to download the file. Please try again later.',
    );
  });
});
