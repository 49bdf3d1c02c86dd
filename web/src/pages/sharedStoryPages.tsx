/**
 * The shared story screens (lobby and room view), each a chunk of its own loaded with its route, so
 * no other page pays for the room's socket, the markdown renderer or the sanitiser.
 */
import { lazy, Suspense, type ComponentType } from 'react';
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
