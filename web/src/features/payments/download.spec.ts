import { describe, expect, it } from '@jest/globals';
import { attachmentFileName, bookFileName, downloadErrorMessage, downloadFileName } from './download';

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
});
