import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { heroStatusChannel, type HeroStatus, type HeroStatusNotice } from '@starborn/contracts';
import { createRedisConnection } from '@starborn/messaging';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/**
 * Every gateway instance listens to the heroes service's status channel: a generate request waiting
 * here wakes the moment its hero is done, and the realtime server forwards the notice to the browser.
 */
@Injectable()
export class HeroStatusListener implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(HeroStatusListener.name);
  private readonly notices = new EventEmitter().setMaxListeners(0);
  private subscriber?: Redis;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async onModuleInit(): Promise<void> {
    this.subscriber = createRedisConnection(
      { url: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX },
      'gateway:hero-status',
    );
    this.subscriber.on('message', (_channel: string, message: string) => {
      try {
        const notice = JSON.parse(message) as HeroStatusNotice;
        this.notices.emit(notice.heroId, notice);
        this.notices.emit('*', notice);
      } catch (error) {
        this.logger.warn(`Unreadable hero status notice: ${(error as Error).message}`);
      }
    });
    await this.subscriber.subscribe(heroStatusChannel(this.config.REDIS_PREFIX));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }

  /** Every notice, for the realtime server. */
  onNotice(listener: (notice: HeroStatusNotice) => void): void {
    this.notices.on('*', listener);
  }

  /**
   * Resolves with 'complete' or 'error' when the hero settles, or undefined after `timeoutMs`.
   * Start waiting before asking for generation, so a quick result cannot slip past.
   */
  waitForSettled(
    heroId: string,
    timeoutMs: number,
  ): { settled: Promise<HeroStatus | undefined>; cancel: () => void } {
    let cancel = () => undefined as void;
    const settled = new Promise<HeroStatus | undefined>((resolve) => {
      const onNotice = (notice: HeroStatusNotice) => {
        if (notice.status === 'complete' || notice.status === 'error') finish(notice.status);
      };
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      const finish = (status: HeroStatus | undefined) => {
        clearTimeout(timer);
        this.notices.off(heroId, onNotice);
        resolve(status);
      };
      cancel = () => finish(undefined);
      this.notices.on(heroId, onNotice);
    });
    return { settled, cancel };
  }
}
