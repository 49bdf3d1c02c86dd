/**
 * When the checkout has nothing to sell, and what the page says instead of a card form that cannot
 * succeed: the hero is not one of the user's (or does not exist), the hero is premium already, or
 * the chapter pack cannot be bought for this story (no storybook yet, every chapter unlocked).
 * Pure functions: the checkout page and both payment forms call them, Jest tests them.
 */
import { asApiError } from '../../app/apiErrors';
import { HERO_ID_PATTERN } from '../heroes/heroId';
import type { PaymentType } from './checkout';

export type CheckoutBlock =
  | { kind: 'not-found' }
  | { kind: 'already-premium' }
  /** A chapter pack the server refused to sell, with its reason. */
  | { kind: 'no-chapters'; message: string };

export const BLOCK_TEXTS = {
  notFoundTitle: 'Hero not found',
  notFoundBody:
    'This hero is not among your heroes: the link may be mistyped, or it may belong to another account.',
  myHeroes: 'My Heroes',
  alreadyPremiumTitle: 'Already Unlocked',
  alreadyPremiumBody:
    'This hero is already premium: its full-quality art, whole backstory and storybook are yours. There is nothing to pay.',
  noChaptersTitle: 'No Chapters to Unlock',
  heroPage: 'Go to Hero Page',
} as const;

/** What the hero query tells before any payment is made: a hero id that cannot exist, a 404, a paid hero. */
export function checkoutBlockFromHero(
  heroId: string,
  paymentType: PaymentType,
  hero: { paymentStatus?: string } | undefined,
  heroError: unknown,
): CheckoutBlock | null {
  if (!HERO_ID_PATTERN.test(heroId)) return { kind: 'not-found' };
  if (asApiError(heroError)?.status === 404) return { kind: 'not-found' };
  if (paymentType === 'premium_upgrade' && hero?.paymentStatus === 'paid') return { kind: 'already-premium' };
  return null;
}

/**
 * What a refused payment intent means for the page: 404 is a hero that is not the user's; 409 is a
 * hero premium already (upgrade) or a story that takes no chapter pack now (chapters). Anything else
 * is a failure the user may retry (null).
 */
export function checkoutBlockFromIntentError(error: unknown, paymentType: PaymentType): CheckoutBlock | null {
  const e = asApiError(error);
  if (e?.kind !== 'http') return null;
  if (e.status === 404) return { kind: 'not-found' };
  if (e.status !== 409) return null;
  if (paymentType === 'premium_upgrade') return { kind: 'already-premium' };
  return { kind: 'no-chapters', message: e.serverMessage ?? e.message };
}
