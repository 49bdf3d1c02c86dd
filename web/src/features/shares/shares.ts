/** Shared links and the public shared hero (the shared hero page and the profile's links). Pure. */
import type { ShareLinkDto, SharedHeroDto } from '@starborn/contracts';
import { asApiError } from '../../app/apiErrors';

/** A share link as its owner sees it; the gateway adds the absolute-able shareUrl. */
export type SharedLink = ShareLinkDto & { shareUrl: string };
/** What a visitor of a share link sees. */
export type SharedHero = SharedHeroDto;

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

/** The shared hero page shows the server's `error` field, else the fallback. */
export function sharedHeroErrorMessage(error: unknown): string {
  const e = asApiError(error);
  if (e?.kind === 'http' && e.serverMessage) return e.serverMessage;
  return SHARED_HERO_FAILED;
}

export const SHARE_TURN_OFF_FAILED = 'The link could not be turned off. Please try again.';

/** 'Copied!' shows for 2 s. */
export const COPIED_MS = 2000;
