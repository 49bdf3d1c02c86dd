import { Module } from '@nestjs/common';
import { createAiProvider } from '@starborn/ai';
import sharp from 'sharp';
import { serviceConfig, serviceImports } from '@starborn/runtime';
import { createStorage } from '@starborn/storage';
import { BookRenderWorker } from './books/book-render.worker.js';
import { ChapterGenerationWorker } from './chapters/chapter-generation.worker.js';
import { ChapterIllustrationWorker } from './illustrations/chapter-illustration.worker.js';
import { GENERATION_CONFIG, generationEnvSchema, type GenerationConfig } from './config.js';
import { GenerationQuota } from './generation-quota.js';
import { HeroGenerationWorker } from './heroes/hero-generation.worker.js';
import { NarratorWorker } from './narrator/narrator.worker.js';
import { AI_PROVIDER, OBJECT_STORAGE } from './tokens.js';

/**
 * The generation workers (heroes, chapters, their illustrations, the shared rooms' narrator) and the
 * storybooks' book renderer. The only caller of the AI provider. Owns no tables, only media files.
 */
@Module({
  imports: serviceImports({ service: 'generation', messageBus: true }),
  providers: [
    serviceConfig(GENERATION_CONFIG, generationEnvSchema),
    {
      provide: AI_PROVIDER,
      inject: [GENERATION_CONFIG],
      useFactory: (config: GenerationConfig) => {
        // Bound the image library's own threads when a worker is meant to use one core.
        if (config.GENERATION_THREADS > 0) sharp.concurrency(config.GENERATION_THREADS);
        return createAiProvider(config);
      },
    },
    {
      provide: OBJECT_STORAGE,
      inject: [GENERATION_CONFIG],
      useFactory: (config: GenerationConfig) => createStorage(config),
    },
    // One AI-quota flag (one Redis connection) for every worker of the process.
    GenerationQuota,
    HeroGenerationWorker,
    ChapterGenerationWorker,
    ChapterIllustrationWorker,
    NarratorWorker,
    BookRenderWorker,
  ],
})
export class GenerationModule {}
