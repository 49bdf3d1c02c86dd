/**
 * Heroes as the app uses them (spec §3 Hero), and the small pure rules around them. Server answers
 * go through normalizeHero, so a missing list or angle never breaks a page.
 */
export type HeroStatus = 'pending' | 'generating' | 'complete' | 'error';
export type PaymentStatus = 'unpaid' | 'paid';
export type ImageAngle = 'front' | 'profile' | 'action';

export interface WesternZodiac {
  sign: string;
  dateRange: string;
  element: string;
  traits: string[];
  strengths: string[];
  weaknesses: string[];
}

export interface ChineseZodiac {
  sign: string;
  element: string;
  years: number[];
  traits: string[];
  compatibility: string[];
}

export interface HeroImage {
  url: string;
  /** Defaults to 'front' (spec §3). */
  angle: ImageAngle;
  prompt: string;
  /** The server sent a blurred, watermarked stand-in: the viewer has not unlocked this image. */
  locked: boolean;
}

export interface Hero {
  id: string;
  heroId: string;
  name: string;
  heroName: string;
  birthdate: string;
  westernZodiac: WesternZodiac;
  chineseZodiac: ChineseZodiac;
  images: HeroImage[];
  /** Markdown; for unpaid viewers already cut by the server to 300 characters plus '...'. */
  backstory: string;
  backstoryTruncated: boolean;
  status: HeroStatus;
  paymentStatus: PaymentStatus;
  nftId: string | null;
  createdAt: string;
  updatedAt: string;
}

export const PREVIEW_PREFIX = 'preview-';

export function isPreviewId(id: string): boolean {
  return id.startsWith(PREVIEW_PREFIX);
}

/** Spec §7: GET /api/heroes/{id} is called with the id without 'preview-'. */
export function stripPreviewPrefix(id: string): string {
  return isPreviewId(id) ? id.slice(PREVIEW_PREFIX.length) : id;
}

const STATUSES: readonly HeroStatus[] = ['pending', 'generating', 'complete', 'error'];
const ANGLES: readonly ImageAngle[] = ['front', 'profile', 'action'];

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const numbers = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];

function westernOf(v: unknown): WesternZodiac {
  const w = isObject(v) ? v : {};
  return {
    sign: str(w.sign),
    dateRange: str(w.dateRange),
    element: str(w.element),
    traits: strings(w.traits),
    strengths: strings(w.strengths),
    weaknesses: strings(w.weaknesses),
  };
}

function chineseOf(v: unknown): ChineseZodiac {
  const c = isObject(v) ? v : {};
  return {
    sign: str(c.sign),
    element: str(c.element),
    years: numbers(c.years),
    traits: strings(c.traits),
    compatibility: strings(c.compatibility),
  };
}

function imagesOf(v: unknown): HeroImage[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isObject).flatMap((image) => {
    const url = str(image.url);
    if (!url) return [];
    const angle = ANGLES.includes(image.angle as ImageAngle) ? (image.angle as ImageAngle) : 'front';
    return [{ url, angle, prompt: str(image.prompt), locked: image.locked === true }];
  });
}

/**
 * A usable hero from a server answer, or null when the answer holds none (no id). Zodiac data is
 * read from westernZodiac/chineseZodiac, else from zodiacInfo (spec §3: "also seen as zodiacInfo").
 */
export function normalizeHero(value: unknown): Hero | null {
  if (!isObject(value)) return null;
  const id = str(value.id) || str(value.heroId);
  if (!id) return null;
  const info = isObject(value.zodiacInfo) ? value.zodiacInfo : {};
  const name = str(value.name) || str(value.heroName);
  const status = STATUSES.includes(value.status as HeroStatus) ? (value.status as HeroStatus) : 'pending';
  return {
    id,
    heroId: str(value.heroId) || id,
    name,
    heroName: str(value.heroName) || name,
    birthdate: str(value.birthdate),
    westernZodiac: westernOf(isObject(value.westernZodiac) ? value.westernZodiac : info.western),
    chineseZodiac: chineseOf(isObject(value.chineseZodiac) ? value.chineseZodiac : info.chinese),
    images: imagesOf(value.images),
    backstory: str(value.backstory),
    backstoryTruncated: value.backstoryTruncated === true,
    status,
    paymentStatus: value.paymentStatus === 'paid' ? 'paid' : 'unpaid',
    nftId: typeof value.nftId === 'string' && value.nftId !== '' ? value.nftId : null,
    createdAt: str(value.createdAt),
    updatedAt: str(value.updatedAt),
  };
}

/**
 * POST /api/heroes and POST /api/heroes/generate/{heroId} answer `{ hero }`: the hero under it, or
 * null when the answer has none (the wizard then says 'Failed to generate hero content').
 */
export function heroOfAnswer(value: unknown): Hero | null {
  return isObject(value) ? normalizeHero(value.hero) : null;
}

/** GET /api/user/heroes answers `{ heroes }`; a bare array is accepted too. */
export function normalizeHeroList(value: unknown): Hero[] {
  const list = Array.isArray(value) ? value : isObject(value) ? value.heroes : undefined;
  if (!Array.isArray(list)) return [];
  return list.map(normalizeHero).filter((hero): hero is Hero => hero !== null);
}

/** The loading screen stays while the server has not finished the hero (spec §2 Hero page). */
export function isInProgress(hero: Pick<Hero, 'status'>): boolean {
  return hero.status === 'pending' || hero.status === 'generating';
}

export function isPaid(hero: Pick<Hero, 'paymentStatus'>): boolean {
  return hero.paymentStatus === 'paid';
}

/** Spec §5/§6: one non-premium hero per user. */
export function hasUnpaidHero(heroes: readonly Pick<Hero, 'paymentStatus'>[]): boolean {
  return heroes.some((hero) => !isPaid(hero));
}

/** Spec §2 Heroes list: search by name, case-insensitive contains; a blank search keeps all. */
export function filterHeroesByName<T extends Pick<Hero, 'name'>>(heroes: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...heroes];
  return heroes.filter((hero) => hero.name.toLocaleLowerCase().includes(needle));
}

/** Which badge a hero card carries (spec §2 Heroes list). */
export function heroBadge(hero: Pick<Hero, 'status' | 'paymentStatus'>): 'Generating' | 'Premium' | null {
  if (isInProgress(hero)) return 'Generating';
  if (isPaid(hero)) return 'Premium';
  return null;
}

/** Where the unlock buttons lead (spec §2: unpaid users go to checkout). */
export function checkoutPath(heroId: string, type?: 'premium_upgrade'): string {
  const base = `/checkout/${encodeURIComponent(stripPreviewPrefix(heroId))}`;
  return type ? `${base}?type=${type}` : base;
}
