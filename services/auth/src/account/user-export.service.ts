import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { AccountExport, ExportUserQuery } from '@starborn/contracts';
import type { EntityManager } from 'typeorm';
import { UsersService } from '../users/users.service.js';
import { supportRequestsOf } from './user-export.queries.js';

/** The account's part of a data export: the user (never the password hash) and the support requests sent. */
@Injectable()
export class UserExportService {
  constructor(
    private readonly users: UsersService,
    @InjectEntityManager() private readonly db: EntityManager,
  ) {}

  async export(query: ExportUserQuery): Promise<AccountExport> {
    // Checks the id and refuses a user who no longer exists, as every signed-in request does.
    const user = await this.users.getUser(query?.userId);
    const requests = await supportRequestsOf(this.db, user.id);
    return {
      user,
      supportRequests: requests.map((request) => ({
        id: request.id,
        name: request.name,
        email: request.email,
        subject: request.subject,
        message: request.message,
        category: request.category,
        userId: request.userId,
        createdAt: request.createdAt.toISOString(),
      })),
    };
  }
}
