import { CreateUsers1763700000000 } from './1763700000000-create-users.js';
import { CreateSupportRequests1763700100000 } from './1763700100000-create-support-requests.js';
import { CreateUserDeletions1763700200000 } from './1763700200000-create-user-deletions.js';

/** In order of application. */
export const authMigrations = [
  CreateUsers1763700000000,
  CreateSupportRequests1763700100000,
  CreateUserDeletions1763700200000,
];
