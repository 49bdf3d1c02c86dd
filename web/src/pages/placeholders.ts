import type { PlaceholderPageProps } from './PlaceholderPage';

/**
 * Pages whose features arrive in later issues. Each keeps its route and access rule from spec §2
 * and states honestly that it is coming.
 */
export const PLACEHOLDERS = {
  checkout: {
    title: 'Unlock Premium Hero',
    description: 'Upgrade your hero to premium.',
    teaser: 'Secure checkout for premium heroes and extra chapters is being prepared.',
  },
  sharedStoryLobby: {
    title: 'Shared Stories',
    description: 'Live story rooms where heroes adventure together with an AI narrator.',
    teaser: 'Premium heroes will soon gather in live rooms where an AI narrator weaves their adventure.',
  },
  sharedStoryRoom: {
    title: 'Shared Cosmic Adventure',
    description: 'A live shared story room.',
    teaser: 'Live story rooms with an AI narrator are on their way.',
  },
  sharedHero: {
    title: 'Shared Hero',
    description: 'A Starborn hero shared with you.',
    teaser: 'Heroes shared by their creators will be displayed here.',
  },
} satisfies Record<string, PlaceholderPageProps>;
