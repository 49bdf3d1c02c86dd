import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type {
  CreateHeroCommand,
  GenerateHeroCommand,
  HeroGeneratedEvent,
  HeroGenerationFailedEvent,
  HeroQuery,
  ListHeroesQuery,
} from '@starborn/contracts';
import { OnCommand, OnEvent } from '@starborn/messaging';
import { HeroesService } from './heroes.service.js';

@Controller()
export class HeroesHandlers {
  constructor(private readonly heroes: HeroesService) {}

  @OnCommand('heroes.create')
  create(@Payload() command: CreateHeroCommand) {
    return this.heroes.create(command);
  }

  @OnCommand('heroes.get')
  get(@Payload() query: HeroQuery) {
    return this.heroes.get(query);
  }

  @OnCommand('heroes.list')
  list(@Payload() query: ListHeroesQuery) {
    return this.heroes.list(query.userId);
  }

  @OnCommand('heroes.generate')
  generate(@Payload() command: GenerateHeroCommand) {
    return this.heroes.generate(command);
  }

  @OnCommand('heroes.generation-profile')
  generationProfile(@Payload() query: { heroId: string }) {
    return this.heroes.generationProfile(query.heroId);
  }

  @OnEvent('hero.generated')
  generated(@Payload() event: HeroGeneratedEvent) {
    return this.heroes.completeGeneration(event);
  }

  @OnEvent('hero.generation-failed')
  generationFailed(@Payload() event: HeroGenerationFailedEvent) {
    return this.heroes.failGeneration(event);
  }
}
