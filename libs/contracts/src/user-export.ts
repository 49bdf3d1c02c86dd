/**
 * A user's data export: each service answers `<service>.export-user` with the part it owns; the gateway
 * gathers the parts into one zip. Media are named by storage key here; the zip holds the files themselves.
 */
import type { UserDto } from './auth.js';
import type {
  ArtVersionStatus,
  ChineseZodiacDto,
  HeroStatus,
  ImageAngle,
  PaymentStatus,
  WesternZodiacDto,
} from './heroes.js';
import type { PaymentIntentStatus, PaymentType } from './payments.js';
import type { ShareLinkDto } from './shares.js';
import type { SupportRequestDto } from './support.js';

/** User ids are UUIDs (made by auth). */
export const USER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const INVALID_USER_ID_MESSAGE = 'Invalid user id.';

export interface ExportUserQuery {
  userId: string;
}

/** Which rendering of a picture the export holds: the full one when paid for, the watermarked preview otherwise. */
export type ExportedQuality = 'full' | 'preview';

export interface AccountExport {
  user: UserDto;
  supportRequests: SupportRequestDto[];
}

export interface ExportedHeroImage {
  angle: ImageAngle;
  prompt: string;
  quality: ExportedQuality;
  /** The PNG in object storage. */
  storageKey: string;
}

export interface ExportedHero {
  id: string;
  name: string;
  birthdate: string;
  westernZodiac: WesternZodiacDto;
  chineseZodiac: ChineseZodiacDto;
  status: HeroStatus;
  paymentStatus: PaymentStatus;
  /** As its owner reads it: whole once paid, cut after the free part otherwise (as on screen). */
  backstory: string;
  backstoryTruncated: boolean;
  images: ExportedHeroImage[];
  createdAt: string;
  updatedAt: string;
  /** Every version of the hero's art (0 the first, then each recreation), with the one shown marked. */
  artVersions?: ExportedArtVersion[];
}

export interface ExportedArtVersion {
  version: number;
  status: ArtVersionStatus;
  current: boolean;
  createdAt: string;
  images: ExportedHeroImage[];
}

export interface HeroesExport {
  heroes: ExportedHero[];
  shares: ShareLinkDto[];
}

export interface ExportedChapter {
  chapterNumber: number;
  title: string;
  content: string;
  /** The illustration's PNG in object storage, once drawn. */
  illustration: { quality: ExportedQuality; storageKey: string } | null;
}

export interface ExportedStorybook {
  id: string;
  heroId: string;
  heroName: string | null;
  isPremium: boolean;
  chaptersTotalCount: number;
  chaptersUnlockedCount: number;
  nextUnlockAt: string | null;
  createdAt: string;
  /** The chapters the owner can read: unlocked and written. */
  chapters: ExportedChapter[];
}

export interface StorybooksExport {
  storybooks: ExportedStorybook[];
}

export interface ExportedRoomMessage {
  id: string;
  roomId: string;
  roomTitle: string;
  heroId: string;
  heroName: string;
  content: string;
  sentAt: string;
}

export interface RoomMessagesExport {
  messages: ExportedRoomMessage[];
}

/** A payment as its payer may keep it: no card data (never stored) and no provider secret. */
export interface ExportedPayment {
  id: string;
  heroId: string;
  paymentType: PaymentType;
  /** In the currency's smallest unit (cents). */
  amount: number;
  currency: string;
  status: PaymentIntentStatus;
  receiptEmail: string | null;
  walletAddress: string | null;
  createdAt: string;
  succeededAt: string | null;
  refundedAt: string | null;
  refundReason: string | null;
}

export interface PaymentsExport {
  payments: ExportedPayment[];
}
