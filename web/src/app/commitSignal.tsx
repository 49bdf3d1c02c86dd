import { useEffect } from 'react';

/**
 * A promise that settles the first time its marker commits, and the marker: a component that renders
 * nothing and settles the promise from its effect. Placed after some content, it tells code outside
 * React (src/boot.ts) that the content before it is on screen as the app's; on a prerendered page, that
 * it has hydrated.
 */
export function commitSignal(): { committed: Promise<void>; Marker: () => null } {
  let settle!: () => void;
  const committed = new Promise<void>((resolve) => (settle = resolve));
  function Marker(): null {
    useEffect(() => settle(), []);
    return null;
  }
  return { committed, Marker };
}
