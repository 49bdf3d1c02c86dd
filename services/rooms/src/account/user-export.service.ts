import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCodes,
  INVALID_USER_ID_MESSAGE,
  ServiceError,
  type ExportUserQuery,
  type RoomMessagesExport,
} from '@starborn/contracts';
import { sqlOf } from '@starborn/database';
import { DataSource } from 'typeorm';
import { isUuid } from '../rooms/validation.js';
import { messagesWrittenBy } from './user-export.queries.js';

/** The rooms' part of a data export: every message the user's heroes wrote, with its room's title and time. */
@Injectable()
export class UserExportService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async export(query: ExportUserQuery): Promise<RoomMessagesExport> {
    if (!isUuid(query?.userId)) throw new ServiceError(400, ErrorCodes.BAD_REQUEST, INVALID_USER_ID_MESSAGE);
    const rows = await messagesWrittenBy(sqlOf(this.dataSource), query.userId.toLowerCase());
    return {
      messages: rows.map((row) => ({
        id: row.id,
        roomId: row.room_id,
        roomTitle: row.room_title,
        heroId: row.hero_id,
        heroName: row.hero_name,
        content: row.content,
        sentAt: row.created_at.toISOString(),
      })),
    };
  }
}
