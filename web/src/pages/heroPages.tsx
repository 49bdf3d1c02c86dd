/**
 * The signed-in hero screens (wizard, hero page, heroes list). Each is a chunk of its own, loaded
 * when its route is first shown, so the landing page does not pay for the markdown renderer, the
 * sanitiser or the realtime client.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import '../styles/heroes.css';

function HeroScreenLoading() {
  return (
    <p className="hero-screen-loading" role="status">
      Loading…
    </p>
  );
}

function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  function HeroScreen() {
    return (
      <Suspense fallback={<HeroScreenLoading />}>
        <Page />
      </Suspense>
    );
  }
  return HeroScreen;
}

export const CreateHeroPage = lazyPage(() => import('./CreateHeroPage'));
export const HeroPage = lazyPage(() => import('./HeroPage'));
export const HeroesListPage = lazyPage(() => import('./HeroesListPage'));
