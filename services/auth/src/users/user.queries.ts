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

/** Sets the user's name; the user after the change, or null when there is no such user. */
export async function updateUserName(db: EntityManager, id: string, name: string): Promise<User | null> {
  const users = db.getRepository(User);
  const { affected } = await users.update({ id }, { name });
  return affected ? users.findOneBy({ id }) : null;
}

/**
 * Replaces the password hash only while it is still `currentHash`, so of two changes made at once from
 * the same old password only one lands; the user after the change, or null when it did not.
 */
export async function replacePasswordHash(
  db: EntityManager,
  id: string,
  currentHash: string,
  passwordHash: string,
): Promise<User | null> {
  const users = db.getRepository(User);
  const { affected } = await users.update({ id, passwordHash: currentHash }, { passwordHash });
  return affected ? users.findOneBy({ id }) : null;
}
