import { Module } from '@nestjs/common';
import { serviceConfig, serviceImports } from '@starborn/runtime';
import { UserDeletionHandlers } from './account/user-deletion.handlers.js';
import { UserDeletionService } from './account/user-deletion.service.js';
import { UserExportHandlers } from './account/user-export.handlers.js';
import { UserExportService } from './account/user-export.service.js';
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
  imports: serviceImports({
    service: 'auth',
    database: { entities: [User, SupportRequest], migrations: authMigrations },
    // auth emits user.deleted.
    messageBus: true,
  }),
  controllers: [UsersHandlers, SupportHandlers, UserExportHandlers, UserDeletionHandlers],
  providers: [
    serviceConfig(AUTH_CONFIG, authEnvSchema),
    UsersService,
    SupportService,
    UserExportService,
    UserDeletionService,
    PasswordHasher,
    TokenService,
  ],
})
export class AuthModule {}
