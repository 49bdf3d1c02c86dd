import { describe, expect, it } from '@jest/globals';
import { redirectTarget } from './redirect';

describe('redirectTarget', () => {
  it('returns the page the guard stopped', () => {
    expect(redirectTarget({ from: '/profile' })).toBe('/profile');
    expect(redirectTarget({ from: '/hero/abc?payment=success#top' })).toBe('/hero/abc?payment=success#top');
  });

  it('falls back to home', () => {
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget(undefined)).toBe('/');
    expect(redirectTarget({})).toBe('/');
    expect(redirectTarget({ from: 42 })).toBe('/');
  });

  it('refuses other sites and the auth pages', () => {
    expect(redirectTarget({ from: 'https://evil.example/' })).toBe('/');
    expect(redirectTarget({ from: '//evil.example/' })).toBe('/');
    expect(redirectTarget({ from: '/\\evil.example' })).toBe('/');
    expect(redirectTarget({ from: '/login' })).toBe('/');
    expect(redirectTarget({ from: '/register?x=1' })).toBe('/');
  });
});
