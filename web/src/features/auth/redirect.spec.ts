import { describe, expect, it } from '@jest/globals';
import { carriedState, invitationIn, redirectTarget } from './redirect';

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

describe('the stopped page carried between the auth pages', () => {
  it('falls back to the given page', () => {
    expect(redirectTarget(null, '/create')).toBe('/create');
    expect(redirectTarget({ from: '/login' }, '/create')).toBe('/create');
    expect(redirectTarget({ from: '/shared-story/r1?invite=t' }, '/create')).toBe(
      '/shared-story/r1?invite=t',
    );
  });

  it('carries only a safe page', () => {
    expect(carriedState({ from: '/shared-story/r1?invite=t' })).toEqual({
      from: '/shared-story/r1?invite=t',
    });
    expect(carriedState({ from: '//evil.example/' })).toBeUndefined();
    expect(carriedState(null)).toBeUndefined();
  });

  it('recognises a room invitation', () => {
    expect(invitationIn({ from: '/shared-story/r%201?invite=abc' })).toEqual({ roomId: 'r 1' });
    expect(invitationIn({ from: '/shared-story/r1' })).toBeNull();
    expect(invitationIn({ from: '/shared-story/r1?heroId=h' })).toBeNull();
    expect(invitationIn({ from: '/shared-story?invite=abc' })).toBeNull();
    expect(invitationIn({ from: '/profile' })).toBeNull();
    expect(invitationIn(undefined)).toBeNull();
  });
});
