/**
 * The shared story screens (lobby and room view), each a chunk of its own loaded with its route, so
 * no other page pays for the room's socket, the markdown renderer or the sanitiser.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import '../styles/heroes.css';

function StoryScreenLoading() {
  return (
    <p className="hero-screen-loading" role="status">
      Loading…
    </p>
  );
}

function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  function StoryScreen() {
    return (
      <Suspense fallback={<StoryScreenLoading />}>
        <Page />
      </Suspense>
    );
  }
  return StoryScreen;
}

export const SharedStoryLobbyPage = lazyPage(() => import('./SharedStoryLobbyPage'));
export const SharedStoryRoomPage = lazyPage(() => import('./SharedStoryRoomPage'));

const RoomReturnNotice = lazy(() => import('../features/rooms/RoomReturnNotice'));

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
