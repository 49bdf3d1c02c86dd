import { messageHandlers } from '@starborn/messaging';
import { HeroesService } from './heroes.service.js';

export const HeroesHandlers = messageHandlers([HeroesService], {
  'heroes.create': (command, heroes) => heroes.create(command),
  'heroes.get': (query, heroes) => heroes.get(query),
  'heroes.list': (query, heroes) => heroes.list(query.userId),
  'heroes.generate': (command, heroes) => heroes.generate(command),
  'heroes.generation-profile': (query, heroes) => heroes.generationProfile(query.heroId),
  'hero.generated': (event, heroes) => heroes.completeGeneration(event),
  'hero.generation-failed': (event, heroes) => heroes.failGeneration(event),
});
