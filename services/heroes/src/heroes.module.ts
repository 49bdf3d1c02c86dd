import { Module } from '@nestjs/common';
import { AiQuotaFlag } from '@starborn/messaging';
import { BASE_CONFIG, Clock, serviceConfig, serviceImports, type BaseConfig } from '@starborn/runtime';
import { createStorage, MediaUrlSigner, mediaUrlSecret } from '@starborn/storage';
import { MEDIA_STORAGE, UserDeletionService } from './account/user-deletion.service.js';
import { UserDeletionHandlers } from './account/user-deletion.handlers.js';
import { UserExportHandlers } from './account/user-export.handlers.js';
import { UserExportService } from './account/user-export.service.js';
import { HEROES_CONFIG, heroesEnvSchema, type HeroesConfig } from './config.js';
import { HeroGenerationQueue } from './generation/hero-generation.queue.js';
import { HeroArtService } from './heroes/art.service.js';
import { HeroImage } from './heroes/hero-image.entity.js';
import { HeroPresenter } from './heroes/hero.presenter.js';
import { Hero } from './heroes/hero.entity.js';
import { HeroStatusPublisher } from './heroes/hero-status.publisher.js';
import { HeroesHandlers } from './heroes/heroes.handlers.js';
import { HeroesService } from './heroes/heroes.service.js';
import { heroesMigrations } from './migrations/index.js';
import { DownloadHandlers } from './downloads/download.handlers.js';
import { DownloadService } from './downloads/download.service.js';
import { ShareLink } from './shares/share-link.entity.js';
import { SharesHandlers } from './shares/shares.handlers.js';
import { SharesService } from './shares/shares.service.js';
import { PremiumHandlers } from './premium/premium.handlers.js';
import { PremiumService } from './premium/premium.service.js';

/** Owns the "heroes" schema: hero lifecycle, zodiac (server-side truth), the one-unpaid-hero rule, what each viewer sees. */
@Module({
  imports: serviceImports({
    service: 'heroes',
    database: { entities: [Hero, HeroImage, ShareLink], migrations: heroesMigrations },
    // heroes asks payments (payments.find-succeeded) before granting premium.
    messageBus: true,
  }),
  controllers: [
    HeroesHandlers,
    PremiumHandlers,
    SharesHandlers,
    DownloadHandlers,
    UserExportHandlers,
    UserDeletionHandlers,
  ],
  providers: [
    serviceConfig(HEROES_CONFIG, heroesEnvSchema),
    {
      provide: MEDIA_STORAGE,
      inject: [HEROES_CONFIG],
      useFactory: (config: HeroesConfig) => createStorage(config),
    },
    {
      provide: MediaUrlSigner,
      inject: [HEROES_CONFIG],
      useFactory: (config: HeroesConfig) => new MediaUrlSigner(mediaUrlSecret(config)),
    },
    {
      provide: AiQuotaFlag,
      inject: [HeroStatusPublisher, BASE_CONFIG],
      useFactory: (publisher: HeroStatusPublisher, config: BaseConfig) =>
        new AiQuotaFlag(publisher.connection, config.REDIS_PREFIX),
    },
    Clock,
    HeroPresenter,
    HeroStatusPublisher,
    HeroGenerationQueue,
    HeroesService,
    HeroArtService,
    SharesService,
    DownloadService,
    PremiumService,
    UserExportService,
    UserDeletionService,
  ],
})
export class HeroesModule {}
