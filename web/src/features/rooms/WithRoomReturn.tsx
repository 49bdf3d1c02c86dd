import { lazy, Suspense, type ReactNode } from 'react';

const RoomReturnNotice = lazy(() => import('./RoomReturnNotice'));

/**
 * A page with, above it, the way back to the room its user was invited to before having a hero (the
 * hero page, after the wizard). Loaded on its own: most visits never need it.
 */
export function WithRoomReturn({ children }: { children: ReactNode }) {
  return (
    <>
      <Suspense fallback={null}>
        <RoomReturnNotice />
      </Suspense>
      {children}
    </>
  );
}
