import type { EntityManager } from 'typeorm';
import { SupportRequest } from '../support/support-request.entity.js';

/** The support requests a signed-in user sent, oldest first. */
export function supportRequestsOf(db: EntityManager, userId: string): Promise<SupportRequest[]> {
  return db.getRepository(SupportRequest).find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
}
