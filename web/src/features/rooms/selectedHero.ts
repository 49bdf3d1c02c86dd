/**
 * The hero taken into shared stories, and the two actions that set it. They live apart from the
 * rooms slice, which joins the store only with the room screens: the store every page loads keeps
 * the choice in browser storage (app/store.ts) without loading the slice.
 */
import { defineAction } from '../../app/actions';

/** What the room view keeps of the hero: enough to show it, and its stored payment status. */
export interface SelectedHero {
  heroId: string;
  name: string;
  avatar: string | null;
  paymentStatus: string;
}

/** The lobby or room view settled on a hero. */
export const heroSelected = defineAction<SelectedHero>('rooms/heroSelected');

/** The hero remembered in browser storage for the signed-in user, read when the rooms slice joins. */
export const selectedHeroRestored = defineAction<SelectedHero>('rooms/selectedHeroRestored');
