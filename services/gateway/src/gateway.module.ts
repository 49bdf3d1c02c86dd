import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AiQuotaFlag, MessageBusModule } from '@starborn/messaging';
import { createStorage, MediaUrlSigner, mediaUrlSecret } from '@starborn/storage';
import type { Redis } from 'ioredis';
import type { Logger as PinoLogger } from 'pino';
import { AuthRateLimiter } from './auth/auth-rate-limiter.js';
import { SignUpRateLimiter } from './auth/sign-up-rate-limiter.js';
import { AuthController } from './auth/auth.controller.js';
import { JwtAuthGuard } from './auth/jwt-auth.guard.js';
import { SessionStore } from './auth/session-store.js';
import { TokenVerifier } from './auth/token-verifier.js';
import { UserActionRateLimiter } from './limits/user-action-rate-limiter.js';
import { GATEWAY_CONFIG, publicOrigin, type GatewayConfig } from './config.js';
import { BookExportController } from './downloads/book-export.controller.js';
import { DownloadsController } from './downloads/downloads.controller.js';
import { BookExportLimiter } from './downloads/book-export-limiter.js';
import { HeroBooks } from './downloads/hero-book.js';
import { HealthController } from './health/health.controller.js';
import { HeroArtController } from './heroes/hero-art.controller.js';
import { HeroesController } from './heroes/heroes.controller.js';
import { MediaController } from './media/media.controller.js';
import { OBJECT_STORAGE } from './media/media.tokens.js';
import { PaymentRateLimiter } from './payments/payment-rate-limiter.js';
import { PaymentsController } from './payments/payments.controller.js';
import { PremiumController } from './payments/premium.controller.js';
import { HeroStatusListener } from './realtime/hero-status.listener.js';
import { RealtimeServer } from './realtime/realtime.server.js';
import { StatusController } from './status/status.controller.js';
import { HttpErrorFilter } from './http/http-error.filter.js';
import { SpaFallback } from './http/spa-fallback.js';
import { GATEWAY_REDIS, gatewayRedisProvider } from './redis.provider.js';
import { RoomHeroes } from './rooms/room-heroes.js';
import { RoomMessageRateLimiter } from './rooms/room-message-rate-limiter.js';
import { RoomPresence } from './rooms/room-presence.js';
import { RoomSockets } from './rooms/room-sockets.js';
import { RoomsController } from './rooms/rooms.controller.js';
import { SharesController } from './shares/shares.controller.js';
import { SharePageController } from './shares/share-page.controller.js';
import { ShareCards } from './shares/share-cards.js';
import { StorybookController } from './storybook/storybook.controller.js';
import { SupportController } from './support/support.controller.js';
import { UserController } from './user/user.controller.js';
import { UserDeletionController } from './user/user-deletion.controller.js';
import { UserExportController } from './user/user-export.controller.js';

export const GATEWAY_LOGGER = Symbol('GATEWAY_LOGGER');

@Module({})
export class GatewayModule implements OnApplicationShutdown {
  constructor(@Inject(GATEWAY_REDIS) private readonly redis: Redis) {}

  static create(config: GatewayConfig, logger: PinoLogger): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        MessageBusModule.register({
          useFactory: () => ({
            url: config.REDIS_URL,
            prefix: config.REDIS_PREFIX,
            timeoutMs: config.RPC_TIMEOUT_MS,
          }),
        }),
      ],
      controllers: [
        AuthController,
        UserController,
        UserDeletionController,
        UserExportController,
        HeroesController,
        HeroArtController,
        SharesController,
        SharePageController,
        DownloadsController,
        BookExportController,
        StatusController,
        SupportController,
        HealthController,
        MediaController,
        PaymentsController,
        PremiumController,
        StorybookController,
        RoomsController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: GATEWAY_LOGGER, useValue: logger },
        { provide: SpaFallback, useValue: new SpaFallback(config.WEB_DIST_DIR, publicOrigin(config)) },
        gatewayRedisProvider,
        { provide: MediaUrlSigner, useValue: new MediaUrlSigner(mediaUrlSecret(config)) },
        { provide: OBJECT_STORAGE, useValue: createStorage(config) },
        {
          provide: AiQuotaFlag,
          inject: [GATEWAY_REDIS],
          useFactory: (redis: Redis) => new AiQuotaFlag(redis, config.REDIS_PREFIX),
        },
        HeroBooks,
        BookExportLimiter,
        ShareCards,
        HeroStatusListener,
        RealtimeServer,
        RoomHeroes,
        RoomMessageRateLimiter,
        RoomSockets,
        RoomPresence,
        TokenVerifier,
        SessionStore,
        AuthRateLimiter,
        SignUpRateLimiter,
        UserActionRateLimiter,
        PaymentRateLimiter,
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
