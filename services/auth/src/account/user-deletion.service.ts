import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectEntityManager } from '@nestjs/typeorm';
import {
  ACCOUNT_MESSAGES,
  ErrorCodes,
  ServiceError,
  type DeleteUserCommand,
  type UserDeletedDto,
} from '@starborn/contracts';
import { inTransaction, sqlOf } from '@starborn/database';
import { DeletionFollowUps, MessageBus } from '@starborn/messaging';
import { PeriodicTask, type ApplicationLifecycle } from '@starborn/runtime';
import type { DataSource, EntityManager } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { findUser } from '../users/user.queries.js';
import { UsersService } from '../users/users.service.js';
import { deleteUserRecordingDeletion, forgetDeletion, pendingDeletions } from './user-deletion.queries.js';

const REEMIT_BATCH = 100;

/**
 * Account deletion. The user row goes and a pending deletion is recorded in one transaction; then
 * `user.deleted` is emitted with the user id as event id and the pending row removed. An emit that
 * fails (Redis down, a crash in between) leaves the row: a periodic sweep (also at boot) emits it
 * again, and the same event id makes a second emit of one deletion a no-op on the bus. Once it is
 * out, the keys naming the user (counters, session markers) are deleted on follow-up timers.
 */
@Injectable()
export class UserDeletionService implements ApplicationLifecycle {
  private readonly logger = new Logger(UserDeletionService.name);
  private readonly reemit: PeriodicTask<number>;
  private readonly followUps = new DeletionFollowUps((what, error) =>
    this.logger.warn(`Follow-up deletion of ${what} failed: ${error.message}`),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectEntityManager() private readonly db: EntityManager,
    private readonly users: UsersService,
    private readonly passwords: PasswordHasher,
    private readonly bus: MessageBus,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {
    this.reemit = new PeriodicTask(this.config.USER_DELETION_REEMIT_INTERVAL_MS, () => this.sweep());
  }

  onApplicationBootstrap(): void {
    void this.reemit.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.followUps.stop();
    await this.reemit.stop();
  }

  async deleteUser(command: DeleteUserCommand): Promise<UserDeletedDto> {
    const userId = String(command?.userId ?? '');
    const password = String(command?.password ?? '');
    if (!password)
      throw new ServiceError(400, ErrorCodes.VALIDATION_FAILED, ACCOUNT_MESSAGES.currentPasswordRequired);
    // Checks the id and answers 401 for an account that no longer exists.
    await this.users.getUser(userId);
    const user = await findUser(this.db, userId);
    // As for a password change: 400, not 401, which would end the page's session.
    if (!(await this.passwords.verify(user?.passwordHash, password)))
      throw new ServiceError(400, ErrorCodes.INVALID_CREDENTIALS, ACCOUNT_MESSAGES.wrongCurrentPassword);

    const deleted = await inTransaction(this.dataSource, (sql) => deleteUserRecordingDeletion(sql, userId));
    // Deleted meanwhile by a parallel request of the same user: that one emits the event.
    if (!deleted) return { deleted: true };
    this.logger.log(`Account ${userId} deleted`);
    await this.emitDeleted(userId);
    return { deleted: true };
  }

  /** Emits user.deleted and forgets the pending row; false (and logged) when the bus is unreachable. */
  async emitDeleted(userId: string): Promise<boolean> {
    try {
      // Its job records go once each service has handled it: they name the user.
      await this.bus.emitEvent('user.deleted', { userId }, { eventId: userId, forgetOnceHandled: true });
    } catch (error) {
      this.logger.warn(
        `user.deleted for ${userId} not emitted (${(error as Error).message}); it will be re-emitted`,
      );
      return false;
    }
    await forgetDeletion(sqlOf(this.dataSource), userId);
    // The per-user keys (sign-in and request counters, session markers) outlive the account otherwise;
    // the gateway marks the deleted account's sessions after this answers, so this runs a little later.
    this.followUps.schedule(`the keys of account ${userId}`, () => this.bus.deleteKeysNaming([userId]));
    return true;
  }

  /** Emits the deletions whose event never reached the bus; returns how many went out. */
  emitPending(): Promise<number> {
    return this.reemit.run();
  }

  private async sweep(): Promise<number> {
    let emitted = 0;
    try {
      for (const userId of await pendingDeletions(sqlOf(this.dataSource), REEMIT_BATCH)) {
        if (!(await this.emitDeleted(userId))) break; // the bus is still down: next round
        emitted++;
      }
    } catch (error) {
      this.logger.warn(`Re-emitting user.deleted failed: ${(error as Error).message}`);
    }
    return emitted;
  }
}
