import type { EntityManager } from 'typeorm';
import { User } from './user.entity.js';

/** Stores a new user; a taken email (any case) fails on the unique index on lower(email). */
export function insertUser(
  db: EntityManager,
  user: Pick<User, 'name' | 'email' | 'passwordHash'>,
): Promise<User> {
  const users = db.getRepository(User);
  return users.save(users.create(user));
}

/** The user with this email, compared without case. */
export function findUserByEmail(db: EntityManager, email: string): Promise<User | null> {
  return db
    .getRepository(User)
    .createQueryBuilder('user')
    .where('lower(user.email) = lower(:email)', { email })
    .getOne();
}

export function findUser(db: EntityManager, id: string): Promise<User | null> {
  return db.getRepository(User).findOneBy({ id });
}
