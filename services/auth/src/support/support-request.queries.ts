import type { EntityManager } from 'typeorm';
import { SupportRequest } from './support-request.entity.js';

/** Stores a support request; its id and creation time come from the database. */
export function insertSupportRequest(
  db: EntityManager,
  request: Pick<SupportRequest, 'name' | 'email' | 'subject' | 'message' | 'category' | 'userId'>,
): Promise<SupportRequest> {
  const requests = db.getRepository(SupportRequest);
  return requests.save(requests.create(request));
}
