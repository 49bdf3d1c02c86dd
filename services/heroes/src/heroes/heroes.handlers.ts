import { messageHandlers } from '@starborn/messaging';
import { HeroArtService } from './art.service.js';
import { HeroesService } from './heroes.service.js';

export const HeroesHandlers = messageHandlers([HeroesService, HeroArtService], {
  'heroes.create': (command, heroes) => heroes.create(command),
  'heroes.get': (query, heroes) => heroes.get(query),
  'heroes.list': (query, heroes) => heroes.list(query.userId),
  'heroes.generate': (command, heroes) => heroes.generate(command),
  'heroes.generation-profile': (query, heroes) => heroes.generationProfile(query.heroId),
  'heroes.art-recreate': (command, _heroes, art) => art.recreate(command),
  'heroes.art-versions': (query, _heroes, art) => art.versions(query),
  'heroes.art-choose': (command, _heroes, art) => art.choose(command),
  // A generation job with a variant is a recreation of the art: its result is that version's.
  'hero.generated': (event, heroes, art) =>
    event.variant ? art.complete(event) : heroes.completeGeneration(event),
  'hero.generation-failed': (event, heroes, art) =>
    event.variant ? art.fail(event) : heroes.failGeneration(event),
});
