import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import {
  EMAIL_MAX_LENGTH,
  ErrorCodes,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ServiceError,
  type AuthSession,
  type LoginCommand,
  type RegisterCommand,
  type UserDto,
} from '@starborn/contracts';
import { QueryFailedError, type EntityManager } from 'typeorm';
import { TokenService } from '../tokens/token.service.js';
import { PasswordHasher } from './password-hasher.js';
import type { User } from './user.entity.js';
import { findUser, findUserByEmail, insertUser } from './user.queries.js';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UNIQUE_VIOLATION = '23505';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password. Please try again.';

@Injectable()
export class UsersService {
  constructor(
    @InjectEntityManager() private readonly db: EntityManager,
    private readonly passwords: PasswordHasher,
    private readonly tokens: TokenService,
  ) {}

  async register(command: RegisterCommand): Promise<AuthSession> {
    const { name, email, password } = validateRegistration(command);
    const passwordHash = await this.passwords.hash(password);
    try {
      const user = await insertUser(this.db, { name, email, passwordHash });
      return this.session(user);
    } catch (error) {
      // The unique index on lower(email) decides, so two simultaneous sign-ups cannot both win.
      if (
        error instanceof QueryFailedError &&
        (error.driverError as { code?: string }).code === UNIQUE_VIOLATION
      ) {
        throw new ServiceError(409, ErrorCodes.EMAIL_EXISTS, 'Email already exists');
      }
      throw error;
    }
  }

  async login(command: LoginCommand): Promise<AuthSession> {
    const email = String(command.email ?? '').trim();
    const password = String(command.password ?? '');
    const user = email ? await findUserByEmail(this.db, email) : null;
    const valid = await this.passwords.verify(user?.passwordHash, password);
    if (!user || !valid)
      throw new ServiceError(401, ErrorCodes.INVALID_CREDENTIALS, INVALID_CREDENTIALS_MESSAGE);
    return this.session(user);
  }

  async getUser(userId: string): Promise<UserDto> {
    const user = isUuid(userId) ? await findUser(this.db, userId) : null;
    // A valid token for a user that no longer exists is a session that has ended.
    if (!user)
      throw new ServiceError(401, ErrorCodes.UNAUTHORIZED, 'Your session has ended. Please sign in again.');
    return toUserDto(user);
  }

  private async session(user: User): Promise<AuthSession> {
    const token = await this.tokens.sign({ sub: user.id, name: user.name, email: user.email });
    return { token, user: toUserDto(user) };
  }
}

export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** The same rules the gateway checks, enforced again where the data is written. */
export function validateRegistration(command: RegisterCommand): RegisterCommand {
  const name = String(command.name ?? '').trim();
  const email = String(command.email ?? '').trim();
  const password = String(command.password ?? '');
  const fail = (message: string) => new ServiceError(400, ErrorCodes.VALIDATION_FAILED, message);
  if (!name || !email || !password) throw fail('Please fill in all fields');
  if (name.length > NAME_MAX_LENGTH) throw fail(`Name must be at most ${NAME_MAX_LENGTH} characters long`);
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
    throw fail('Please enter a valid email address');
  if (password.length < PASSWORD_MIN_LENGTH)
    throw fail(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  if (password.length > PASSWORD_MAX_LENGTH)
    throw fail(`Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);
  return { name, email, password };
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
