import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCodes,
  INVALID_USER_ID_MESSAGE,
  ServiceError,
  USER_ID_PATTERN,
  type ExportUserQuery,
  type PaymentsExport,
} from '@starborn/contracts';
import { sqlOf } from '@starborn/database';
import { DataSource } from 'typeorm';
import { paymentsOf } from './user-export.queries.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The payments' part of a data export: amounts, dates and outcomes. Card numbers never reach this
 * service (the provider takes them), and the intents' client secrets stay here.
 */
@Injectable()
export class UserExportService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async export(query: ExportUserQuery): Promise<PaymentsExport> {
    const userId = String(query?.userId ?? '');
    if (!USER_ID_PATTERN.test(userId))
      throw new ServiceError(400, ErrorCodes.BAD_REQUEST, INVALID_USER_ID_MESSAGE);
    const rows = await paymentsOf(sqlOf(this.dataSource), userId.toLowerCase());
    return {
      payments: rows.map((row) => ({
        id: row.id,
        heroId: row.heroId,
        paymentType: row.paymentType,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        receiptEmail: row.receiptEmail,
        walletAddress: row.walletAddress,
        createdAt: row.createdAt.toISOString(),
        succeededAt: iso(row.succeededAt),
        refundedAt: iso(row.refundedAt),
        refundReason: row.refundReason,
      })),
    };
  }
}
