/** Share links and download bundles: messages of the heroes service. */
import type { ChineseZodiacDto, ImageAngle, WesternZodiacDto } from './heroes.js';

/** Share ids: 18 random bytes in base64url (24 characters), unguessable. */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{24}$/;
export const SHARE_PREMIUM_REQUIRED_MESSAGE = 'Sharing is available for premium heroes.';
export const SHARE_INACTIVE_MESSAGE = 'This shared hero link is no longer active.';
/** The `message` of POST /api/heroes/{id}/share (a new link or the hero's active one). */
export const SHARE_READY_MESSAGE = "Your hero's share link is ready.";
export const DOWNLOAD_FORBIDDEN_MESSAGE =
  'You do not have permission to download this hero or payment is required.';

/** A share link as its owner sees it. The gateway adds shareUrl (it knows the public origin). */
export interface ShareLinkDto {
  id: string;
  heroId: string;
  heroName: string;
  createdAt: string;
  accessCount: number;
  isActive: boolean;
  /** '/share/<id>': the web page of the link, relative to the site's origin. */
  sharePath: string;
}

/** What a visitor of a share link sees: no ids, no owner, no birth date. */
export interface SharedHeroDto {
  name: string;
  /** Signed full-quality /media URLs. */
  images: { url: string; angle: ImageAngle }[];
  westernZodiac: WesternZodiacDto;
  chineseZodiac: ChineseZodiacDto;
  backstory: string;
  /** The link's preview card (a 1200×630 PNG), relative to the site's origin. */
  cardPath: string;
}

/**
 * Bump when the card's layout changes: it is part of each card's version, so every card gets a new
 * URL (cards are cached for good under their URL).
 */
export const SHARE_CARD_LAYOUT = 1;

/** A share's link preview: what the server's HTML for /share/<id> says before any JavaScript runs. */
export interface SharePreviewDto {
  title: string;
  description: string;
  /** '/api/share/<id>/card/<version>.png': the version changes with anything the card shows. */
  cardPath: string;
  card: ShareCardContent;
}

/** What the card shows; the gateway renders it once and keeps it in storage under storageKey. */
export interface ShareCardContent {
  version: string;
  /** Where the rendered card is kept: among the hero's media, named by the share and the version. */
  storageKey: string;
  name: string;
  westernSign: string;
  chineseSign: string;
  /** The hero's full-quality front portrait (PNG) in object storage. */
  portraitKey: string;
}

/** Looks at an active share without counting a view (link previewers, the card image). */
export interface SharePreviewQuery {
  shareId: string;
}

export interface CreateShareCommand {
  userId: string;
  heroId: string;
}

export interface OpenShareQuery {
  shareId: string;
  /** False for a look that is not a view (an HTTP HEAD); counted unless false. */
  countView?: boolean;
}

export interface ListSharesQuery {
  userId: string;
}

export interface DeactivateShareCommand {
  userId: string;
  shareId: string;
}

export interface DownloadQuery {
  userId: string;
  heroId: string;
}

/** One file of the download bundle: either bytes in object storage, or an inline text. */
export type DownloadEntry =
  | { path: string; storageKey: string; text?: undefined }
  | { path: string; text: string; storageKey?: undefined };

/** What the gateway zips: the heroes service decides permission and contents, the gateway streams. */
export interface DownloadManifest {
  fileName: string;
  entries: DownloadEntry[];
  /** Folders that exist in the bundle even when empty ('chapters/'). */
  directories: string[];
  /** What the storybook export (EPUB, PDF) needs of the hero: cover, title, backstory, signs. */
  book: BookHeroDto;
}

/**
 * The 202 answer of a book export or download whose book is still being rendered: ask again after
 * `retryAfterMs` (also sent as Retry-After, in seconds).
 */
export interface BookPreparingDto {
  status: 'preparing';
  retryAfterMs: number;
}

/** The hero as its book shows it; only ever built for the paid owner. */
export interface BookHeroDto {
  id: string;
  name: string;
  birthdate: string;
  westernZodiac: string;
  chineseZodiac: string;
  backstory: string;
  /** The full-quality front portrait (PNG) in object storage: the cover. */
  coverKey: string;
}
