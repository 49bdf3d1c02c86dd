/** Shared links and the public shared hero (spec §3 Shared link, §2 Shared hero page, §8). Pure. */
import { asApiError } from '../../app/apiErrors';
import type { ChineseZodiac, HeroImage, WesternZodiac } from '../heroes/types';
import { normalizeHero } from '../heroes/types';

export interface SharedLink {
  id: string;
  heroId: string;
  heroName: string;
  createdAt: string;
  accessCount: number;
  isActive: boolean;
  shareUrl: string;
}

export interface SharedHero {
  name: string;
  images: HeroImage[];
  westernZodiac: WesternZodiac;
  chineseZodiac: ChineseZodiac;
  backstory: string;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function normalizeSharedLink(value: unknown): SharedLink | null {
  if (!isObject(value)) return null;
  const id = str(value.id);
  if (!id) return null;
  const hero = isObject(value.hero) ? value.hero : {};
  return {
    id,
    heroId: str(value.heroId),
    heroName: str(value.heroName) || str(hero.name) || str(hero.heroName),
    createdAt: str(value.createdAt),
    accessCount: typeof value.accessCount === 'number' ? value.accessCount : 0,
    isActive: value.isActive !== false,
    shareUrl: str(value.shareUrl) || `/share/${encodeURIComponent(id)}`,
  };
}

/** GET /api/user/shares → { sharedLinks }; a bare array is accepted too. */
export function normalizeSharedLinks(value: unknown): SharedLink[] {
  const list = Array.isArray(value) ? value : isObject(value) ? value.sharedLinks : undefined;
  if (!Array.isArray(list)) return [];
  return list.map(normalizeSharedLink).filter((link): link is SharedLink => link !== null);
}

/** GET /api/share/{shareId} → { hero }; null when the answer carries no hero. */
export function normalizeSharedHero(value: unknown): SharedHero | null {
  const raw = isObject(value) && isObject(value.hero) ? value.hero : null;
  if (!raw) return null;
  // normalizeHero needs an id; the public answer has none, so lend it one.
  const hero = normalizeHero({ id: 'shared', ...raw });
  if (!hero || !hero.name) return null;
  return {
    name: hero.name,
    images: hero.images,
    westernZodiac: hero.westernZodiac,
    chineseZodiac: hero.chineseZodiac,
    backstory: hero.backstory,
  };
}

/** The full address to copy: the server's shareUrl made absolute against this site. */
export function absoluteShareUrl(shareUrl: string, origin: string): string {
  try {
    return new URL(shareUrl, origin).toString();
  } catch {
    return shareUrl;
  }
}

/** 'Shared on 5 Mar 2026' style date; the raw text when it is not a date. */
export function formatSharedDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function viewCountLabel(count: number): string {
  return count === 1 ? '1 view' : `${count} views`;
}

export const SHARED_HERO_FAILED = 'Failed to load the shared hero';

/** Spec §8 Shared hero: the server's `error` field, else the fallback. */
export function sharedHeroErrorMessage(error: unknown): string {
  const e = asApiError(error);
  if (e?.kind === 'http' && e.serverMessage) return e.serverMessage;
  return SHARED_HERO_FAILED;
}

/** Spec §9: 'Copied!' shows for 2 s. */
export const COPIED_MS = 2000;
