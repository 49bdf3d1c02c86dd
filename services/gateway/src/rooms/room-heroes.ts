import { Injectable } from '@nestjs/common';
import type { HeroDto, RoomHeroRef } from '@starborn/contracts';
import { MessageBus, type MessageMeta } from '@starborn/messaging';

/** A hero as rooms see it: name, avatar (the first image) and premium (paid). */
export function roomHeroRef(userId: string, hero: HeroDto): RoomHeroRef {
  return {
    userId,
    heroId: hero.id,
    name: hero.name,
    avatar: hero.images[0]?.url ?? null,
    isPremium: hero.paymentStatus === 'paid',
  };
}

/** Looks a hero up through the heroes service, which answers only its owner (404 for anyone else). */
@Injectable()
export class RoomHeroes {
  constructor(private readonly bus: MessageBus) {}

  /**
   * Within an HTTP request the bus carries the request's context by itself; a socket event has none,
   * so its caller passes the socket's context as `meta`.
   */
  async ownHero(userId: string, heroId: string, meta?: MessageMeta): Promise<RoomHeroRef> {
    const hero = await this.bus.request('heroes.get', { userId, heroId }, { meta });
    return roomHeroRef(userId, hero);
  }
}
