import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGetUserHeroesQuery } from '../heroes/heroesApi';
import type { Hero } from '../heroes/types';
import { chooseHero } from './roomRules';
import { heroSelected, selectSelectedHero, type SelectedHero } from './roomsSlice';

export function toSelectedHero(hero: Hero): SelectedHero {
  return {
    heroId: hero.heroId,
    name: hero.name,
    avatar: hero.images[0]?.url ?? null,
    paymentStatus: hero.paymentStatus,
  };
}

function sameHero(a: SelectedHero | null, b: SelectedHero): boolean {
  return (
    a !== null &&
    a.heroId === b.heroId &&
    a.name === b.name &&
    a.avatar === b.avatar &&
    a.paymentStatus === b.paymentStatus
  );
}

/**
 * The hero a shared story screen uses: ?heroId=, the remembered one, the first premium hero, the
 * first hero (roomRules.chooseHero), remembered once chosen. When the heroes cannot be loaded the
 * remembered hero stands in silently.
 */
export function useSharedStoryHero(requestedId: string | null) {
  const dispatch = useAppDispatch();
  const remembered = useAppSelector(selectSelectedHero);
  const heroes = useGetUserHeroesQuery(undefined, { refetchOnMountOrArgChange: true });
  const list = heroes.currentData;

  const chosen = list ? chooseHero(list, requestedId, remembered?.heroId ?? null) : null;
  const fromList = chosen ? toSelectedHero(chosen) : null;
  const fallback =
    !list && heroes.isError && remembered && (!requestedId || requestedId === remembered.heroId)
      ? remembered
      : null;
  const hero = fromList ?? fallback;

  useEffect(() => {
    if (fromList && !sameHero(remembered, fromList)) dispatch(heroSelected(fromList));
  }, [dispatch, fromList, remembered]);

  return {
    hero,
    /** The list is still on its way (nothing to decide yet). */
    loading: !list && !heroes.isError,
    /** The user has no hero at all. */
    none: list !== undefined && list.length === 0,
    /** The user's heroes, once loaded (to pick another one). */
    heroes: list ?? [],
  };
}
