import { describe, expect, it } from '@jest/globals';
import { zodiacFor } from '@starborn/zodiac';
import { EXAMPLE_HEROES } from './examples';

describe('the landing page’s example heroes', () => {
  it.each(EXAMPLE_HEROES.map((hero) => [hero.name, hero] as const))(
    '%s carries the signs of its birth date',
    (_name, hero) => {
      const zodiac = zodiacFor(hero.birthdate);
      expect({ western: hero.westernSign, element: hero.westernElement, chinese: hero.chineseSign }).toEqual({
        western: zodiac.western.sign,
        element: zodiac.western.element,
        chinese: zodiac.chinese.sign,
      });
    },
  );
});
