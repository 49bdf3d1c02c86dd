// A hero profile as the AI provider takes it (libs/ai's HeroProfile), with the real signs of a birth
// date: for the scripts that paint or write heroes without the services (benches, the web's examples).
import { zodiacFor } from '@starborn/zodiac';

export function heroProfile({ heroId, name, birthdate }) {
  const { western, chinese } = zodiacFor(birthdate);
  return {
    heroId,
    name,
    western: { ...western },
    // The Chinese year the birth date falls in is not part of a profile.
    chinese: {
      sign: chinese.sign,
      element: chinese.element,
      years: chinese.years,
      traits: chinese.traits,
      compatibility: chinese.compatibility,
    },
  };
}
