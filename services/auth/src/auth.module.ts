import { Module } from '@nestjs/common';
import { DatabaseModule } from '@starborn/database';
import { BASE_CONFIG, ENV, HealthModule, loadConfig, type BaseConfig } from '@starborn/runtime';
import { AUTH_CONFIG, authEnvSchema } from './config.js';
import { authMigrations } from './migrations/index.js';
import { SupportRequest } from './support/support-request.entity.js';
import { SupportHandlers } from './support/support.handlers.js';
import { SupportService } from './support/support.service.js';
import { TokenService } from './tokens/token.service.js';
import { PasswordHasher } from './users/password-hasher.js';
import { User } from './users/user.entity.js';
import { UsersHandlers } from './users/users.handlers.js';
import { UsersService } from './users/users.service.js';

@Module({
  imports: [
    DatabaseModule.forService({
      inject: [BASE_CONFIG],
      useFactory: (config: BaseConfig) => ({
        url: config.DATABASE_URL,
        schema: 'auth',
        entities: [User, SupportRequest],
        migrations: authMigrations,
        poolSize: config.DB_POOL_SIZE,
      }),
    }),
    HealthModule.forService('auth'),
  ],
  controllers: [UsersHandlers, SupportHandlers],
  providers: [
    {
      provide: AUTH_CONFIG,
      inject: [ENV],
      useFactory: (env: NodeJS.ProcessEnv) => loadConfig(authEnvSchema, env),
    },
    UsersService,
    SupportService,
    PasswordHasher,
    TokenService,
  ],
})
export class AuthModule {}
