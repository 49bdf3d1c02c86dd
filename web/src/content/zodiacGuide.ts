/**
 * Texts of the zodiac guide around the data of @starborn/zodiac (the signs and animals themselves
 * come from the library, so the guide always agrees with the heroes the server makes).
 */
import { WESTERN_SIGNS, type WesternElement, type WesternSignInfo } from '@starborn/zodiac';

export const ZODIAC_GUIDE = {
  title: 'Zodiac Guide',
  eyebrow: 'Resources',
  description:
    'The twelve Western zodiac signs with their dates, elements, traits and descriptions, the four elements, and the twelve animals of the Chinese zodiac.',
  intro:
    'Every Starborn hero is born under two skies. Your birthday places you in one of the twelve Western signs, and your birth year gives you one of the twelve animals of the Chinese zodiac. Here is what each of them brings to a hero.',
  chineseIntro:
    'The Chinese zodiac follows the lunar calendar: each animal rules a whole year, which begins at the Chinese new year, between late January and mid-February. If you were born in January or early February, your animal may be the one of the previous year. Starborn uses the exact date of each lunar new year from 1924 to 2050.',
} as const;

export const ELEMENT_DESCRIPTIONS: Record<WesternElement, string> = {
  Fire: 'Action and inspiration. Fire signs lead from the front and light up a room.',
  Earth: 'Endurance and craft. Earth signs build what lasts and keep their word.',
  Air: 'Ideas and connection. Air signs think, talk and bring people together.',
  Water: 'Feeling and intuition. Water signs sense what others miss and love fiercely.',
};

export const ELEMENTS: readonly WesternElement[] = ['Fire', 'Earth', 'Air', 'Water'];

/** The signs of one element, in zodiac order (Fire: Aries, Leo, Sagittarius). */
export function signsOfElement(element: WesternElement, signs: readonly WesternSignInfo[] = WESTERN_SIGNS) {
  return signs.filter((sign) => sign.element === element);
}

/**
 * A few years of an animal around `currentYear`: up to three that have begun and the next one
 * to come, e.g. Dragon in 2026 → [2000, 2012, 2024, 2036].
 */
export function nearbyYears(years: readonly number[], currentYear: number): number[] {
  const past = years.filter((y) => y <= currentYear).slice(-3);
  const next = years.find((y) => y > currentYear);
  return next === undefined ? past : [...past, next];
}

/** Anchor id of a sign or animal card, e.g. 'sign-aries', 'animal-sheep-goat'. */
export function guideAnchor(kind: 'sign' | 'animal', name: string): string {
  return `${kind}-${name.toLowerCase().replace(/[^a-z]+/g, '-')}`;
}
