import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import {
  ErrorCodes,
  ServiceError,
  SUPPORT_CATEGORIES,
  type CreateSupportRequestCommand,
  type SupportRequestDto,
  userTextProblem,
} from '@starborn/contracts';
import type { EntityManager } from 'typeorm';
import { insertSupportRequest } from './support-request.queries.js';

export const SUPPORT_LIMITS = { name: 100, email: 254, subject: 200, message: 5_000 } as const;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

@Injectable()
export class SupportService {
  constructor(@InjectEntityManager() private readonly db: EntityManager) {}

  async create(command: CreateSupportRequestCommand): Promise<SupportRequestDto> {
    const fail = (message: string) => new ServiceError(400, ErrorCodes.VALIDATION_FAILED, message);
    const name = String(command.name ?? '').trim();
    const email = String(command.email ?? '').trim();
    const subject = String(command.subject ?? '').trim();
    const message = String(command.message ?? '').trim();
    const category = command.category ?? 'general-inquiry';
    if (!name || !email || !message) throw fail('Please fill in all required fields');
    if (!EMAIL_PATTERN.test(email) || email.length > SUPPORT_LIMITS.email)
      throw fail('Please enter a valid email address');
    if (!SUPPORT_CATEGORIES.includes(category)) throw fail('Please choose one of the listed categories');
    for (const [field, value] of Object.entries({ name, subject, message })) {
      const limit = SUPPORT_LIMITS[field as keyof typeof SUPPORT_LIMITS];
      if (value.length > limit) throw fail(`The ${field} can be at most ${limit} characters long`);
      const problem = userTextProblem(value, { multiline: field === 'message' });
      if (problem) throw fail(problem);
    }
    const saved = await insertSupportRequest(this.db, {
      name,
      email,
      subject,
      message,
      category,
      userId: command.userId ?? null,
    });
    return { ...saved, createdAt: saved.createdAt.toISOString() };
  }
}
