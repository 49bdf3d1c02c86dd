import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const thisYear = () => new Date().getFullYear();
/** The year the app was built in, which the prerendered pages show (vite.config.ts defines it). */
const builtIn = () => __BUILD_YEAR__;

/**
 * The current year, for text that shows it (the footer's copyright, the zodiac guide's years). A page
 * prerendered in one year may be served in the next: hydration renders the build's year, as the HTML
 * has it, and React renders this year right after, instead of finding text that differs from the
 * server's and rendering the whole page anew.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(noSubscription, thisYear, builtIn);
}
