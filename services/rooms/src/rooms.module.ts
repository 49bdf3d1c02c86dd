import { Module } from '@nestjs/common';
import { DatabaseModule } from '@starborn/database';
import { BASE_CONFIG, HealthModule, type BaseConfig } from '@starborn/runtime';

/** Owns the "rooms" schema. Its features arrive with their issues; for now it boots, migrates and answers health. */
@Module({
  imports: [
    DatabaseModule.forService({
      inject: [BASE_CONFIG],
      useFactory: (config: BaseConfig) => ({
        url: config.DATABASE_URL,
        schema: 'rooms',
        entities: [],
        migrations: [],
        poolSize: config.DB_POOL_SIZE,
      }),
    }),
    HealthModule.forService('rooms'),
  ],
})
export class RoomsModule {}
