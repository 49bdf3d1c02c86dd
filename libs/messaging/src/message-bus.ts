import {
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type InjectionToken,
  type OptionalFactoryDependency,
} from '@nestjs/common';
import { messages, type Messages } from '@starborn/contracts';
import { BullMqClient } from './bullmq.client.js';
import type { BullMqClientOptions } from './options.js';

/** The typed client for Starborn's registry; inject it wherever a service calls another. */
export class MessageBus extends BullMqClient<Messages> implements OnApplicationShutdown {
  constructor(options: Omit<BullMqClientOptions, 'registry'>) {
    super({ ...options, registry: messages });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}

export interface MessageBusModuleOptions {
  useFactory: (...args: any[]) => Omit<BullMqClientOptions, 'registry'>;
  inject?: (InjectionToken | OptionalFactoryDependency)[];
}

@Module({})
export class MessageBusModule {
  static register(options: MessageBusModuleOptions): DynamicModule {
    return {
      module: MessageBusModule,
      global: true,
      providers: [
        {
          provide: MessageBus,
          useFactory: async (...args: unknown[]) => {
            const bus = new MessageBus(options.useFactory(...args));
            await bus.connect();
            return bus;
          },
          inject: options.inject ?? [],
        },
      ],
      exports: [MessageBus],
    };
  }
}
