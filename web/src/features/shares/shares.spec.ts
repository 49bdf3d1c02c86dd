import { describe, expect, it } from '@jest/globals';
import { absoluteShareUrl, formatSharedDate, sharedHeroErrorMessage, viewCountLabel } from './shares';

describe('shared links', () => {
  it('makes the share URL absolute, keeping absolute ones', () => {
    expect(absoluteShareUrl('/share/abc', 'https://starborn.example')).toBe(
      'https://starborn.example/share/abc',
    );
    expect(absoluteShareUrl('https://other.example/share/abc', 'https://starborn.example')).toBe(
      'https://other.example/share/abc',
    );
  });

  it('formats the date and the view count', () => {
    expect(formatSharedDate('2026-03-05T10:00:00.000Z', 'en-GB')).toBe('5 Mar 2026');
    expect(formatSharedDate('not a date')).toBe('not a date');
    expect(viewCountLabel(1)).toBe('1 view');
    expect(viewCountLabel(0)).toBe('0 views');
  });
});

describe('shared hero', () => {
  it('shows the server error field, else the fallback', () => {
    expect(
      sharedHeroErrorMessage({
        kind: 'http',
        status: 404,
        serverMessage: 'Share link not found',
        message: 'x',
      }),
    ).toBe('Share link not found');
    expect(sharedHeroErrorMessage({ kind: 'network', message: 'x' })).toBe('Failed to load the shared hero');
    expect(sharedHeroErrorMessage(undefined)).toBe('Failed to load the shared hero');
  });
});
