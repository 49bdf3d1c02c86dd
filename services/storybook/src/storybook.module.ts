import { Module } from '@nestjs/common';
import { Clock, serviceConfig, serviceImports } from '@starborn/runtime';
import { createStorage, MediaUrlSigner, mediaUrlSecret } from '@starborn/storage';
import { MEDIA_STORAGE, UserDeletionService } from './account/user-deletion.service.js';
import { UserDeletionHandlers } from './account/user-deletion.handlers.js';
import { UserExportHandlers } from './account/user-export.handlers.js';
import { UserExportService } from './account/user-export.service.js';
import { ChapterGenerationQueue } from './chapters/chapter-generation.queue.js';
import { ChapterIllustrationQueue } from './chapters/chapter-illustration.queue.js';
import { ChapterIllustrationService } from './chapters/chapter-illustration.service.js';
import { ChapterWritingService } from './chapters/chapter-writing.service.js';
import { ChaptersHandlers } from './chapters/chapters.handlers.js';
import { STORYBOOK_CONFIG, storybookEnvSchema, type StorybookConfig } from './config.js';
import { storybookMigrations } from './migrations/index.js';
import { ChapterPacksHandlers } from './packs/chapter-packs.handlers.js';
import { ChapterPacksService } from './packs/chapter-packs.service.js';
import { ReconciliationService } from './releases/reconciliation.service.js';
import { ReleaseQueue } from './releases/release.queue.js';
import { ReleaseService } from './releases/release.service.js';
import { ReleaseWorkers } from './releases/release.workers.js';
import { MediaLinks } from './storybooks/media-links.js';
import { StorybooksHandlers } from './storybooks/storybooks.handlers.js';
import { StorybooksService } from './storybooks/storybooks.service.js';

/**
 * Owns the "storybook" schema: stories, their chapters (and their illustrations) and paid chapter
 * packs; asks the generation workers for chapters and their pictures, and releases premium chapters daily.
 */
@Module({
  imports: serviceImports({
    service: 'storybook',
    // Plain SQL in query modules: the conditional updates and set-based sweeps are the design.
    database: { entities: [], migrations: storybookMigrations },
    // storybook asks payments (payments.list-succeeded) for packs whose event has not arrived yet.
    messageBus: true,
  }),
  controllers: [
    StorybooksHandlers,
    ChapterPacksHandlers,
    ChaptersHandlers,
    UserExportHandlers,
    UserDeletionHandlers,
  ],
  providers: [
    serviceConfig(STORYBOOK_CONFIG, storybookEnvSchema),
    {
      provide: MEDIA_STORAGE,
      inject: [STORYBOOK_CONFIG],
      useFactory: (config: StorybookConfig) => createStorage(config),
    },
    {
      provide: MediaUrlSigner,
      inject: [STORYBOOK_CONFIG],
      useFactory: (config: StorybookConfig) => new MediaUrlSigner(mediaUrlSecret(config)),
    },
    Clock,
    MediaLinks,
    ChapterGenerationQueue,
    ChapterIllustrationQueue,
    ReleaseQueue,
    StorybooksService,
    ChapterWritingService,
    ChapterIllustrationService,
    ChapterPacksService,
    ReleaseService,
    ReconciliationService,
    ReleaseWorkers,
    UserExportService,
    UserDeletionService,
  ],
})
export class StorybookModule {}
