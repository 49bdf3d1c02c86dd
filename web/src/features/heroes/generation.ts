/**
 * Starting a hero's generation (POST /api/heroes/generate/{heroId}) from anywhere, once at a time
 * per hero: the wizard starts it and moves on, the hero page starts it for a hero still pending or
 * on Try Again. The call can take up to the server's wait (about two minutes); whatever it answers
 * lands in the hero page's cache. A failure is only logged; a quota failure also shows
 * the quota notification.
 */
import { asApiError } from '../../app/apiErrors';
import type { AppDispatch } from '../../app/store';
import { isQuotaFailure } from './createErrors';
import { heroesApi } from './heroesApi';
import { showQuotaExceeded } from './quotaNotice';

const inFlight = new Map<string, Promise<void>>();

export function isGenerationRequested(heroId: string): boolean {
  return inFlight.has(heroId);
}

export function requestGeneration(dispatch: AppDispatch, heroId: string): Promise<void> {
  const running = inFlight.get(heroId);
  if (running) return running;
  const request = dispatch(heroesApi.endpoints.generateHero.initiate(heroId));
  const done = request
    .unwrap()
    .then(
      () => undefined,
      (error: unknown) => {
        if (isQuotaFailure(error)) dispatch(showQuotaExceeded(asApiError(error)?.serverMessage));
        console.warn(`Generation of hero ${heroId} failed; the hero page shows its state.`, error);
      },
    )
    .finally(() => {
      inFlight.delete(heroId);
      request.reset();
    });
  inFlight.set(heroId, done);
  return done;
}
