/**
 * The hero a user last took into a shared story, kept in browser storage per user so a reload of a
 * room keeps the same hero (and its stored payment status, the fallback).
 */
import type { KeyValueStorage } from '../auth/session';
import type { SelectedHero } from './selectedHero';

export const SELECTED_HERO_KEY = 'sharedStoryHero';

export function loadSelectedHero(
  storage: KeyValueStorage,
  userId: string | null | undefined,
): SelectedHero | null {
  if (!userId) return null;
  try {
    const raw = storage.getItem(SELECTED_HERO_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { userId?: unknown; hero?: Record<string, unknown> };
    const hero = value.hero;
    if (value.userId !== userId || typeof hero !== 'object' || hero === null) return null;
    if (typeof hero.heroId !== 'string' || hero.heroId === '') return null;
    return {
      heroId: hero.heroId,
      name: typeof hero.name === 'string' ? hero.name : '',
      avatar: typeof hero.avatar === 'string' && hero.avatar !== '' ? hero.avatar : null,
      paymentStatus: hero.paymentStatus === 'paid' ? 'paid' : 'unpaid',
    };
  } catch {
    return null;
  }
}

export function saveSelectedHero(storage: KeyValueStorage, userId: string, hero: SelectedHero): void {
  try {
    storage.setItem(SELECTED_HERO_KEY, JSON.stringify({ userId, hero }));
  } catch {
    // Without storage the choice lives in memory for this tab.
  }
}

export function clearSelectedHero(storage: KeyValueStorage): void {
  try {
    storage.removeItem(SELECTED_HERO_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
