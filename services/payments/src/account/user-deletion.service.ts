import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { USER_ID_PATTERN, type UserDeletedEvent } from '@starborn/contracts';
import { sqlOf, type Sql } from '@starborn/database';
import { DeletionFollowUps, MessageBus } from '@starborn/messaging';
import { Clock } from '@starborn/runtime';
import type { DataSource } from 'typeorm';
import { cancelOpenIntent } from '../intents/payments.queries.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider.js';
import { anonymisePaymentsOf, openIntentsOf } from './user-deletion.queries.js';

/**
 * user.deleted: the user's open intents are cancelled (at the provider first, so no later confirmation
 * can charge them), then every payment record is kept anonymised. A provider that cannot cancel yet (an
 * intent still processing, Stripe unreachable) fails the event, which is retried with backoff; once the
 * records no longer name the user, a redelivery finds nothing. The job records naming the user
 * (payment events) are removed then, and again on follow-up timers.
 */
@Injectable()
export class UserDeletionService implements OnApplicationShutdown {
  private readonly logger = new Logger(UserDeletionService.name);
  private readonly sql: Sql;
  private readonly followUps = new DeletionFollowUps((what, error) =>
    this.logger.warn(`Follow-up deletion of ${what} failed: ${error.message}`),
  );

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly clock: Clock,
    private readonly bus: MessageBus,
  ) {
    this.sql = sqlOf(dataSource);
  }

  onApplicationShutdown(): void {
    this.followUps.stop();
  }

  async deleteUserData(event: UserDeletedEvent): Promise<void> {
    const userId = String(event?.userId ?? '');
    if (!USER_ID_PATTERN.test(userId)) {
      this.logger.warn(`Ignored a malformed user.deleted event (${JSON.stringify(event)})`);
      return;
    }
    for (const intent of await openIntentsOf(this.sql, userId)) {
      // An intent made with another provider than the one configured now has nothing left to stop here.
      if (intent.provider === this.provider.name) await this.provider.cancel(intent.id);
      await cancelOpenIntent(this.sql, intent.id, this.clock.now(), 'account_deleted');
    }
    const kept = await anonymisePaymentsOf(this.sql, userId, this.clock.now());
    if (kept > 0) this.logger.log(`Anonymised ${kept} payment records of deleted account ${userId}`);
    const cleanUp = () => this.bus.purgeJobRecords({ ids: [userId] });
    await cleanUp();
    this.followUps.schedule(`account ${userId}`, cleanUp);
  }
}
