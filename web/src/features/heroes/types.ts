/**
 * Heroes as the app uses them, and the small pure rules around them. The hero's shape is the API's
 * own (HeroDto in the contracts): the web app imports those types and keeps no copy of its own.
 */
import type {
  ChineseZodiacDto,
  HeroDto,
  HeroImageDto,
  HeroStatus,
  ImageAngle,
  PaymentStatus,
  WesternZodiacDto,
} from '@starborn/contracts';

export type { HeroStatus, ImageAngle, PaymentStatus };
export type Hero = HeroDto;
export type HeroImage = HeroImageDto;
export type WesternZodiac = WesternZodiacDto;
export type ChineseZodiac = ChineseZodiacDto;

export const PREVIEW_PREFIX = 'preview-';

export function isPreviewId(id: string): boolean {
  return id.startsWith(PREVIEW_PREFIX);
}

/** GET /api/heroes/{id} takes the id without 'preview-' (the prefix only picks the preview render). */
export function stripPreviewPrefix(id: string): string {
  return isPreviewId(id) ? id.slice(PREVIEW_PREFIX.length) : id;
}

/** The hero page keeps its loading screen while the server has not finished the hero. */
export function isInProgress(hero: Pick<Hero, 'status'>): boolean {
  return hero.status === 'pending' || hero.status === 'generating';
}

export function isPaid(hero: Pick<Hero, 'paymentStatus'>): boolean {
  return hero.paymentStatus === 'paid';
}

/** A user may hold one non-premium hero at a time. */
export function hasUnpaidHero(heroes: readonly Pick<Hero, 'paymentStatus'>[]): boolean {
  return heroes.some((hero) => !isPaid(hero));
}

/** The heroes list searches by name, case-insensitive contains; a blank search keeps all. */
export function filterHeroesByName<T extends Pick<Hero, 'name'>>(heroes: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...heroes];
  return heroes.filter((hero) => hero.name.toLocaleLowerCase().includes(needle));
}

/** Which badge a hero card carries on the heroes list. */
export function heroBadge(hero: Pick<Hero, 'status' | 'paymentStatus'>): 'Generating' | 'Premium' | null {
  if (isInProgress(hero)) return 'Generating';
  if (isPaid(hero)) return 'Premium';
  return null;
}

/** Where the unlock buttons lead: unpaid users go to checkout. */
export function checkoutPath(heroId: string, type?: 'premium_upgrade'): string {
  const base = `/checkout/${encodeURIComponent(stripPreviewPrefix(heroId))}`;
  return type ? `${base}?type=${type}` : base;
}
