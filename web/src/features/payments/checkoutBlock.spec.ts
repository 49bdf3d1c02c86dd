import { describe, expect, it } from '@jest/globals';
import type { ApiError } from '../../app/apiErrors';
import { checkoutBlockFromHero, checkoutBlockFromIntentError } from './checkoutBlock';

const HERO = '0f8fad5bd9cb469fa165370c3b4d5a6e';
const http = (status: number, serverMessage?: string): ApiError => ({
  kind: 'http',
  status,
  serverMessage,
  message: serverMessage ?? 'Something went wrong. Please try again.',
});

describe('checkout block from the hero', () => {
  it('is not found for an id no hero can have, or when the server does not know the hero', () => {
    for (const id of ['', 'nope', HERO.toUpperCase(), `${HERO}0`]) {
      expect(checkoutBlockFromHero(id, 'premium_upgrade', undefined, undefined)).toEqual({
        kind: 'not-found',
      });
    }
    expect(checkoutBlockFromHero(HERO, 'chapters', undefined, http(404, 'Hero not found'))).toEqual({
      kind: 'not-found',
    });
  });

  it('is already premium for a paid hero’s upgrade, but a paid hero may still buy chapters', () => {
    expect(checkoutBlockFromHero(HERO, 'premium_upgrade', { paymentStatus: 'paid' }, undefined)).toEqual({
      kind: 'already-premium',
    });
    expect(checkoutBlockFromHero(HERO, 'chapters', { paymentStatus: 'paid' }, undefined)).toBeNull();
    expect(checkoutBlockFromHero(HERO, 'premium_upgrade', { paymentStatus: 'unpaid' }, undefined)).toBeNull();
  });

  it('leaves other failures to the payment itself (the intent answers for the server)', () => {
    expect(checkoutBlockFromHero(HERO, 'premium_upgrade', undefined, http(500))).toBeNull();
    expect(
      checkoutBlockFromHero(HERO, 'premium_upgrade', undefined, { kind: 'network', message: 'x' }),
    ).toBeNull();
  });
});

describe('checkout block from a refused payment intent', () => {
  it('404 is a hero that is not the user’s', () => {
    expect(checkoutBlockFromIntentError(http(404, 'Hero not found'), 'premium_upgrade')).toEqual({
      kind: 'not-found',
    });
    expect(checkoutBlockFromIntentError(http(404), 'chapters')).toEqual({ kind: 'not-found' });
  });

  it('409 is a hero premium already (upgrade), or the server’s reason no pack is sold (chapters)', () => {
    expect(
      checkoutBlockFromIntentError(http(409, 'This hero is already premium.'), 'premium_upgrade'),
    ).toEqual({
      kind: 'already-premium',
    });
    expect(
      checkoutBlockFromIntentError(http(409, 'All chapters of this story are already unlocked.'), 'chapters'),
    ).toEqual({ kind: 'no-chapters', message: 'All chapters of this story are already unlocked.' });
  });

  it('anything a retry may fix is no block (the form keeps its Try Again)', () => {
    for (const error of [
      http(400, 'Invalid wallet address'),
      http(429, 'Too many payments'),
      http(500),
      http(503),
      { kind: 'network', message: 'Network error. Please check your connection and try again.' },
      { kind: 'timeout', message: 'Request timed out. Please try again.' },
      new Error('boom'),
      undefined,
    ]) {
      expect(checkoutBlockFromIntentError(error, 'premium_upgrade')).toBeNull();
      expect(checkoutBlockFromIntentError(error, 'chapters')).toBeNull();
    }
  });
});
